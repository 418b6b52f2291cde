import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// Every real recording in ../shared/data/peer-recordings, read and checked against
/// facts counted by hand and listed in its SOURCES.md.
@Suite struct PeerRecordingTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var name: String
        var events: Int
        var kind: DeviceKind
        var protocolName: String
        var slots: Int?
        var description: String { file }
    }

    // Counts: SOURCES.md "Events" column (number of E: lines, measured on the files).
    // Kind/protocol: SOURCES.md "Device kind"/"Protocol"; slot counts are ABS_MT_SLOT max + 1
    // from the A: 2f lines (EP0430M09 0..4, Synaptics 0..1, dell canvas 0..4).
    static let expectations: [Expectation] = [
        .init(file: "EP0430M09.2-finger-scroll-down.events", name: "EP0430M09", events: 695,
              kind: .touchscreen, protocolName: "B", slots: 5),
        .init(file: "Atmel maXTouch Touchscreen.4-finger-drag-down.events", name: "Atmel maXTouch Touchscreen",
              events: 309, kind: .touchscreen, protocolName: "B", slots: 10),
        .init(file: "Atmel maXTouch Touchscreen.1-finger-drag-up-down.events", name: "Atmel maXTouch Touchscreen",
              events: 502, kind: .touchscreen, protocolName: "B", slots: 10),
        .init(file: "dell_canvas_touch.evemu", name: "Advanced Silicon S.A. CoolTouch® System", events: 5363,
              kind: .touchscreen, protocolName: "B", slots: 5),
        .init(file: "SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-horizontal.events",
              name: "SynPS/2 Synaptics TouchPad", events: 906, kind: .touchpad, protocolName: "B", slots: 2),
        .init(file: "N-Trig MultiTouch.1-finger-drag-NW-SE.events", name: "N-Trig MultiTouch", events: 955,
              kind: .touchscreen, protocolName: "A", slots: nil),
        .init(file: "bcm5974.event", name: "bcm5974 Virtual Device", events: 12893,
              kind: .touchpad, protocolName: "A", slots: nil),
    ]

    @Test(arguments: expectations)
    func readsPeerRecording(_ e: Expectation) throws {
        let recording = try RecordingReader.read(path: TestSupport.peer(e.file))
        #expect(recording.description.name == e.name)
        #expect(recording.events.count == e.events)
        let classification = recording.description.classification
        #expect(classification.kind == e.kind)
        #expect(classification.touchProtocol.name == e.protocolName)
        if let slots = e.slots { #expect(classification.touchProtocol == .multitouchB(slots: slots)) }
        #expect(recording.annotations.isEmpty)
        try recording.requireTouchDevice()
    }

    @Test func locatorFindsSevenRecordingsAndPairsSplitFiles() throws {
        let sources = try RecordingLocator.sources(for: [TestSupport.peerRecordings])
        // Nine files, two of them .desc, SOURCES.md not a recording → seven sources.
        #expect(sources.count == 7)
        let synaptics = try #require(sources.first { $0.eventsPath.hasSuffix("horizontal.events") })
        #expect(synaptics.descriptionPath.map(RecordingPath.lastComponent) == "SynPS2 Synaptics TouchPad.hp8470p.desc")
        let ntrig = try #require(sources.first { $0.eventsPath.hasSuffix("NW-SE.events") })
        #expect(ntrig.descriptionPath.map(RecordingPath.lastComponent) == "N-Trig MultiTouch.desc")
        // Complete files describe themselves.
        let ep = try #require(sources.first { $0.eventsPath.hasSuffix("scroll-down.events") })
        #expect(ep.descriptionPath == nil)
        // Sorted by path.
        #expect(sources.map(\.eventsPath) == sources.map(\.eventsPath).sorted())
    }

    @Test func dellCanvasResolutionAndMetadata() throws {
        let recording = try RecordingReader.read(path: TestSupport.peer("dell_canvas_touch.evemu"))
        // A: 00 0 32767 0 0 55 and A: 01 0 32767 0 0 98.
        #expect(recording.description.absInfo[EventCodes.ABS_X]?.resolution == 55)
        #expect(recording.description.absInfo[EventCodes.ABS_Y]?.resolution == 98)
        #expect(recording.description.id == InputID(bustype: 0x3, vendor: 0x2575, product: 0x204, version: 0x111))
        #expect(recording.metadata.formatVersion == "1.3")
        #expect(recording.metadata.kernel == "4.14.0-rc7+")
        #expect(recording.metadata.dmi?.hasPrefix("dmi:bvnDellInc.") == true)
        // First E: line: 0.000001 0003 0039 0000.
        #expect(recording.events.first == InputEvent(time: EventTime(seconds: 0, microseconds: 1), type: 3, code: 0x39, value: 0))
        #expect(recording.description.properties == [InputProperty.direct])
    }

    @Test func splitSynapticsKeepsEpochTimesAndFormat10() throws {
        let recording = try RecordingReader.read(path: TestSupport.peer("SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-horizontal.events"))
        #expect(recording.metadata.formatVersion == "1.0")  // .desc has no version line
        #expect(recording.description.properties.isEmpty)  // no P: line in format 1.0
        let first = try #require(recording.events.first)
        let firstLine = try String(contentsOfFile: recording.source.eventsPath, encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("E:") }
        // The first event keeps its absolute timestamp digit for digit.
        #expect(firstLine?.hasPrefix("E: \(first.time.description) ") == true)
        #expect(first.time.seconds > 1_000_000_000)
    }

    @Test func ntrigHasNoPropertiesAndProtocolA() throws {
        let recording = try RecordingReader.read(
            descriptionPath: TestSupport.peer("N-Trig MultiTouch.desc"),
            eventsPath: TestSupport.peer("N-Trig MultiTouch.1-finger-drag-NW-SE.events"))
        #expect(recording.description.properties.isEmpty)  // P: 00 …
        // First events: E: 1357751027.090934 0003 0000 205 (unpadded value, epoch time).
        #expect(recording.events.first == InputEvent(time: EventTime(seconds: 1357751027, microseconds: 90934), type: 3, code: 0, value: 205))
        // B: 00 1b → SYN_REPORT, SYN_CONFIG, SYN_DROPPED (0x1b = 0b11011 → 0,1,3,4).
        #expect(recording.description.codes[0] == [0, 1, 3, 4])
        // 106 SYN_MT_REPORT frames per SOURCES.md: count at least that many SYN_MT_REPORTs.
        #expect(recording.events.filter(\.isSynMTReport).count >= 106)
    }
}
