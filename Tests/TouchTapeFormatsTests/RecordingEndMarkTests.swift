import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
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
        var lines = recording.formatted(as: format).split(separator: "\n", omittingEmptySubsequences: false)
        // Drop the end mark and the last label (both formats put the label on the lines before the mark).
        lines.removeLast()  // "" after the final newline
        while let last = lines.last, !last.contains("EV_SYN") && !last.contains("SYN_REPORT") { lines.removeLast() }
        let cut = lines.joined(separator: "\n") + "\n"
        let read = try RecordingReader.read(path: TestSupport.write(cut, name: "cut." + format.preferredPathExtension))
        #expect(read.events == recording.events)
        #expect(read.annotations.isEmpty)
        #expect(read.notes == ["truncated after event \(recording.events.count): the file lacks its end mark ('# touchtape: end of recording'), so the last gesture's label may be lost"])
    }

    /// Found by the `evemu-split` fuzz target: in a single-file evemu recording a mark
    /// before the first event, and the end mark of a file with no events, come straight
    /// after the description, and were read as header comments and lost.
    @Test(arguments: RecordingFormat.allCases)
    func aMarkBeforeTheFirstEventReadsBack(_ format: RecordingFormat) throws {
        var recording = try Self.labelled()
        recording.annotations.insert(AnnotationMark(eventIndex: 0, annotation: TrackAnnotation(expected: .cancel, note: "first")), at: 0)
        let text = recording.formatted(as: format)
        let read = try RecordingReader.read(path: TestSupport.write(text, name: "first-mark." + format.preferredPathExtension))
        #expect(read.annotations == recording.annotations)
        #expect(read.events == recording.events)
        #expect(read.notes.isEmpty)
    }

    @Test(arguments: RecordingFormat.allCases)
    func aFileWithNoEventsKeepsItsMarkAndEndMark(_ format: RecordingFormat) throws {
        var recording = try Self.labelled()
        recording.events = []
        recording.annotations = [AnnotationMark(eventIndex: 0, annotation: TrackAnnotation(note: "nothing yet"))]
        let text = recording.formatted(as: format)
        let read = try RecordingReader.read(path: TestSupport.write(text, name: "no-events." + format.preferredPathExtension))
        #expect(read.annotations == recording.annotations)
        #expect(read.events.isEmpty)
        #expect(read.notes.isEmpty, "the end mark was read: the file is not truncated")
    }

    @Test func aDescFileKeepsTouchTapeCommentsAsComments() throws {
        // A split pair's .desc has no events: a `# touchtape:` line there is a comment, and
        // the description lines after it still count.
        let desc = "N: Pad\nI: 0003 0001 0002 0003\n# touchtape: expect=finish\nB: 00 0b 00 00 00 00 00 00 00\n"
        let read = try RecordingReader.read(descriptionPath: TestSupport.write(desc, name: "pad.desc"),
                                            eventsPath: TestSupport.write("E: 0.000000 0000 0000 0000\n", name: "pad.events"))
        #expect(read.description.codes[0] == [0, 1, 3])
        #expect(read.annotations.isEmpty)
    }

    @Test func aMarkFollowedByMoreEventsIsNotAnEnd() throws {
        let recording = try Self.labelled()
        let text = recording.formatted(as: .evemu) + "E: 9.000000 0000 0000 0000\n"
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
