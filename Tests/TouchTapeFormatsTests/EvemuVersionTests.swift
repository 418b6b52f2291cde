import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// The evemu file versions and their comment rules (fact sheet §1.2, §1.5).
@Suite struct EvemuVersionTests {
    @Test func version11FiveNumberAbsAndTrailingComments() throws {
        let text = """
            # EVEMU 1.1
            # a comment
            N: Old Pad # the hash is part of the name
            I: 0003 05ac 0223 0000 # trailing comment
            P: 00 00 00 00 00 00 00 00
            B: 03 03 00 00 00 00 00 00 00
            A: 00 0 1280 5 0
            A: 01 0 800 3 0

            E: 1.000001 0003 0000 10   # comment after an event
            # a comment between events
            E: 1.000001 0000 0000 0
            """
        let recording = try RecordingReader.read(path: TestSupport.write(text, name: "v11.evemu"))
        #expect(recording.metadata.formatVersion == "1.1")
        #expect(recording.description.name == "Old Pad # the hash is part of the name")
        #expect(recording.description.absInfo[0] == AbsInfo(minimum: 0, maximum: 1280, fuzz: 5, flat: 0, resolution: 0))
        #expect(recording.events.count == 2)  // last line has no newline but parses
        #expect(recording.events[0].value == 10)
    }

    @Test func version13WithLedSwitchAndPaddedValues() throws {
        let text = "# EVEMU 1.3\nN: X\nI: 0003 0001 0002 0003\nB: 03 03 00 00 00 00 00 00 00\nA: 00 0 100 0 0 10\nL: 01 1\nS: 00 1\nE: 0.000001 0003 0000 -005\tx\n"
        // "\tx" after the value is not a comment → the value field is followed by garbage.
        #expect(throws: RecordingError.self) { try RecordingReader.read(path: TestSupport.write(text, name: "garbage.evemu")) }
        let good = text.replacingOccurrences(of: "\tx", with: "\t# x")
        let recording = try RecordingReader.read(path: TestSupport.write(good, name: "v13.evemu"))
        #expect(recording.description.ledStates == [1: 1])
        #expect(recording.description.switchStates == [0: 1])
        #expect(recording.events.first?.value == -5)
    }

    @Test func noVersionLineIsFormat10() throws {
        let recording = try RecordingReader.read(path: TestSupport.peer("N-Trig MultiTouch.desc").replacingOccurrences(of: ".desc", with: ".1-finger-drag-NW-SE.events"))
        #expect(recording.metadata.formatVersion == "1.0")
    }
}
