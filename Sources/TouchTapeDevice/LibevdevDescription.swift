import CLibevdev
@_spi(Pipeline) import TouchTapeEvents

/// Conversions between libevdev's device state and ``DeviceDescription``: the only
/// place that walks libevdev's bitmasks, so evemu, libinput and live devices agree.
enum LibevdevDescription {
    /// Auto-repeat values given to a virtual device that declares `EV_REP` (libinput
    /// replay uses the same: the recording formats do not store them).
    static let repeatDelayMilliseconds: Int32 = 500
    static let repeatPeriodMilliseconds: Int32 = 20

    /// Reads name, id, properties, codes per type, axis ranges and non-zero LED and
    /// switch states from an opened libevdev handle.
    static func read(_ dev: OpaquePointer) -> DeviceDescription {
        let name = libevdev_get_name(dev).map { String(cString: $0) } ?? ""
        let id = InputID(
            bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(dev)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(dev)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(dev)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(dev)))
        var description = DeviceDescription(name: name, id: id)
        for property in 0...UInt32(InputProperty.max) where libevdev_has_property(dev, property) != 0 {
            description.properties.insert(UInt16(property))
        }
        for type in 0...UInt32(EventType.max.rawValue) where libevdev_has_event_type(dev, type) != 0 {
            let maxCode = libevdev_event_type_get_max(type)
            guard maxCode >= 0 else { continue }
            var codes = Set<UInt16>()
            for code in 0...UInt32(maxCode) where libevdev_has_event_code(dev, type, code) != 0 {
                codes.insert(UInt16(code))
                if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(dev, code) {
                    description.absInfo[UInt16(code)] = AbsInfo(
                        minimum: info.pointee.minimum, maximum: info.pointee.maximum,
                        fuzz: info.pointee.fuzz, flat: info.pointee.flat, resolution: info.pointee.resolution)
                }
                if type == UInt32(EV_LED) || type == UInt32(EV_SW) {
                    let value = libevdev_get_event_value(dev, type, code)
                    if value != 0 {
                        if type == UInt32(EV_LED) { description.ledStates[UInt16(code)] = value }
                        else { description.switchStates[UInt16(code)] = value }
                    }
                }
            }
            description.setCodes(codes, for: UInt16(type))
        }
        return description
    }

    /// A libevdev template carrying `description`, for `libevdev_uinput_create_from_device`.
    /// The caller frees it with `libevdev_free`.
    static func makeTemplate(_ description: DeviceDescription, name: String) -> OpaquePointer? {
        guard let dev = libevdev_new() else { return nil }
        libevdev_set_name(dev, name)
        libevdev_set_id_bustype(dev, Int32(description.id.bustype))
        libevdev_set_id_vendor(dev, Int32(description.id.vendor))
        libevdev_set_id_product(dev, Int32(description.id.product))
        libevdev_set_id_version(dev, Int32(description.id.version))
        for property in description.properties.sorted() {
            libevdev_enable_property(dev, UInt32(property))
        }
        libevdev_enable_event_type(dev, UInt32(EV_SYN))
        for type in description.supportedTypes {
            let codes = description.codes[type] ?? []
            libevdev_enable_event_type(dev, UInt32(type))
            for code in codes.sorted() {
                switch Int32(type) {
                case EV_ABS:
                    let info = description.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                    var abs = input_absinfo(value: 0, minimum: info.minimum, maximum: info.maximum,
                                            fuzz: info.fuzz, flat: info.flat, resolution: info.resolution)
                    libevdev_enable_event_code(dev, UInt32(type), UInt32(code), &abs)
                case EV_REP:
                    var value = code == UInt16(REP_DELAY) ? repeatDelayMilliseconds : repeatPeriodMilliseconds
                    libevdev_enable_event_code(dev, UInt32(type), UInt32(code), &value)
                default:
                    libevdev_enable_event_code(dev, UInt32(type), UInt32(code), nil)
                }
            }
        }
        return dev
    }
}
