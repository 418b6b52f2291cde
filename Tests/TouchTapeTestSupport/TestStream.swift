@_spi(Pipeline) import TouchTapeEvents

/// Builds kernel-style event streams by hand. Time advances only through `advance`.
package struct TestStream {
    package init() {}
    package var events: [InputEvent] = []
    package var microseconds: UInt64 = 1_000_000

    package mutating func advance(ms: UInt64) { microseconds += ms * 1000 }

    private mutating func add(_ type: EventType, _ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: EventTime(totalMicroseconds: microseconds), type: type, code: code, value: value))
    }

    package mutating func abs(_ code: UInt16, _ value: Int32) { add(.abs, code, value) }
    package mutating func key(_ code: UInt16, _ value: Int32) { add(.key, code, value) }
    package mutating func raw(type: UInt16, code: UInt16, value: Int32) {
        events.append(InputEvent(time: EventTime(totalMicroseconds: microseconds), type: type, code: code, value: value))
    }
    package mutating func slot(_ s: Int32) { abs(EventCodes.ABS_MT_SLOT, s) }
    package mutating func trackingID(_ id: Int32) { abs(EventCodes.ABS_MT_TRACKING_ID, id) }
    package mutating func mt(x: Int32? = nil, y: Int32? = nil) {
        if let x { abs(EventCodes.ABS_MT_POSITION_X, x) }
        if let y { abs(EventCodes.ABS_MT_POSITION_Y, y) }
    }
    package mutating func mtReport() { add(.syn, EventCodes.SYN_MT_REPORT, 0) }
    package mutating func dropped() { add(.syn, EventCodes.SYN_DROPPED, 0) }
    /// Ends a frame and moves the clock on by 10 ms.
    package mutating func report() {
        add(.syn, EventCodes.SYN_REPORT, 0)
        advance(ms: 10)
    }
}

/// Hand-made device descriptions. All position axes have resolution 10 units/mm
/// unless a test says otherwise, so raw 100 = 10 mm.
package enum TestDevices {
    typealias C = EventCodes
    package static let abs = EventType.abs.rawValue, key = EventType.key.rawValue

    package static func description(name: String, properties: Set<UInt16>, abs absCodes: [UInt16: AbsInfo], keys: Set<UInt16>) -> DeviceDescription {
        DeviceDescription(
            name: name, id: InputID(bustype: 0x18, vendor: 1, product: 2, version: 3), properties: properties,
            codes: [EventType.syn.rawValue: [C.SYN_REPORT, C.SYN_DROPPED], abs: Set(absCodes.keys), key: keys,
                    EventType.msc.rawValue: [C.MSC_TIMESTAMP]],
            absInfo: absCodes)
    }

    /// Protocol B touchscreen, 5 slots, X 0…1000, Y 0…500.
    package static let touchscreenB = description(
        name: "test touchscreen B", properties: [InputProperty.direct],
        abs: [C.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), C.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
              C.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 4), C.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
              C.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
              C.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [C.BTN_TOUCH])

    /// Protocol B touchpad with 2 slots and finger tool keys up to TRIPLETAP (Synaptics-like).
    package static let touchpadB2 = description(
        name: "test touchpad B2", properties: [InputProperty.pointer],
        abs: [C.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), C.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
              C.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1), C.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
              C.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
              C.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [C.BTN_LEFT, C.BTN_TOUCH, C.BTN_TOOL_FINGER, C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP])

    /// Protocol A touchscreen (N-Trig-like: tool key DOUBLETAP, BTN_TOUCH, no slots).
    package static let touchscreenA = description(
        name: "test touchscreen A", properties: [InputProperty.direct],
        abs: [C.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), C.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
              C.ABS_MT_TOUCH_MAJOR: AbsInfo(minimum: 0, maximum: 100),
              C.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
              C.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [C.BTN_TOUCH, C.BTN_TOOL_DOUBLETAP])

    /// Protocol A without BTN_TOUCH: only the reports say what is down.
    package static let bareA = description(
        name: "test bare A", properties: [InputProperty.direct],
        abs: [C.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
              C.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [])

    /// Single touch: ABS_X/Y + BTN_TOUCH, X 100…1100 (minimum not 0).
    package static let singleTouch = description(
        name: "test single touch", properties: [InputProperty.direct],
        abs: [C.ABS_X: AbsInfo(minimum: 100, maximum: 1100, resolution: 10), C.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)],
        keys: [C.BTN_TOUCH])
}
