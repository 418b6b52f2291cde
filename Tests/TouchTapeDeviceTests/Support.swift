@_spi(Pipeline) import TouchTapeEvents

/// Short event builders for hand-written streams: `abs(0x35, 400)` etc., all at time `t` µs.
func ev(_ t: UInt64, _ type: EventType, _ code: UInt16, _ value: Int32) -> InputEvent {
    InputEvent(time: EventTime(totalMicroseconds: t), type: type, code: code, value: value)
}
func syn(_ t: UInt64) -> InputEvent { ev(t, .syn, EventCodes.SYN_REPORT, 0) }
func mtReport(_ t: UInt64) -> InputEvent { ev(t, .syn, EventCodes.SYN_MT_REPORT, 0) }

/// A 10-slot protocol-B touchscreen like the VM recipe's test device.
func touchscreenB(fuzz: Int32 = 0) -> DeviceDescription {
    typealias C = EventCodes
    var d = DeviceDescription(name: "Test B Touchscreen", id: InputID(bustype: 6, vendor: 0x1234, product: 0x5678, version: 1),
                              properties: [InputProperty.direct])
    d.setCodes([C.SYN_REPORT, C.SYN_MT_REPORT, C.SYN_DROPPED], for: EventType.syn.rawValue)
    d.setCodes([C.BTN_TOUCH], for: EventType.key.rawValue)
    d.setCodes([C.ABS_X, C.ABS_Y, C.ABS_MT_SLOT, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y, C.ABS_MT_TRACKING_ID], for: EventType.abs.rawValue)
    d.absInfo[C.ABS_X] = AbsInfo(minimum: 0, maximum: 1919, fuzz: fuzz, resolution: 10)
    d.absInfo[C.ABS_Y] = AbsInfo(minimum: 0, maximum: 1079, fuzz: fuzz, resolution: 10)
    d.absInfo[C.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: 9)
    d.absInfo[C.ABS_MT_POSITION_X] = AbsInfo(minimum: 0, maximum: 1919, fuzz: fuzz, resolution: 10)
    d.absInfo[C.ABS_MT_POSITION_Y] = AbsInfo(minimum: 0, maximum: 1079, fuzz: fuzz, resolution: 10)
    d.absInfo[C.ABS_MT_TRACKING_ID] = AbsInfo(minimum: 0, maximum: 65535)
    return d
}

/// A protocol-A touchscreen: MT positions, no slots.
func touchscreenA() -> DeviceDescription {
    typealias C = EventCodes
    var d = DeviceDescription(name: "Test A Touchscreen", id: InputID(bustype: 3, vendor: 1, product: 2, version: 1),
                              properties: [InputProperty.direct])
    d.setCodes([C.SYN_REPORT, C.SYN_MT_REPORT], for: EventType.syn.rawValue)
    d.setCodes([C.BTN_TOUCH], for: EventType.key.rawValue)
    d.setCodes([C.ABS_X, C.ABS_Y, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y], for: EventType.abs.rawValue)
    for code in [C.ABS_X, C.ABS_Y, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y] {
        d.absInfo[code] = AbsInfo(minimum: 0, maximum: 9599)
    }
    return d
}

/// `type code value` triples, the part of an event a round trip must keep exactly.
func triples(_ events: [InputEvent]) -> [String] {
    events.map { "\(EventCodes.codeName(type: $0.type, code: $0.code)) \($0.value)" }
}
