import Foundation
import Testing
import TouchTapeTestSupport
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// `convert` streams: what it writes must equal the whole recording formatted at once.
@Suite struct RecordingConversionTests {
    static var files: [String] {
        let sources = (try? RecordingLocator.sources(for: [PackagePaths.recordings.path, TestSupport.peerRecordings])) ?? []
        return sources.map(\.eventsPath)
    }

    static func streamed(_ path: String, as format: RecordingFormat) throws -> String {
        let out = TestSupport.temporaryDirectory() + "/out"
        var stream = try RecordingStream(path: path)
        let output = try OutputFile(path: out)
        try RecordingConversion.convert(&stream, to: format, output: output)
        try output.commit()
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    @Test(arguments: files)
    func streamedEqualsWholeRecordingFormatted(_ path: String) throws {
        #expect(Self.files.count >= 10)
        let recording = try RecordingReader.read(path: path)
        for format in [RecordingFormat.evemu, .libinputRecord] {
            let whole = try recording.formattedForWriting(as: format)
            #expect(try Self.streamed(path, as: format) == whole, "\(path) as \(format)")
        }
    }

    @Test func marksInsideAFrameAndTrailingEventsArePiecesOfTheirOwn() throws {
        // A mark after half a frame, and events after the last SYN_REPORT: the pieces
        // `Recording.formatted` makes (libinput record opens a new `- evdev:` item for each).
        let text = "N: Test\nI: 0003 0001 0002 0003\nP: 02 00 00 00 00 00 00 00\nB: 00 0b 00 00 00 00 00 00 00\nB: 03 03 00 00 00 00 00 00 00\nA: 00 0 1000 0 0 10\nA: 01 0 1000 0 0 10\n"
            + "E: 0.000001 0003 0000 0010\n# touchtape: expect=finish\nE: 0.000001 0000 0000 0000\nE: 0.010000 0003 0000 0020\n"
        let path = TestSupport.write(text, name: "marks.evemu")
        let recording = try RecordingReader.read(path: path)
        for format in [RecordingFormat.evemu, .libinputRecord] {
            #expect(try Self.streamed(path, as: format) == recording.formatted(as: format))
        }
    }

    @Test func aNameEvemuCannotHoldIsRefusedBeforeAnythingIsWritten() throws {
        let yaml = try Self.streamed(TestSupport.peer("dell_canvas_touch.evemu"), as: .libinputRecord)
            .replacingOccurrences(of: "name: \"Advanced", with: "name: \"\\nAdvanced")
        let path = TestSupport.write(yaml, name: "name.yml")
        var stream = try RecordingStream(path: path)
        let out = TestSupport.temporaryDirectory() + "/out.evemu"
        let output = try OutputFile(path: out)
        #expect(throws: RecordingError.self) { try RecordingConversion.convert(&stream, to: .evemu, output: output) }
        #expect(output.bytesWritten == 0)
    }
}
