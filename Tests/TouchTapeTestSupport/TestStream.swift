import TouchTapeEvents

/// Builds kernel-style event streams by hand. Time advances only through `advance`.
public struct TestStream {
    public init() {}
    public var events: [InputEvent] = []
    public var microseconds: UInt64 = 1_000_000

    public mutating func advance(ms: UInt64) { microseconds += ms * 1000 }

    private mutating func add(_ type: EventType, _ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: EventTime(totalMicroseconds: microseconds), type: type, code: code, value: value))
    }

    public mutating func abs(_ code: UInt16, _ value: Int32) { add(.abs, code, value) }
    public mutating func key(_ code: UInt16, _ value: Int32) { add(.key, code, value) }
    public mutating func raw(type: UInt16, code: UInt16, value: Int32) {
        events.append(InputEvent(time: EventTime(totalMicroseconds: microseconds), type: type, code: code, value: value))
    }
    public mutating func slot(_ s: Int32) { abs(EventCodes.ABS_MT_SLOT, s) }
    public mutating func trackingID(_ id: Int32) { abs(EventCodes.ABS_MT_TRACKING_ID, id) }
    public mutating func mt(x: Int32? = nil, y: Int32? = nil) {
        if let x { abs(EventCodes.ABS_MT_POSITION_X, x) }
        if let y { abs(EventCodes.ABS_MT_POSITION_Y, y) }
    }
    public mutating func mtReport() { add(.syn, EventCodes.SYN_MT_REPORT, 0) }
    public mutating func dropped() { add(.syn, EventCodes.SYN_DROPPED, 0) }
    /// Ends a frame and moves the clock on by 10 ms.
    public mutating func report() {
        add(.syn, EventCodes.SYN_REPORT, 0)
        advance(ms: 10)
    }
}

/// Hand-made device descriptions. All position axes have resolution 10 units/mm
/// unless a test says otherwise, so raw 100 = 10 mm.
public enum TestDevices {
    typealias C = EventCodes
    public static let abs = EventType.abs.rawValue, key = EventType.key.rawValue

    public static func description(name: String, properties: Set<UInt16>, abs absCodes: [UInt16: AbsInfo], keys: Set<UInt16>) -> DeviceDescription {
        DeviceDescription(
            name: name, id: InputID(bustype: 0x18, vendor: 1, product: 2, version: 3), properties: properties,
            codes: [EventType.syn.rawValue: [C.SYN_REPORT, C.SYN_DROPPED], abs: Set(absCodes.keys), key: keys,
                    EventType.msc.rawValue: [C.MSC_TIMESTAMP]],
            absInfo: absCodes)
    }

    /// Protocol B touchscreen, 5 slots, X 0…1000, Y 0…500.
    public static let touchscreenB = description(
        name: "test touchscreen B", properties: [InputProperty.direct],
        abs: [C.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), C.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
              C.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 4), C.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
              C.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
              C.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [C.BTN_TOUCH])

    /// Protocol B touchpad with 2 slots and finger tool keys up to TRIPLETAP (Synaptics-like).
    public static let touchpadB2 = description(
        name: "test touchpad B2", properties: [InputProperty.pointer],
        abs: [C.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), C.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
              C.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1), C.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
              C.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
              C.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [C.BTN_LEFT, C.BTN_TOUCH, C.BTN_TOOL_FINGER, C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP])

    /// Protocol A touchscreen (N-Trig-like: tool key DOUBLETAP, BTN_TOUCH, no slots).
    public static let touchscreenA = description(
        name: "test touchscreen A", properties: [InputProperty.direct],
        abs: [C.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), C.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
              C.ABS_MT_TOUCH_MAJOR: AbsInfo(minimum: 0, maximum: 100),
              C.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
              C.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [C.BTN_TOUCH, C.BTN_TOOL_DOUBLETAP])

    /// Protocol A without BTN_TOUCH: only the reports say what is down.
    public static let bareA = description(
        name: "test bare A", properties: [InputProperty.direct],
        abs: [C.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
              C.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [])

    /// Single touch: ABS_X/Y + BTN_TOUCH, X 100…1100 (minimum not 0).
    public static let singleTouch = description(
        name: "test single touch", properties: [InputProperty.direct],
        abs: [C.ABS_X: AbsInfo(minimum: 100, maximum: 1100, resolution: 10), C.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [C.BTN_TOUCH])
}
