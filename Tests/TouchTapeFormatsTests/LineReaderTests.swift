import Foundation
import Testing
@testable import TouchTapeFormats

/// Issue 9 (hostile input): line reading is linear, bounded, and refuses what is not a file.
@Suite struct LineReaderTests {
    /// Reads every line; returns the reader (for its counters) or the error.
    static func readAll(_ path: String) -> Result<LineReader, RecordingError> {
        do {
            let reader = try LineReader(path: path)
            while try reader.nextLine() != nil {}
            return .success(reader)
        } catch {
            return .failure(error)
        }
    }

    @Test func aTwoMegabyteLineIsATypedErrorWithItsLine() throws {
        let text = "N: X\nI: 0 0 0 0\n" + String(repeating: "9", count: 2_000_000) + "\n"
        let path = TestSupport.write(text, name: "long.evemu")
        do {
            _ = try RecordingReader.read(path: path)
            Issue.record("a 2 MB line was accepted")
        } catch {
            #expect(error.kind.rawValue == "tooLarge")
            #expect(error.line == 3)
            // The message quotes 60 characters of the line, not 2 MB.
            #expect(error.description.count < 800, "\(error.description.count) characters")
            #expect(error.description.contains("65536 bytes"))
        }
    }

    @Test func theLongestLegalLineIsRead() throws {
        // 65 536 bytes exactly (the limit), after a short line so it crosses the chunk boundary.
        let text = "N: X\nI: 0 0 0 0\n# " + String(repeating: "c", count: 65_534) + "\nE: 0.000001 0000 0000 0000\n"
        let recording = try RecordingReader.read(path: TestSupport.write(text, name: "limit.evemu"))
        #expect(recording.events.count == 1)
    }

    @Test func everyByteIsSearchedForItsNewlineOnce() throws {
        // Lines of 60 KB: the old reader searched each again after every 64 KiB read.
        let line = String(repeating: "x", count: 60_000)
        let text = Array(repeating: "# " + line, count: 40).joined(separator: "\n") + "\n"
        let reader = try Self.readAll(TestSupport.write(text, name: "lines.evemu")).get()
        #expect(reader.lineNumber == 40)
        #expect(reader.bytesSearched == text.utf8.count)
    }

    @Test func aLongRunOfNULBytesIsBinaryNotTooLarge() throws {
        let path = TestSupport.write(bytes: [UInt8](repeating: 0, count: 200_000), name: "zeros.evemu")
        guard case .failure(let error) = Self.readAll(path) else { Issue.record("NUL bytes read as text"); return }
        #expect(error.kind == .binary)
        #expect(error.line == 1)
    }

    @Test func aDeviceOrFIFOIsNotOpenedAsARecording() throws {
        // /dev/zero never ends: the reader must refuse it before reading.
        guard case .failure(let zero) = Self.readAll("/dev/zero") else { Issue.record("/dev/zero was read"); return }
        #expect(zero.kind.rawValue == "notRegularFile")
        #expect(zero.found == "a character device")
        // A FIFO without a writer: opening must not block.
        let fifo = TestSupport.temporaryDirectory() + "/pipe.evemu"
        #expect(mkfifo(fifo, 0o644) == 0)
        guard case .failure(let pipe) = Self.readAll(fifo) else { Issue.record("a FIFO was read"); return }
        #expect(pipe.kind.rawValue == "notRegularFile")
        #expect(pipe.found == "a FIFO")
    }
}
