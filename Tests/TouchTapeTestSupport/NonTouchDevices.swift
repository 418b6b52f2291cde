@_spi(Pipeline) import TouchTapeEvents

/// Devices that are not touch surfaces, each written from the capabilities the kernel
/// documents for its kind (`Documentation/input/event-codes.rst`: `REL_{X,Y}` are a
/// mouse's motion, `BTN_TOOL_<name>` the tool in use, `BTN_TOUCH` any contact, the input
/// properties; `multi-touch-protocol.rst`: the `ABS_MT_*` axes and slots) and the drivers
/// that register them. None is copied from a recording. docs/recording-formats.md ("Which
/// devices are touch devices") says why each is refused.
package enum NonTouchDevices {
    typealias C = EventCodes
    static let syn = EventType.syn.rawValue, key = EventType.key.rawValue, rel = EventType.rel.rawValue
    static let abs = EventType.abs.rawValue, msc = EventType.msc.rawValue
    /// `REL_HWHEEL` and `REL_WHEEL` (`linux/input-event-codes.h`).
    static let REL_HWHEEL: UInt16 = 0x06, REL_WHEEL: UInt16 = 0x08
    /// `BTN_RIGHT` … `BTN_EXTRA`: the buttons after `BTN_LEFT`.
    static let BTN_SIDE: UInt16 = 0x113, BTN_EXTRA: UInt16 = 0x114

    /// A touch mouse (Apple's Magic Mouse under `hid-magicmouse`): a relative pointer
    /// (`REL_X`, `REL_Y`, the wheels it emulates) with `BTN_LEFT`/`RIGHT`/`MIDDLE`, and
    /// protocol-B `ABS_MT_*` axes (16 slots) for the fingers on its shell. The driver sets
    /// `BTN_TOUCH`, finger tool keys and `INPUT_PROP_POINTER` for its trackpad only: the
    /// mouse has none of them.
    package static let touchMouse = DeviceDescription(
        name: "Test Touch Mouse", id: InputID(bustype: 0x05, vendor: 0x05ac, product: 0x030d, version: 1), properties: [],
        codes: [syn: [C.SYN_REPORT, C.SYN_DROPPED], key: [C.BTN_LEFT, C.BTN_RIGHT, C.BTN_MIDDLE],
                rel: [C.REL_X, C.REL_Y, REL_HWHEEL, REL_WHEEL], msc: [C.MSC_SCAN],
                abs: [C.ABS_MT_SLOT, C.ABS_MT_TOUCH_MAJOR, C.ABS_MT_TOUCH_MINOR, C.ABS_MT_ORIENTATION,
                      C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y, C.ABS_MT_TRACKING_ID]],
        absInfo: [C.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 15), C.ABS_MT_TOUCH_MAJOR: AbsInfo(minimum: 0, maximum: 1020),
                  C.ABS_MT_TOUCH_MINOR: AbsInfo(minimum: 0, maximum: 1020), C.ABS_MT_ORIENTATION: AbsInfo(minimum: -31, maximum: 32),
                  C.ABS_MT_POSITION_X: AbsInfo(minimum: -1100, maximum: 1258, resolution: 26),
                  C.ABS_MT_POSITION_Y: AbsInfo(minimum: -1589, maximum: 2047, resolution: 70),
                  C.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535)])

    /// The pointer node of a keyboard cover (a HID keyboard whose report also carries a
    /// mouse and a few vendor axes, under `hid-generic`): keys `KEY_ESC` … `KEY_D`, a
    /// relative pointer with wheels, `BTN_LEFT` … `BTN_EXTRA` and `BTN_TOUCH`, `ABS_X`/`ABS_Y`,
    /// and every absolute code from `ABS_MISC` to 0x3f: older kernels gave each further
    /// usage the next free code after `ABS_MISC`, into the `ABS_MT_*` range (`ABS_MISC` + 7
    /// is `ABS_MT_SLOT`), `ABS_RESERVED` included. No properties.
    package static let keyboardCoverPointer: DeviceDescription = {
        let vendorAxes = Array(UInt16(0x28)...0x3f)
        var info: [UInt16: AbsInfo] = [C.ABS_X: AbsInfo(minimum: 0, maximum: 1022, resolution: 12),
                                       C.ABS_Y: AbsInfo(minimum: 0, maximum: 487, resolution: 12)]
        for code in vendorAxes { info[code] = AbsInfo(minimum: -127, maximum: 127) }
        return DeviceDescription(
            name: "Test Keyboard Cover", id: InputID(bustype: 0x03, vendor: 0x045e, product: 0x07dc, version: 1), properties: [],
            codes: [syn: [C.SYN_REPORT, C.SYN_DROPPED], msc: [C.MSC_SCAN],
                    key: Set(UInt16(1)...32).union([C.BTN_LEFT, C.BTN_RIGHT, C.BTN_MIDDLE, BTN_SIDE, BTN_EXTRA, C.BTN_TOUCH]),
                    rel: [C.REL_X, C.REL_Y, REL_HWHEEL, REL_WHEEL],
                    abs: Set([C.ABS_X, C.ABS_Y] + vendorAxes)],
            absInfo: info)
    }()

    /// A pen tablet (a graphics tablet's pen node): `ABS_X`/`ABS_Y` and `ABS_PRESSURE` for the
    /// tip, `BTN_TOOL_PEN` while the pen is near, `BTN_TOUCH` when its tip touches and
    /// `BTN_STYLUS` for its side button. No `INPUT_PROP_DIRECT` (no display under it).
    package static let penTablet = DeviceDescription(
        name: "Test Pen Tablet", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0001, version: 1), properties: [],
        codes: [syn: [C.SYN_REPORT, C.SYN_DROPPED], key: [C.BTN_TOOL_PEN, C.BTN_TOUCH, C.BTN_STYLUS], msc: [C.MSC_SERIAL],
                abs: [C.ABS_X, C.ABS_Y, C.ABS_PRESSURE]],
        absInfo: [C.ABS_X: AbsInfo(minimum: 0, maximum: 14720, resolution: 100),
                  C.ABS_Y: AbsInfo(minimum: 0, maximum: 9200, resolution: 100), C.ABS_PRESSURE: AbsInfo(minimum: 0, maximum: 1023)])

    /// A plain mouse: `REL_X`/`REL_Y`, a wheel and three buttons.
    package static let mouse = DeviceDescription(
        name: "Test Mouse", id: InputID(bustype: 0x03, vendor: 0x046d, product: 0xc077, version: 1), properties: [],
        codes: [syn: [C.SYN_REPORT], key: [C.BTN_LEFT, C.BTN_RIGHT, C.BTN_MIDDLE], rel: [C.REL_X, C.REL_Y, REL_WHEEL]],
        absInfo: [:])
}
