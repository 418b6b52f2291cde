import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

@Suite struct EvemuFormatterTests {
    static let description = DeviceDescription(
        name: "T", id: InputID(bustype: 0x18, vendor: 0, product: 0x204, version: 0x111), properties: [InputProperty.direct],
        codes: [0: [0, 1, 3], 1: [EventCodes.BTN_TOUCH], 3: [0, 1, 0x2f, 0x35, 0x36, 0x39]],
        absInfo: [0: AbsInfo(minimum: 0, maximum: 32767, resolution: 55), 1: AbsInfo(minimum: 0, maximum: 32767, resolution: 98),
                  0x2f: AbsInfo(minimum: 0, maximum: 4), 0x35: AbsInfo(minimum: 0, maximum: 32767, resolution: 55),
                  0x36: AbsInfo(minimum: 0, maximum: 32767, resolution: 98), 0x39: AbsInfo(minimum: 0, maximum: 65535)])

    @Test func eventLinesUseEvemuWidthsAndComments() {
        var formatter = EvemuFormatter(description: Self.description, metadata: RecordingMetadata())
        let t0 = EventTime(seconds: 0, microseconds: 1), t1 = EventTime(seconds: 0, microseconds: 12_001)
        let text = formatter.format([
            InputEvent(time: t0, type: 3, code: 0x39, value: -1),
            InputEvent(time: t0, type: 0, code: 0, value: 0),
            InputEvent(time: t1, type: 0, code: 2, value: 0),
            InputEvent(time: t1, type: 0, code: 0, value: 0),
        ])
        // %04d: -1 → "-001"; %-20s code name; +Nms = whole ms since the previous SYN_REPORT (12 000 µs → +12ms).
        #expect(text == """
            E: 0.000001 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1
            E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
            E: 0.012001 0000 0002 0000\t# ++++++++++++ SYN_MT_REPORT (0) ++++++++++
            E: 0.012001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +12ms

            """)
    }

    @Test func headerMatchesEvemuLayout() {
        let header = EvemuFormatter(description: Self.description, metadata: RecordingMetadata(kernel: "6.1.0")).header()
        let lines = header.split(separator: "\n").map(String.init)
        #expect(lines[0] == "# EVEMU 1.3")
        #expect(lines[1] == "# Kernel: 6.1.0")
        // %#04x: zero stays "0000", 0x18 → "0x18", 0x204 → "0x204" (as in dell_canvas_touch.evemu).
        #expect(lines.contains("# Input device ID: bus 0x18 vendor 0000 product 0x204 version 0x111"))
        // 32767 / 55 = 595, 32767 / 98 = 334 (integer division, like evemu).
        #expect(lines.contains("# Size in mm: 595x334"))
        #expect(lines.contains("I: 0018 0000 0204 0111"))
        #expect(lines.contains("P: 02 00 00 00 00 00 00 00"))
        // EV_SYN codes 0,1,3 → 0x0b; EV_KEY takes 96 bytes = 12 lines; BTN_TOUCH 0x14a = byte 41 bit 2 → line 6, byte 1 = 04.
        #expect(lines.contains("B: 00 0b 00 00 00 00 00 00 00"))
        #expect(lines.filter { $0.hasPrefix("B: 01 ") }.count == 12)
        #expect(lines.filter { $0.hasPrefix("B: 01 ") }[5] == "B: 01 00 04 00 00 00 00 00 00")
        #expect(lines.filter { $0.hasPrefix("B: 15 ") }.count == 2)
        #expect(lines.contains("A: 35 0 32767 0 0 55"))
        #expect(lines.last == "################################")
    }
}
