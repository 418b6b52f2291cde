/// Named event codes a touch device uses, and name look-ups for every code the
/// kernel defines (generated table in `EventCodes+Names.swift`).
///
/// Codes are plain `UInt16` constants rather than enum cases: a recording may hold
/// codes newer than this table, and those must pass through unchanged. They are inlinable
/// computed constants of a `@_spi(Pipeline) public` type, so the reader and the frame
/// assembler compare with the numbers in place: a `static let` was read through an accessor
/// call, and a `package` member, inlinable or not, through a call too (docs/swift-api.md,
/// issue 26).
@_spi(Pipeline) public enum EventCodes {
    // EV_SYN
    /// The kernel's `SYN_REPORT` (0x00, `linux/input-event-codes.h`).
    @inlinable public static var SYN_REPORT: UInt16 { 0x00 }
    /// The kernel's `SYN_CONFIG` (0x01, `linux/input-event-codes.h`).
    @inlinable public static var SYN_CONFIG: UInt16 { 0x01 }
    /// The kernel's `SYN_MT_REPORT` (0x02, `linux/input-event-codes.h`).
    @inlinable public static var SYN_MT_REPORT: UInt16 { 0x02 }
    /// The kernel's `SYN_DROPPED` (0x03, `linux/input-event-codes.h`).
    @inlinable public static var SYN_DROPPED: UInt16 { 0x03 }

    // EV_ABS
    /// The kernel's `ABS_X` (0x00, `linux/input-event-codes.h`).
    @inlinable public static var ABS_X: UInt16 { 0x00 }
    /// The kernel's `ABS_Y` (0x01, `linux/input-event-codes.h`).
    @inlinable public static var ABS_Y: UInt16 { 0x01 }
    /// The kernel's `ABS_PRESSURE` (0x18, `linux/input-event-codes.h`).
    @inlinable public static var ABS_PRESSURE: UInt16 { 0x18 }
    /// The kernel's `ABS_TOOL_WIDTH` (0x1c, `linux/input-event-codes.h`).
    @inlinable public static var ABS_TOOL_WIDTH: UInt16 { 0x1c }
    /// The kernel's `ABS_RESERVED` (0x2e, `linux/input-event-codes.h`): no axis; a device that
    /// declares it beside `ABS_MT_SLOT` was given every absolute code and is not multitouch.
    @inlinable public static var ABS_RESERVED: UInt16 { 0x2e }
    /// The kernel's `ABS_MT_SLOT` (0x2f, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_SLOT: UInt16 { 0x2f }
    /// The kernel's `ABS_MT_TOUCH_MAJOR` (0x30, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_TOUCH_MAJOR: UInt16 { 0x30 }
    /// The kernel's `ABS_MT_TOUCH_MINOR` (0x31, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_TOUCH_MINOR: UInt16 { 0x31 }
    /// The kernel's `ABS_MT_WIDTH_MAJOR` (0x32, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_WIDTH_MAJOR: UInt16 { 0x32 }
    /// The kernel's `ABS_MT_WIDTH_MINOR` (0x33, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_WIDTH_MINOR: UInt16 { 0x33 }
    /// The kernel's `ABS_MT_ORIENTATION` (0x34, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_ORIENTATION: UInt16 { 0x34 }
    /// The kernel's `ABS_MT_POSITION_X` (0x35, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_POSITION_X: UInt16 { 0x35 }
    /// The kernel's `ABS_MT_POSITION_Y` (0x36, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_POSITION_Y: UInt16 { 0x36 }
    /// The kernel's `ABS_MT_TOOL_TYPE` (0x37, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_TOOL_TYPE: UInt16 { 0x37 }
    /// The kernel's `ABS_MT_BLOB_ID` (0x38, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_BLOB_ID: UInt16 { 0x38 }
    /// The kernel's `ABS_MT_TRACKING_ID` (0x39, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_TRACKING_ID: UInt16 { 0x39 }
    /// The kernel's `ABS_MT_PRESSURE` (0x3a, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_PRESSURE: UInt16 { 0x3a }
    /// The kernel's `ABS_MT_DISTANCE` (0x3b, `linux/input-event-codes.h`).
    @inlinable public static var ABS_MT_DISTANCE: UInt16 { 0x3b }

    // EV_REL
    /// The kernel's `REL_X` (0x00, `linux/input-event-codes.h`).
    @inlinable public static var REL_X: UInt16 { 0x00 }
    /// The kernel's `REL_Y` (0x01, `linux/input-event-codes.h`).
    @inlinable public static var REL_Y: UInt16 { 0x01 }

    // EV_KEY
    /// The kernel's `BTN_LEFT` (0x110, `linux/input-event-codes.h`).
    @inlinable public static var BTN_LEFT: UInt16 { 0x110 }
    /// The kernel's `BTN_RIGHT` (0x111, `linux/input-event-codes.h`).
    @inlinable public static var BTN_RIGHT: UInt16 { 0x111 }
    /// The kernel's `BTN_MIDDLE` (0x112, `linux/input-event-codes.h`).
    @inlinable public static var BTN_MIDDLE: UInt16 { 0x112 }
    /// The kernel's `BTN_JOYSTICK` (0x120, `linux/input-event-codes.h`): the first code past the mouse buttons.
    @inlinable public static var BTN_JOYSTICK: UInt16 { 0x120 }
    /// The kernel's `BTN_TOOL_PEN` (0x140, `linux/input-event-codes.h`).
    @inlinable public static var BTN_TOOL_PEN: UInt16 { 0x140 }
    /// The kernel's `BTN_TOOL_FINGER` (0x145, `linux/input-event-codes.h`).
    @inlinable public static var BTN_TOOL_FINGER: UInt16 { 0x145 }
    /// The kernel's `BTN_TOOL_QUINTTAP` (0x148, `linux/input-event-codes.h`).
    @inlinable public static var BTN_TOOL_QUINTTAP: UInt16 { 0x148 }
    /// The kernel's `BTN_TOUCH` (0x14a, `linux/input-event-codes.h`).
    @inlinable public static var BTN_TOUCH: UInt16 { 0x14a }
    /// The kernel's `BTN_STYLUS` (0x14b, `linux/input-event-codes.h`).
    @inlinable public static var BTN_STYLUS: UInt16 { 0x14b }
    /// The kernel's `BTN_TOOL_DOUBLETAP` (0x14d, `linux/input-event-codes.h`).
    @inlinable public static var BTN_TOOL_DOUBLETAP: UInt16 { 0x14d }
    /// The kernel's `BTN_TOOL_TRIPLETAP` (0x14e, `linux/input-event-codes.h`).
    @inlinable public static var BTN_TOOL_TRIPLETAP: UInt16 { 0x14e }
    /// The kernel's `BTN_TOOL_QUADTAP` (0x14f, `linux/input-event-codes.h`).
    @inlinable public static var BTN_TOOL_QUADTAP: UInt16 { 0x14f }

    // EV_MSC
    /// The kernel's `MSC_SERIAL` (0x00, `linux/input-event-codes.h`).
    @inlinable public static var MSC_SERIAL: UInt16 { 0x00 }
    /// The kernel's `MSC_SCAN` (0x04, `linux/input-event-codes.h`).
    @inlinable public static var MSC_SCAN: UInt16 { 0x04 }
    /// The kernel's `MSC_TIMESTAMP` (0x05, `linux/input-event-codes.h`).
    @inlinable public static var MSC_TIMESTAMP: UInt16 { 0x05 }

    /// The mouse buttons, `BTN_MOUSE` (= `BTN_LEFT`) up to `BTN_JOYSTICK`: udev's `input_id`
    /// looks for any of them to call a device a mouse.
    package static let mouseButtons: Range<UInt16> = BTN_LEFT..<BTN_JOYSTICK

    /// The finger count each `BTN_TOOL_*` finger key stands for while it is down.
    package static let fingerCountByToolKey: [UInt16: Int] = [
        BTN_TOOL_FINGER: 1, BTN_TOOL_DOUBLETAP: 2, BTN_TOOL_TRIPLETAP: 3,
        BTN_TOOL_QUADTAP: 4, BTN_TOOL_QUINTTAP: 5,
    ]

    /// `EV_ABS` codes whose values are positions or sizes measured in units per
    /// millimetre (resolution applies); orientation etc. are not.
    package static let multitouchCodes: ClosedRange<UInt16> = ABS_MT_TOUCH_MAJOR...0x3f

    /// `EV_SYN` → "EV_SYN"; unknown types as `EV_0xNN`.
    package static func typeName(_ type: UInt16) -> String {
        typeNames[type] ?? "EV_0x" + hex(type, width: 2)
    }

    /// The kernel name of a code, or `nil` when this table does not know it.
    package static func knownCodeName(type: UInt16, code: UInt16) -> String? {
        codeNames[type]?[code]
    }

    /// The kernel name of a code; unknown codes as `<TYPE>_0xNNN` so they stay visible.
    package static func codeName(type: UInt16, code: UInt16) -> String {
        if let name = knownCodeName(type: type, code: code) { return name }
        let prefix = typeNames[type].map { String($0.dropFirst(3)) } ?? "CODE"
        return prefix + "_0x" + hex(code, width: 3)
    }

    /// `INPUT_PROP_DIRECT` etc.; unknown as `INPUT_PROP_0xNN`.
    package static func propertyName(_ property: UInt16) -> String {
        propertyNames[property] ?? "INPUT_PROP_0x" + hex(property, width: 2)
    }

    /// Looks a name up the other way: `"ABS_MT_SLOT"` → `(3, 0x2f)`.
    package static func code(named name: String) -> (type: UInt16, code: UInt16)? {
        codesByName[name]
    }

    /// `"EV_ABS"` → 3.
    package static func type(named name: String) -> UInt16? {
        typeNames.first { $0.value == name }?.key
    }

    private static let codesByName: [String: (type: UInt16, code: UInt16)] = {
        var result: [String: (type: UInt16, code: UInt16)] = [:]
        for (type, codes) in codeNames {
            for (code, name) in codes { result[name] = (type, code) }
        }
        return result
    }()

    static func hex<T: BinaryInteger>(_ value: T, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Input property numbers (`INPUT_PROP_*`).
package enum InputProperty {
    /// `INPUT_PROP_POINTER` (0x00).
    @inlinable public static var pointer: UInt16 { 0x00 }
    /// `INPUT_PROP_DIRECT` (0x01).
    @inlinable public static var direct: UInt16 { 0x01 }
    /// `INPUT_PROP_BUTTONPAD` (0x02).
    @inlinable public static var buttonpad: UInt16 { 0x02 }
    /// `INPUT_PROP_SEMI_M_T` (0x03).
    @inlinable public static var semiMT: UInt16 { 0x03 }
    /// `INPUT_PROP_TOP_BUTTONPAD` (0x04).
    @inlinable public static var topButtonpad: UInt16 { 0x04 }
    /// `INPUT_PROP_POINTING_STICK` (0x05).
    @inlinable public static var pointingStick: UInt16 { 0x05 }
    /// `INPUT_PROP_ACCELEROMETER` (0x06).
    @inlinable public static var accelerometer: UInt16 { 0x06 }
    /// `INPUT_PROP_MAX`.
    @inlinable public static var max: UInt16 { 0x1f }
}
