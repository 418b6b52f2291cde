import Foundation
import Testing
import TouchTapeEvents
@testable import TouchTapeFormats

/// Issue 26: most event lines are read and parsed in one pass
/// (``LineReader/nextCanonicalEventLine()``); every other line takes the general path.
/// Whichever path reads a line, the stream must give what ``EvemuEventLine/parse(_:)``
/// gives for it, with the same line numbers and byte counts.
@Suite struct EvemuFastPathTests {
    static let header = "# EVEMU 1.3\nN: X\nI: 0003 0001 0002 0001\nP: 00 00 00 00 00 00 00 00\n"

    /// Event lines in and near the one-pass form: single spaces, padded and unpadded,
    /// letters in either case, signs, the range limits, and what only the general path reads.
    static let lines = [
        "E: 1.000000 0003 0035 0408", "E: 0.0 0 0 0", "E: 1357751027.090934 0003 0039 1",
        "E: 9007199254.999999 ffff FFFF 2147483647", "E: 12.5 0003 002F -2147483648",
        "E: 12.000005 0003 002f -001", "E: 0.000001 0000 0000 0000",
        // The general path's: several spaces, tabs, a comment, a '+', five hex digits, CR.
        "E:  1.000000 0003 0035 0408", "E: 1.000000\t0003 0035 0408", "E: 1.000000 0003 0035 0408 # c",
        "E: 1.000000 0003 0035 +408", "E: 1.000000 00003 0035 0408", "E: 1.000000 0003 0035 0408 ",
        "E: 1.000000 0003 0035 0408\r", "E: 0000000000001.000000 0003 0035 0408",
    ]

    static func events(_ text: String) throws(RecordingError) -> (events: [InputEvent], lines: [Int]) {
        let stream = try RecordingStream(path: TestSupport.write(text, name: "fast.evemu"))
        var events: [InputEvent] = [], lines: [Int] = []
        while let item = try stream.next() {
            if case .event(let e) = item { events.append(e); lines.append(stream.line ?? -1) }
        }
        return (events, lines)
    }

    static func parsed(_ line: String) -> InputEvent? {
        var bytes = Array(line.utf8)
        if bytes.last == 0x0D { bytes.removeLast() }
        return bytes.withUnsafeBufferPointer { try? EvemuEventLine.parse($0).get() }
    }

    @Test func bothPathsReadTheSameEvents() throws {
        let read = try Self.events(Self.header + Self.lines.joined(separator: "\n") + "\n")
        #expect(read.events == Self.lines.map { Self.parsed($0)! })
        #expect(read.lines == Array(5..<(5 + Self.lines.count)))
    }

    @Test func linesAcrossChunkBoundariesAndTheLastLine() throws {
        // 200 000 lines (several 64 KiB chunks, lines cut at every offset), with the
        // general path's lines among them, the last line unterminated.
        var lines: [String] = []
        for k in 0..<200_000 {
            lines.append(k % 97 == 0 ? Self.lines[k % Self.lines.count]
                                     : "E: \(k / 1000).\(String(format: "%06d", k % 1_000_000)) 0003 \(String(format: "%04x", k % 0x40)) \(k % 3 == 0 ? "-" : "")\(k)")
        }
        let read = try Self.events(Self.header + lines.joined(separator: "\n"))
        #expect(read.events.count == lines.count)
        #expect(read.events == lines.map { Self.parsed($0)! })
        #expect(read.lines.last == 4 + lines.count)
    }

    @Test func whatTheOnePassFormRefusesIsStillAnError() throws {
        for (line, kind) in [("E: 1.0000000 0003 0035 0408", "valueOutOfRange"),
                             ("E: 9007199255.000000 0003 0035 0408", "valueOutOfRange"),
                             ("E: 1.000000 0003 0035 2147483648", "valueOutOfRange"),
                             ("E: 1.000000 0003 0035 04x8", "nonNumericField"),
                             ("E: 1.000000 0003 0035", "malformedLine")] {
            do {
                _ = try Self.events(Self.header + "E: 0.0 0 0 0\n" + line + "\nE: 0.0 0 0 0\n")
                Issue.record("\(line) was read")
            } catch {
                #expect(error.kind.rawValue == kind, "\(line)")
                #expect(error.line == 6, "\(line)")
            }
        }
    }

    @Test func theReaderCountsEveryByteOnce() throws {
        let text = Self.header + Self.lines.joined(separator: "\n") + "\n"
        let reader = try LineReader(path: TestSupport.write(text, name: "count.evemu"))
        var n = 0
        while true {
            if reader.nextCanonicalEventLine() != nil { n += 1; continue }
            guard try reader.nextLine() != nil else { break }
            n += 1
        }
        #expect(n == 4 + Self.lines.count && reader.lineNumber == n)
        #expect(reader.bytesSearched == text.utf8.count && reader.bytesSeen == text.utf8.count)
    }
}
