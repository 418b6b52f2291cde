import Foundation
import Testing
import TouchTapeEvents
@testable import TouchTapeFormats

/// Issue 9: a TouchTape file cut at a line boundary is read, and reported as truncated.
@Suite struct RecordingEndMarkTests {
    static func labelled() throws -> Recording {
        var recording = try RecordingReader.read(path: TestSupport.peer("Atmel maXTouch Touchscreen.4-finger-drag-down.events"))
        recording.annotations = [AnnotationMark(eventIndex: recording.events.count, annotation: TrackAnnotation(expected: .finish, note: "last"))]
        return recording
    }

    @Test(arguments: RecordingFormat.allCases)
    func aCompleteFileEndsWithTheMarkAndHasNoNote(_ format: RecordingFormat) throws {
        let text = try Self.labelled().formatted(as: format)
        #expect(text.hasSuffix("\n# touchtape: end of recording\n"))
        let read = try RecordingReader.read(path: TestSupport.write(text, name: "whole." + format.preferredPathExtension))
        #expect(read.metadata.writtenByTouchTape)
        #expect(read.notes.isEmpty)
        #expect(read.annotations.last?.annotation.note == "last")
    }

    @Test(arguments: RecordingFormat.allCases)
    func aFileCutAtALineBoundaryIsReadAndReportedTruncated(_ format: RecordingFormat) throws {
        let recording = try Self.labelled()
        var lines = try recording.formatted(as: format).split(separator: "\n", omittingEmptySubsequences: false)
        // Drop the end mark and the last label (both formats put the label on the lines before the mark).
        lines.removeLast()  // "" after the final newline
        while let last = lines.last, !last.contains("EV_SYN") && !last.contains("SYN_REPORT") { lines.removeLast() }
        let cut = lines.joined(separator: "\n") + "\n"
        let read = try RecordingReader.read(path: TestSupport.write(cut, name: "cut." + format.preferredPathExtension))
        #expect(read.events == recording.events)
        #expect(read.annotations.isEmpty)
        #expect(read.notes == ["truncated after event \(recording.events.count): the file lacks its end mark ('# touchtape: end of recording'), so the last gesture's label may be lost"])
    }

    @Test func aMarkFollowedByMoreEventsIsNotAnEnd() throws {
        let recording = try Self.labelled()
        let text = try recording.formatted(as: .evemu) + "E: 9.000000 0000 0000 0000\n"
        let read = try RecordingReader.read(path: TestSupport.write(text, name: "appended.evemu"))
        #expect(read.notes.count == 1)
    }

    @Test func filesOtherToolsWroteGetNoNote() throws {
        // evemu-record and libinput record files carry no TouchTape header: no end mark is expected.
        for name in PeerRecordingTests.expectations.map(\.file) {
            let read = try RecordingReader.read(path: TestSupport.peer(name))
            #expect(!read.metadata.writtenByTouchTape, "\(name)")
            #expect(read.notes.isEmpty, "\(name)")
        }
    }
}
