import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeTestSupport

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

// MARK: Devices that are not touch surfaces (descriptions: TouchTapeTestSupport's NonTouchDevices)

@Suite struct NonTouchClassificationTests {
    @Test func touchMouseIsAMouseNotATouchscreen() {
        let c = NonTouchDevices.touchMouse.classification
        #expect(c.kind == .other)
        #expect(c.touchProtocol == .none)
        #expect(c.nonTouchReason == .mouse(alsoHas: .multitouch, fakeMultitouch: false))
        let condition = c.nonTouchReason?.condition ?? ""
        #expect(condition.hasPrefix("relative pointer axes REL_X/REL_Y with mouse buttons and no BTN_TOUCH: a touch mouse"), "\(condition)")
    }

    @Test func keyboardCoverPointerIsAMouseAndItsMultitouchCodesAreNotAxes() {
        let c = NonTouchDevices.keyboardCoverPointer.classification
        #expect(c.kind == .other)
        #expect(c.touchProtocol == .none)
        #expect(c.nonTouchReason == .mouse(alsoHas: .absolute, fakeMultitouch: true))
        let condition = c.nonTouchReason?.condition ?? ""
        #expect(condition.contains("relative pointer axes REL_X/REL_Y with mouse buttons, and ABS_X/ABS_Y with no BTN_TOOL_FINGER"), "\(condition)")
        #expect(condition.contains("ABS_MT_SLOT beside ABS_RESERVED"), "\(condition)")
    }

    @Test func penIsAPenAndNeverSingleTouch() {
        // A graphics tablet and a display pen (DIRECT): both have ABS_X/ABS_Y and BTN_TOUCH.
        var display = NonTouchDevices.penTablet
        display.properties = [InputProperty.direct]
        for pen in [NonTouchDevices.penTablet, display] {
            let c = pen.classification
            #expect(c.kind == .other)
            #expect(c.touchProtocol == .none)
            #expect(c.nonTouchReason == .pen(toolPen: true, stylus: true))
            let condition = c.nonTouchReason?.condition ?? ""
            #expect(condition.hasPrefix("a pen (BTN_TOOL_PEN, BTN_STYLUS)"), "\(condition)")
            #expect(!condition.contains("single-touch"))
        }
    }

    @Test func plainMouseAndKeyboard() {
        #expect(NonTouchDevices.mouse.classification.nonTouchReason == .mouse(alsoHas: .none, fakeMultitouch: false))
        let keyboard = device(abs: [], keys: [30, 31, 32]).classification
        #expect(keyboard.nonTouchReason == .noTouchAxes(fakeMultitouch: false))
        #expect(keyboard.nonTouchReason?.condition == "no ABS_MT_POSITION_X/Y and no ABS_X/ABS_Y with BTN_TOUCH")
    }

    /// record's and live's warning: the name (terminal-safe) and the condition.
    @Test func theWarningSentenceNamesTheDeviceAndTheCondition() throws {
        let reason = try #require(NonTouchDevices.touchMouse.classification.nonTouchReason)
        #expect(reason.sentence(deviceName: "Test\u{1B}[31m Mouse")
            == "\"Test\\x1b[31m Mouse\" is not a touchscreen or touchpad (\(reason.condition))")
    }

    /// No condition holds a single quote: the refusal quotes it once ('…').
    @Test func conditionsHoldNoSingleQuote() {
        let reasons: [NonTouchReason] = [
            .pen(toolPen: true, stylus: false), .pen(toolPen: false, stylus: true),
            .mouse(alsoHas: .none, fakeMultitouch: false), .mouse(alsoHas: .multitouch, fakeMultitouch: false),
            .mouse(alsoHas: .absolute, fakeMultitouch: true), .noTouchAxes(fakeMultitouch: false), .noTouchAxes(fakeMultitouch: true),
        ]
        for reason in reasons { #expect(!reason.condition.contains("'"), "\(reason.condition)") }
        #expect(NonTouchReason.pen(toolPen: false, stylus: true).condition.hasPrefix("a pen (BTN_STYLUS)"))
    }
}

// MARK: Touch surfaces that also have what a mouse has stay touch surfaces

@Test func touchSurfacesWithMouseCapabilitiesStayAccepted() {
    let rel = EventType.rel.rawValue
    // A touchscreen whose node also carries a relative pointer and BTN_LEFT, no properties:
    // multitouch positions with BTN_TOUCH declare the touch surface (udev: touchscreen).
    var screen = device(abs: mtB, keys: [C.BTN_LEFT, C.BTN_TOUCH], slots: 10)
    screen.setCodes([C.REL_X, C.REL_Y], for: rel)
    #expect(screen.classification.kind == .touchscreen)
    #expect(screen.classification.nonTouchReason == nil)
    // A touchpad with a relative pointer beside it: its finger tool key says touchpad.
    var pad = device(abs: [C.ABS_X, C.ABS_Y], keys: [C.BTN_LEFT, C.BTN_TOUCH, C.BTN_TOOL_FINGER])
    pad.setCodes([C.REL_X, C.REL_Y], for: rel)
    #expect(pad.classification.kind == .touchpad)
    #expect(pad.classification.touchProtocol == .singleTouch)
    // A clickpad like Apple's Magic Trackpad: POINTER and BUTTONPAD, BTN_TOUCH, finger tool keys.
    let trackpad = device(properties: [InputProperty.pointer, InputProperty.buttonpad], abs: mtB,
                          keys: [C.BTN_LEFT, C.BTN_TOUCH, C.BTN_TOOL_FINGER, C.BTN_TOOL_QUADTAP], slots: 16)
    #expect(trackpad.classification.kind == .touchpad)
    #expect(trackpad.classification.touchProtocol == .multitouchB(slots: 16))
    // A single-touch screen whose node also has a relative pointer: DIRECT declares the surface.
    var direct = device(properties: [InputProperty.direct], abs: [C.ABS_X, C.ABS_Y], keys: [C.BTN_LEFT, C.BTN_TOUCH])
    direct.setCodes([C.REL_X, C.REL_Y], for: rel)
    #expect(direct.classification.kind == .touchscreen)
}

@Test func multitouchCodesBesideAbsReservedAreNotMultitouch() {
    // A DIRECT single-touch screen given every absolute code (ABS_RESERVED with ABS_MT_SLOT):
    // libevdev and libinput treat it as not multitouch, so it is single touch, not 255 slots.
    var d = device(properties: [InputProperty.direct], abs: Set([C.ABS_X, C.ABS_Y] + Array(UInt16(0x28)...0x3f)), keys: [C.BTN_TOUCH])
    d.absInfo[C.ABS_MT_SLOT] = AbsInfo(minimum: -127, maximum: 127)
    #expect(d.classification.kind == .touchscreen)
    #expect(d.classification.touchProtocol == .singleTouch)
    // Without ABS_X/ABS_Y it has no touch axes at all, and the condition says why.
    var bare = device(properties: [InputProperty.direct], abs: Set(Array(UInt16(0x28)...0x3f)), keys: [C.BTN_TOUCH])
    bare.absInfo[C.ABS_MT_SLOT] = AbsInfo(minimum: -127, maximum: 127)
    #expect(bare.classification.nonTouchReason == .noTouchAxes(fakeMultitouch: true))
    #expect(bare.classification.nonTouchReason?.condition.contains("ABS_MT_SLOT beside ABS_RESERVED") == true)
}
