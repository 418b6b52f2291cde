import Testing
@_spi(Pipeline) import TouchTapeEvents

@Test func namesComeFromTheKernelTable() {
    #expect(EventCodes.typeName(3) == "EV_ABS")
    #expect(EventCodes.codeName(type: 3, code: 0x2f) == "ABS_MT_SLOT")
    #expect(EventCodes.codeName(type: 3, code: 0x39) == "ABS_MT_TRACKING_ID")
    #expect(EventCodes.codeName(type: 0, code: 2) == "SYN_MT_REPORT")
    #expect(EventCodes.codeName(type: 4, code: 5) == "MSC_TIMESTAMP")
    #expect(EventCodes.codeName(type: 2, code: 8) == "REL_WHEEL")
    // Range-start aliases lose to the real button name, as in libevdev.
    #expect(EventCodes.codeName(type: 1, code: 0x110) == "BTN_LEFT")
    #expect(EventCodes.codeName(type: 1, code: 0x14d) == "BTN_TOOL_DOUBLETAP")
    #expect(EventCodes.propertyName(1) == "INPUT_PROP_DIRECT")
}

@Test func unknownCodesStayVisibleAsNumbers() {
    #expect(EventCodes.knownCodeName(type: 3, code: 0x3e) == nil)
    #expect(EventCodes.codeName(type: 3, code: 0x3e) == "ABS_0x03e")
    #expect(EventCodes.typeName(0x1e) == "EV_0x1e")
    let event = InputEvent(time: .zero, type: 0x1e, code: 7, value: -3)
    #expect(event.description == "0.000000 EV_0x1e CODE_0x007 -3")
}

@Test func namesLookUpBothWays() throws {
    let slot = try #require(EventCodes.code(named: "ABS_MT_SLOT"))
    #expect(slot.type == 3 && slot.code == 0x2f)
    #expect(EventCodes.type(named: "EV_KEY") == 1)
    #expect(EventCodes.code(named: "NOT_A_CODE") == nil)
}
