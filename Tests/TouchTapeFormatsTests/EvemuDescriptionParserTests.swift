import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// Issue 9: mask lines past the UInt16 code range are a typed error, never a trap.
@Suite struct EvemuDescriptionParserTests {
    static let zeroMask = " 00 00 00 00 00 00 00 00"

    static func file(maskLines count: Int, tag: String) -> String {
        var text = "# EVEMU 1.3\nN: Many Masks\nI: 0018 0001 0002 0003\n"
        // The last line sets a bit: code (or property) 65536 + 0, which once trapped in UInt16(…).
        for line in 0..<count { text += tag + (line == count - 1 ? " 01 00 00 00 00 00 00 00" : zeroMask) + "\n" }
        return text + "E: 0.000001 0000 0000 0000\n"
    }

    @Test func the1025thBLineOfATypeIsOutOfRange() {
        let path = TestSupport.write(Self.file(maskLines: 1025, tag: "B: 01"), name: "b1025.evemu")
        RecordingErrorTests.expectError(.valueOutOfRange, line: 3 + 1025, eventIndex: nil, file: "b1025.evemu") {
            _ = try RecordingReader.read(path: path)
        }
    }

    @Test func the1025thPLineIsOutOfRange() {
        let path = TestSupport.write(Self.file(maskLines: 1025, tag: "P:"), name: "p1025.evemu")
        RecordingErrorTests.expectError(.valueOutOfRange, line: 3 + 1025, eventIndex: nil, file: "p1025.evemu") {
            _ = try RecordingReader.read(path: path)
        }
    }

    @Test func a1024LineMaskReachesCode0xffff() throws {
        // 1024 lines × 64 bits: the last bit of the last line is code 65535.
        var text = "N: Wide\nI: 0 0 0 0\n"
        for line in 0..<1024 { text += "B: 01" + (line == 1023 ? " 00 00 00 00 00 00 00 80" : Self.zeroMask) + "\n" }
        let recording = try RecordingReader.read(path: TestSupport.write(text, name: "wide.evemu"))
        #expect(recording.description.codes[1] == [0xFFFF])
        // And the writer writes it so that it reads back the same.
        let again = try RecordingReader.read(path: TestSupport.write(recording.formatted(as: .evemu), name: "wide2.evemu"))
        #expect(again.description == recording.description)
    }

    @Test func propertiesAboveINPUT_PROP_MAXSurviveTheEvemuWriter() throws {
        // The writer used to size P: lines by INPUT_PROP_MAX only and drop higher bits.
        let description = DeviceDescription(name: "P", id: InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                                            properties: [1, 200], codes: [0: [0]], absInfo: [:])
        let recording = Recording(description: description, events: [], source: RecordingSource(path: "p.evemu"))
        let read = try RecordingReader.read(path: TestSupport.write(recording.formatted(as: .evemu), name: "p.evemu"))
        #expect(read.description.properties == [1, 200])
    }

    @Test func aHugeBadTokenIsQuotedShortAndEscaped() throws {
        // A 1 MB non-hex byte with an escape sequence in it: the message stays short and inert.
        let token = "\u{1b}[31m" + String(repeating: "z", count: 1_000_000)
        let text = "N: X\nI: 0 0 0 0\nB: 01 " + token + " 00 00 00 00 00 00 00\n"
        do {
            _ = try RecordingReader.read(path: TestSupport.write(text, name: "token.evemu"))
            Issue.record("accepted")
        } catch {
            #expect(error.description.count < 800, "\(error.description.count) characters")
            #expect(!error.description.contains("\u{1b}"))
            #expect(error.description.contains("\\x1b[31mzzz"))
        }
    }
}
