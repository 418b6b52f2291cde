import Testing
import TouchTapeEvents

private typealias C = EventCodes
private let abs = EventType.abs.rawValue, key = EventType.key.rawValue

private func device(properties: Set<UInt16> = [], abs absCodes: Set<UInt16>, keys: Set<UInt16> = [], slots: Int32? = nil) -> DeviceDescription {
    var d = DeviceDescription(name: "test", id: InputID(bustype: 3, vendor: 1, product: 2, version: 3), properties: properties)
    d.setCodes(absCodes, for: abs)
    d.setCodes(keys, for: key)
    for code in absCodes { d.absInfo[code] = AbsInfo(minimum: 0, maximum: 1000, resolution: 10) }
    if let slots { d.absInfo[C.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: slots - 1) }
    return d
}

private let mtB: Set<UInt16> = [C.ABS_X, C.ABS_Y, C.ABS_MT_SLOT, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y, C.ABS_MT_TRACKING_ID]
private let mtA: Set<UInt16> = [C.ABS_X, C.ABS_Y, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y]

@Test func directProtocolBIsATouchscreenWithSlots() {
    let c = device(properties: [InputProperty.direct], abs: mtB, keys: [C.BTN_TOUCH], slots: 10).classification
    #expect(c.kind == .touchscreen)
    #expect(c.touchProtocol == .multitouchB(slots: 10))
    #expect(c.toolFingerCapacity == 0)
}

@Test func clickpadIsATouchpadWithFingerCapacity() {
    let c = device(properties: [InputProperty.pointer, InputProperty.buttonpad], abs: mtB,
                   keys: [C.BTN_LEFT, C.BTN_TOUCH, C.BTN_TOOL_FINGER, C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP], slots: 2).classification
    #expect(c.kind == .touchpad)
    #expect(c.touchProtocol == .multitouchB(slots: 2))
    #expect(c.toolFingerCapacity == 3)
}

@Test func withoutPropertiesFingerToolKeysMeanTouchpad() {
    // Format-1.0 descriptions (no P: line) such as the Synaptics peer recording.
    let pad = device(abs: mtA, keys: [C.BTN_LEFT, C.BTN_TOUCH, C.BTN_TOOL_FINGER, C.BTN_TOOL_QUADTAP]).classification
    #expect(pad.kind == .touchpad)
    #expect(pad.touchProtocol == .multitouchA)
    #expect(pad.toolFingerCapacity == 4)
    // N-Trig: no properties, BTN_TOUCH + BTN_TOOL_DOUBLETAP but no BTN_TOOL_FINGER → touchscreen.
    let screen = device(abs: mtA, keys: [C.BTN_TOUCH, C.BTN_TOOL_DOUBLETAP]).classification
    #expect(screen.kind == .touchscreen)
    #expect(screen.touchProtocol == .multitouchA)
}

@Test func singleTouchAndNonTouchDevices() {
    let st = device(properties: [InputProperty.direct], abs: [C.ABS_X, C.ABS_Y], keys: [C.BTN_TOUCH]).classification
    #expect(st.kind == .touchscreen)
    #expect(st.touchProtocol == .singleTouch)
    let keyboard = device(abs: [], keys: [30, 31, 32]).classification
    #expect(keyboard.kind == .other)
    #expect(keyboard.touchProtocol == .none)
    let pen = device(properties: [InputProperty.direct], abs: [C.ABS_X, C.ABS_Y], keys: [C.BTN_TOUCH, C.BTN_TOOL_PEN]).classification
    #expect(pen.kind == .other)
}

@Test func emptyCodeSetsAreNotStored() {
    var d = DeviceDescription(name: "x", id: InputID(bustype: 0, vendor: 0, product: 0, version: 0), codes: [2: []])
    #expect(d.supportedTypes.isEmpty)
    d.enable(type: 3, code: 0)
    #expect(d.supportedTypes == [3])
    d.setCodes([], for: 3)
    #expect(d.supportedTypes.isEmpty)
}

@Test func axisLengthNeedsResolution() {
    #expect(AbsInfo(minimum: 0, maximum: 32767, resolution: 55).lengthInMillimetres.map { ($0 * 10).rounded() / 10 } == 595.8)
    #expect(AbsInfo(minimum: 0, maximum: 767).lengthInMillimetres == nil)
}
