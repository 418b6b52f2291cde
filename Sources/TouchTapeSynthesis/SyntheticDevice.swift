@_spi(Pipeline) import TouchTapeEvents

/// Device descriptions for gestures TouchTape synthesises itself: shaped like real
/// hardware (a phone-sized protocol-B touchscreen, a clickpad with finger tool keys,
/// a protocol-A screen, a single-touch screen) so every reader path gets exercised.
package enum SyntheticDevice: String, CaseIterable, Sendable {
    case touchscreen
    case touchpad
    case protocolATouchscreen = "touchscreen-a"
    case singleTouchscreen = "touchscreen-single"

    /// Units per millimetre on both axes.
    package var resolution: Int32 {
        switch self {
        case .touchscreen: return 16
        case .touchpad: return 32
        case .protocolATouchscreen: return 20
        case .singleTouchscreen: return 12
        }
    }

    /// Surface size in millimetres (width, height).
    package var sizeInMillimetres: (width: Int32, height: Int32) {
        switch self {
        case .touchscreen: return (68, 146)      // a 6.1-inch phone screen
        case .touchpad: return (100, 68)         // a laptop clickpad
        case .protocolATouchscreen: return (150, 94)
        case .singleTouchscreen: return (90, 120)
        }
    }

    package var maximum: (x: Int32, y: Int32) {
        let size = sizeInMillimetres
        return (size.width * resolution - 1, size.height * resolution - 1)
    }

    package var slotCount: Int {
        switch self {
        case .touchscreen: return 10
        case .touchpad: return 5
        case .protocolATouchscreen, .singleTouchscreen: return 0
        }
    }

    package var description: DeviceDescription {
        typealias C = EventCodes
        let syn = EventType.syn.rawValue, key = EventType.key.rawValue, abs = EventType.abs.rawValue
        let maximum = self.maximum
        let axis = { (max: Int32) in AbsInfo(minimum: 0, maximum: max, fuzz: 0, flat: 0, resolution: self.resolution) }
        var d = DeviceDescription(
            name: "TouchTape Synthetic \(displayName)",
            id: InputID(bustype: 0x06, vendor: 0x7474, product: productID, version: 1)
        )
        d.setCodes([C.SYN_REPORT, C.SYN_CONFIG, C.SYN_DROPPED], for: syn)
        d.absInfo[C.ABS_X] = axis(maximum.x)
        d.absInfo[C.ABS_Y] = axis(maximum.y)
        var absCodes: Set<UInt16> = [C.ABS_X, C.ABS_Y]
        var keys: Set<UInt16> = [C.BTN_TOUCH]
        switch self {
        case .touchscreen:
            d.properties = [InputProperty.direct]
            d.absInfo[C.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: Int32(slotCount - 1))
            d.absInfo[C.ABS_MT_TRACKING_ID] = AbsInfo(minimum: 0, maximum: 65535)
            d.absInfo[C.ABS_MT_POSITION_X] = axis(maximum.x)
            d.absInfo[C.ABS_MT_POSITION_Y] = axis(maximum.y)
            absCodes.formUnion([C.ABS_MT_SLOT, C.ABS_MT_TRACKING_ID, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y])
        case .touchpad:
            d.properties = [InputProperty.pointer, InputProperty.buttonpad]
            d.absInfo[C.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: Int32(slotCount - 1))
            d.absInfo[C.ABS_MT_TRACKING_ID] = AbsInfo(minimum: 0, maximum: 65535)
            d.absInfo[C.ABS_MT_POSITION_X] = axis(maximum.x)
            d.absInfo[C.ABS_MT_POSITION_Y] = axis(maximum.y)
            absCodes.formUnion([C.ABS_MT_SLOT, C.ABS_MT_TRACKING_ID, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y])
            keys.formUnion([C.BTN_LEFT, C.BTN_TOOL_FINGER, C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP,
                            C.BTN_TOOL_QUADTAP, C.BTN_TOOL_QUINTTAP])
        case .protocolATouchscreen:
            d.properties = [InputProperty.direct]
            d.absInfo[C.ABS_MT_POSITION_X] = axis(maximum.x)
            d.absInfo[C.ABS_MT_POSITION_Y] = axis(maximum.y)
            absCodes.formUnion([C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y])
        case .singleTouchscreen:
            d.properties = [InputProperty.direct]
        }
        d.setCodes(absCodes, for: abs)
        d.setCodes(keys, for: key)
        return d
    }

    private var displayName: String {
        switch self {
        case .touchscreen: return "Touchscreen"
        case .touchpad: return "Touchpad"
        case .protocolATouchscreen: return "Touchscreen (protocol A)"
        case .singleTouchscreen: return "Touchscreen (single touch)"
        }
    }

    private var productID: UInt16 {
        switch self {
        case .touchscreen: return 0x0001
        case .touchpad: return 0x0002
        case .protocolATouchscreen: return 0x0003
        case .singleTouchscreen: return 0x0004
        }
    }
}
