import Testing
import TouchTapeEvents
import TouchTapeDevice

@Suite struct StopgapEvemuTests {
    typealias C = EventCodes

    /// What the writer produces the reader gives back: description, events, marks.
    @Test func writerOutputReadsBack() throws {
        let d = touchscreenB()
        var writer = StopgapEvemuWriter(description: d)
        let frame = [ev(1, .abs, C.ABS_MT_TRACKING_ID, -1), ev(1, .key, C.BTN_TOUCH, 0), syn(1)]
        let text = writer.header() + writer.format(frame: frame)
            + writer.format(annotation: TrackAnnotation(expected: .cancel, note: "slow drag", cutShort: true))
        let back = try StopgapEvemuRecording(text: text)
        #expect(back.description == d)
        #expect(back.events == frame)
        #expect(back.marks.count == 1)
        #expect(back.marks.first?.eventCount == 3)
        #expect(back.marks.first?.annotation == TrackAnnotation(expected: .cancel, note: "slow drag", cutShort: true))
    }

    /// evemu-record's own lines: zero-padded values (-001), a tab and a comment.
    @Test func readsEvemuRecordLines() throws {
        let text = "# EVEMU 1.3\nN: Pad # not a comment\nI: 0018 0000 0000 0000\nP: 02 00 00 00 00 00 00 00\n"
            + "B: 03 00 00 00 00 00 80 60 02\nA: 39 0 65535 0 0 0\n"
            + "E: 0.000001 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID  -1\n"
        let r = try StopgapEvemuRecording(text: text)
        #expect(r.description.name == "Pad # not a comment")
        #expect(r.description.properties == [InputProperty.direct])
        // byte 5 = 0x80 → code 47 (ABS_MT_SLOT); byte 6 = 0x60 → 53, 54; byte 7 = 0x02 → 57.
        #expect(r.description.codes[EventType.abs.rawValue] == [C.ABS_MT_SLOT, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y, C.ABS_MT_TRACKING_ID])
        #expect(r.events == [ev(1, .abs, C.ABS_MT_TRACKING_ID, -1)])
    }

    @Test func aBrokenEventLineNamesItsLine() {
        #expect(throws: StopgapEvemuError.self) {
            _ = try StopgapEvemuRecording(text: "N: x\nI: 0 0 0 0\nE: 0.1 0003\n")
        }
    }
}
