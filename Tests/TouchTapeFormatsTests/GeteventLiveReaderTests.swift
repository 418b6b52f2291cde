import Foundation
import Testing
import TouchTapeTestSupport
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// `record --adb`'s reader of a live getevent: the VM's real captures (labelled, as `-lt`
/// prints; `GeteventCommandTests` records `-t`'s numbers) read as the file reader reads
/// them, however adb's reads cut the bytes; other lines passed over or counted; a stream
/// that never breaks its lines kept bounded.
@Suite struct GeteventLiveReaderTests {
    static let folder = PackagePaths.packageRoot.appendingPathComponent("Tests/GeteventCaptures").path
    static let captures = ["protocol-a.getevent", "protocol-b.getevent", "single-touch.getevent", "touchpad.getevent"]

    /// `bytes` through one reader, `size` bytes a read; `unread` lines must be neither an
    /// event nor passed over.
    static func read(_ bytes: [UInt8], size: Int, unread: Int = 0) -> [InputEvent] {
        var reader = GeteventLiveReader()
        var events: [InputEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            events += bytes[start..<end].withUnsafeBytes { reader.events(in: $0) }
            start = end
        }
        #expect(reader.unread.count == unread, "\(reader.unread)")
        return events
    }

    /// The capture's event lines (the listing before them, as `getevent -lp` gives it, is
    /// read by the file reader, not the live one), with CRLF as through a pty.
    @Test(arguments: captures)
    func aCaptureReadsAsTheFileReaderReadsIt(_ name: String) throws {
        let path = Self.folder + "/" + name
        let file = try RecordingReader.read(path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("[") }
        #expect(lines.count > 100)
        for separator in ["\n", "\r\n"] {
            let bytes = Array((lines.joined(separator: separator) + separator).utf8)
            for size in [1, 2, 7, 64, 65536] {
                let events = Self.read(bytes, size: size)
                #expect(events == file.events, "\(name), \(size) bytes a read, separator \(separator.debugDescription)")
            }
        }
    }

    /// What getevent prints besides events is passed over; a line that is no event TouchTape
    /// reads gives none either, and is counted with the first's reason; a line cut by the
    /// stop (no line break yet) is neither.
    @Test func otherLinesArePassedOverOrCounted() {
        let text = "could not get driver version for /dev/input/mouse0, Not a typewriter\n"
            + "add device 1: /dev/input/event4\n"
            + "  name:     \"goodix_ts\"\n"
            + "\n"
            + "EV_ABS       ABS_MT_POSITION_X    00000190\n"
            + "[       6.105342] EV_ABS       ABS_MT_POSITION_X    00000190\n"
            + "[       6.105342] EV_ABS       ABS_MT_POSITON_Y     000000c8\n"
            + "[       6.105342] 0000 0000 00000000\n"
            + "[       6.116895] EV_ABS       ABS_MT_POSI"
        for size in [1, 5, text.utf8.count] {
            var reader = GeteventLiveReader()
            var events: [InputEvent] = []
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                events += bytes.prefix(size).withUnsafeBytes { reader.events(in: $0) }
                bytes = bytes.dropFirst(size)
            }
            #expect(events == [
                InputEvent(time: EventTime(seconds: 6, microseconds: 105_342), type: .abs, code: EventCodes.ABS_MT_POSITION_X, value: 0x190),
                InputEvent(time: EventTime(seconds: 6, microseconds: 105_342), type: .syn, code: EventCodes.SYN_REPORT, value: 0),
            ], "\(size) bytes a read")
            #expect(reader.unread.count == 2, "\(size) bytes a read")
            #expect(reader.unread.first == "EV_ABS       ABS_MT_POSITION_X    00000190")
            #expect(reader.unread.why == "an event line without a timestamp")
        }
        #expect(GeteventLiveReader.line(Array("[       6.105342] EV_ABS       ABS_MT_POSITON_Y     000000c8\r".utf8))
                == .unread(line: "[       6.105342] EV_ABS       ABS_MT_POSITON_Y     000000c8", why: "unknown code name 'ABS_MT_POSITON_Y'"))
    }

    /// A line past the limit is dropped whole, however it arrives (one read, or cut where
    /// the limit falls), and the next line reads; one exactly at the limit is kept.
    @Test func anOverlongLineIsDroppedAndTheNextReads() {
        let event = "[       6.105342] EV_SYN       SYN_REPORT           00000000"
        let limit = GeteventLiveReader.maximumLineLength
        let padded = event + String(repeating: " ", count: limit - event.utf8.count)   // trailing blanks read
        let overlong = padded + " "
        let next = "[       7.000001] EV_SYN       SYN_REPORT           00000000"
        let bytes = Array((padded + "\n" + overlong + "\n" + next + "\n").utf8)
        for size in [1, 100, limit, limit + 1, bytes.count] {
            let times = Self.read(bytes, size: size, unread: 1).map(\.time.seconds)
            #expect(times == [6, 7], "\(size) bytes a read")
        }
        // No line break at all: nothing kept beyond the limit, nothing read.
        var reader = GeteventLiveReader()
        let noise = [UInt8](repeating: 0x41, count: 1 << 16)
        for _ in 0..<64 { #expect(noise.withUnsafeBytes { reader.events(in: $0) }.isEmpty) }
        #expect(reader.unread.count == 0, "a line is counted when it ends")
        #expect(Array((next + "\n").utf8).withUnsafeBytes { reader.events(in: $0) }.isEmpty,
                "the end of the overlong line is dropped with it")
        #expect(reader.unread.count == 1 && reader.unread.why == "longer than 4096 bytes")
        #expect(reader.unread.first == String(repeating: "A", count: 60) + "…", "the overlong line's start, cut across reads")
        #expect(Array((next + "\n").utf8).withUnsafeBytes { reader.events(in: $0) }.count == 1)
    }
}

/// The byte reader of the usual event line gives, wherever it gives an event, what the
/// general reader gives: on every line of the captures and of the fuzz corpus (and it reads
/// most of the captures' event lines, or it would test nothing).
@Test func theCanonicalEventReaderAgreesWithTheGeneralOne() throws {
    let folders = [PackagePaths.packageRoot.appendingPathComponent("Tests/GeteventCaptures"),
                   PackagePaths.packageRoot.appendingPathComponent("Tests/FuzzCorpus/getevent")]
    var lines = 0, read = 0
    for folder in folders {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.isEmpty, "\(folder.path) is missing")
        for name in names {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
                lines += 1
                #expect(GeteventLiveReader.canonicalReadingAgrees(on: line), "\(name): \(line)")
                if GeteventLine.parseCanonicalEvent(line) != nil { read += 1 }
            }
        }
    }
    #expect(lines > 5_000 && read > 1_000, "\(lines) lines, \(read) read as bytes")
}
