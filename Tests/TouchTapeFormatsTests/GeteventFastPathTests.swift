import Foundation
import Testing
import TouchTapeTestSupport
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// Issue 26: a capture's usual event lines are read in one pass from the reader's buffer
/// (``GeteventEventSource/nextCanonicalEvent()``, their labels looked up once a capture);
/// every other line takes the general path. Whichever path reads a line, the capture must
/// read as it does line by line the general way: the same events at the same lines, the
/// same errors.
@Suite struct GeteventFastPathTests {
    static let listing = """
        add device 1: /dev/input/event1
          name:     "Fast"
          events:
            KEY (0001): BTN_TOUCH            
            ABS (0003): ABS_X                 : value 0, min 0, max 1919, fuzz 0, flat 0, resolution 10
                        ABS_Y                 : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 10
                        ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_X     : value 0, min 0, max 1919, fuzz 0, flat 0, resolution 10
                        ABS_MT_POSITION_Y     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 10
                        ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
          input props:
            INPUT_PROP_DIRECT

        """

    /// Event lines in and near the one-pass form: labelled as `-lt` pads them, hex as `-t`
    /// gives it (either case), tabs, no trailing spaces, CR and CR CR line ends, long
    /// timestamps, key values, names cut to getevent's column, and what only the general
    /// path reads (a `-r` rate, the old `sec-usec:` timestamp, a tool-type label).
    static let lines = [
        "[       6.105342] EV_ABS       ABS_MT_TRACKING_ID   00000001            ",
        "[       6.105342] EV_ABS       ABS_MT_POSITION_X    00000190",
        "[       6.105342] EV_KEY       BTN_TOUCH            DOWN                ",
        "[       6.105342] EV_SYN       SYN_REPORT           00000000            ",
        "[   12345.000001] 0003 0035 000001a4", "[ 1.000000] 0003 0036 FFFFFFFF",
        "[1.000000] EV_ABS\tABS_MT_POSITION_Y\t000000c8\t", "[       6.105342] EV_ABS       ABS_MT_SLOT          00000001\r",
        "[       6.105342] EV_ABS       ABS_MT_SLOT          00000002 \r\r",
        "[ 000000000000000001.999999] 0000 0000 00000000", "[ 9007199254.999999] EV_KEY BTN_TOUCH UP",
        "[       6.105342] EV_KEY       KEY_KBDINPUTASSIST_A DOWN                ",
        "[       6.105342] EV_SYN       SYN_REPORT           00000000 rate 120",
        "6-105342: 0003 0035 000001a4", "[       6.105342] EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_FINGER",
        "[       6.105342] EV_KEY       BTN_TOUCH            REPEAT              ",
    ]

    /// What the general path gives for each line, as the reader hands it over.
    static func parsed(_ line: String) -> InputEvent? {
        var text = Substring(line)
        while text.hasSuffix("\r") { text = text.dropLast() }
        guard case .success(let event) = GeteventLine.parseEvent(text), let time = event.time else { return nil }
        return InputEvent(time: time, type: event.type, code: event.code, value: event.value)
    }

    static func read(_ text: String) throws(RecordingError) -> (events: [InputEvent], lines: [Int]) {
        try TestSupport.streamedEvents(text, name: "fast.getevent")
    }

    @Test func bothPathsReadTheSameEvents() throws {
        let text = Self.listing + Self.lines.joined(separator: "\n") + "\n"
        let read = try Self.read(text)
        #expect(read.events == Self.lines.map { Self.parsed($0)! })
        let first = Self.listing.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(read.lines == Array(first..<(first + Self.lines.count)))
        // Most of them the quick way, or this tests nothing.
        var quick = 0
        for line in Self.lines {
            var bytes = Array(line.utf8)
            while bytes.last == 0x0D { bytes.removeLast() }
            if bytes.withUnsafeBufferPointer({ GeteventLine.canonicalEvent($0, labels: GeteventLabelCache()) }) != nil { quick += 1 }
        }
        #expect(quick == Self.lines.count - 3)
        #expect(GeteventQuickReading.difference(path: TestSupport.write(text, name: "both.getevent")) == nil)
    }

    @Test func linesAcrossChunkBoundariesAndTheLastLine() throws {
        // 200 000 lines (several 64 KiB chunks, lines cut at every offset), with the general
        // path's lines among them, the last line unterminated.
        let codes = ["ABS_MT_POSITION_X   ", "ABS_MT_POSITION_Y   ", "0035", "ABS_MT_SLOT", "ABS_X"]
        var lines: [String] = []
        for k in 0..<200_000 {
            lines.append(k % 97 == 0 ? Self.lines[k % Self.lines.count]
                                     : "[\(String(repeating: " ", count: k % 9))\(k / 1000).\(String(format: "%06d", k % 1_000_000))] "
                                         + "EV_ABS       \(codes[k % codes.count]) \(String(format: "%08x", k))\(k % 3 == 0 ? "   " : "")")
        }
        let text = Self.listing + lines.joined(separator: "\n")
        let read = try Self.read(text)
        #expect(read.events == lines.map { Self.parsed($0)! })
        #expect(read.lines.last == Self.listing.split(separator: "\n", omittingEmptySubsequences: false).count - 1 + lines.count)
        #expect(GeteventQuickReading.difference(path: TestSupport.write(text, name: "chunks.getevent")) == nil)
    }

    /// What the one-pass form does not take is read by the general path, and what that
    /// refuses is still an error at its line: a name another type's table has (the label
    /// cache keys on the table), a cut name several names start with, an unknown name, a
    /// bad timestamp, a path after lines
    /// without one, a NUL byte, a line over ``LineReader/maximumLineLength``.
    @Test func whatTheOnePassFormRefusesIsStillAnError() throws {
        let good = "[       6.105342] EV_ABS       ABS_X                00000190"
        let long = good + String(repeating: " ", count: LineReader.maximumLineLength)
        let first = Self.listing.split(separator: "\n", omittingEmptySubsequences: false).count
        for (line, kind) in [("[       6.105342] EV_KEY       ABS_X                00000001", "malformedLine"),
                             ("[       6.105342] EV_KEY       KEY_KBDINPUTASSIST_P DOWN", "malformedLine"),
                             ("[       6.105342] EV_ABS       ABS_MT_POSITON_X     00000001", "malformedLine"),
                             ("[       6.1053421] EV_ABS       ABS_X                00000190", "valueOutOfRange"),
                             ("[       6.105342] /dev/input/event1: EV_ABS       ABS_X                00000190", "malformedLine"),
                             ("[       6.105342] EV_ABS       ABS_X\u{0}               00000190", "binary"),
                             (long, "tooLarge")] {
            let text = Self.listing + good + "\n" + good + "\n" + line + "\n" + good + "\n"
            do {
                _ = try Self.read(text)
                Issue.record("\(line.prefix(60)) was read")
            } catch {
                #expect(error.kind.rawValue == kind, "\(line.prefix(60))")
                #expect(error.line == first + 2, "\(line.prefix(60))")
            }
            #expect(GeteventQuickReading.difference(path: TestSupport.write(text, name: "refused.getevent")) == nil,
                    "\(line.prefix(60))")
        }
        // The other way round: after lines with a path, one without (two captures mixed).
        let prefixed = "[       6.105342] /dev/input/event1: EV_ABS       ABS_X                00000190"
        let text = Self.listing + prefixed + "\n" + prefixed + "\n" + good + "\n" + prefixed + "\n"
        #expect(throws: RecordingError.self) { try Self.read(text) }
        do { _ = try Self.read(text) } catch { #expect(error.kind == .malformedLine && error.line == first + 2) }
        #expect(GeteventQuickReading.difference(path: TestSupport.write(text, name: "mixed.getevent")) == nil)
    }

    /// Every capture kept with the tests, and every getevent input of the fuzz corpus, reads
    /// alike both ways (the fuzz target holds the same on every input it makes).
    @Test func everyKeptCaptureReadsAlikeBothWays() throws {
        let folders = [PackagePaths.packageRoot.appendingPathComponent("Tests/GeteventCaptures"),
                       PackagePaths.packageRoot.appendingPathComponent("Tests/FuzzCorpus/getevent")]
        var files = 0
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "README.md" }
            #expect(!names.isEmpty, "\(folder.path) is missing")
            for name in names {
                files += 1
                let difference = GeteventQuickReading.difference(path: folder.appendingPathComponent(name).path)
                #expect(difference == nil, "\(name): \(difference ?? "")")
            }
        }
        #expect(files > 300)
    }
}
