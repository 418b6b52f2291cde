import Foundation
import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

/// Issue 9, faults with nothing lost: a recording cut at any byte of its last gesture (a
/// copy interrupted, a disk filled, a recorder killed) still replays every earlier gesture
/// with its label and outcome, and says it was truncated; a label cut off is reported, never
/// silently dropped.
///
/// The file: two gestures of a real-shaped flick (the bundled `touchscreen-flick-down-finish`
/// twice, the second one second later), labelled `finish` and `cancel`, written by TouchTape
/// in each format. Every byte offset from the first byte of the second gesture's first event
/// line to the end is a cut (a few thousand per format).
@Suite struct TruncatedRecordingTests {
    static let secondLabel = TrackAnnotation(expected: .cancel, note: "second gesture")

    static func twoGestures() throws -> Recording {
        var recording = try RecordingReader.read(path: PackagePaths.recordings.appendingPathComponent("touchscreen-flick-down-finish.evemu").path)
        let first = recording.events
        let second = first.map { event in
            var shifted = event
            shifted.time = EventTime(seconds: event.time.seconds + 1, microseconds: event.time.microseconds)
            return shifted
        }
        recording.events = first + second
        recording.annotations = [
            AnnotationMark(eventIndex: first.count, annotation: TrackAnnotation(expected: .finish, note: "first gesture")),
            AnnotationMark(eventIndex: first.count + second.count, annotation: secondLabel),
        ]
        return recording
    }

    /// What a track's result says, notes aside (they carry the truncation).
    static func summary(_ report: TrackReport) -> String {
        "\(report.track) \(report.outcome) \(report.reason) \(String(describing: report.expected)) \(String(describing: report.releaseProgress)) \(report.checks.map { "\($0.name)=\($0.status)" })"
    }

    static func replay(_ path: String) throws -> (reports: [TrackReport], fileNotes: [String]) {
        let configuration = ReplayConfiguration(profileName: "transition", dismissal: DismissalProfile.transition.settings)
        var reports: [TrackReport] = []
        let notes = try RecordingReplay.run(RecordingLocator.source(forPath: path), configuration: configuration) {
            reports.append($0.report)
        }
        return (reports, notes)
    }

    /// The notes that say the file was cut short (the labels' own notes aside).
    static func truncationNotes(_ run: (reports: [TrackReport], fileNotes: [String])) -> [String] {
        (run.reports.flatMap(\.notes) + run.fileNotes).filter { $0.hasPrefix("truncated ") }
    }

    /// Where the second gesture's first event line starts.
    static func secondGestureStart(_ bytes: [UInt8], format: RecordingFormat, eventsBefore: Int) -> Int {
        let eventLinePrefix = Array((format == .evemu ? "E: " : format == .getevent ? "[" : "    - [").utf8)
        var seen = 0, lineStart = 0
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            if bytes[lineStart...].starts(with: eventLinePrefix) {
                if seen == eventsBefore { return lineStart }
                seen += 1
            }
            lineStart = i + 1
        }
        return bytes.count
    }

    @Test(arguments: RecordingFormat.allCases)
    func aCutAnywhereInTheLastGestureKeepsEveryEarlierGestureAndSaysSo(_ format: RecordingFormat) throws {
        let recording = try Self.twoGestures()
        let bytes = Array(recording.formatted(as: format).utf8)
        let dir = try PackagePaths.scratchDirectory("tt-truncated")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cut." + format.preferredPathExtension).path

        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let whole = try Self.replay(path)
        try #require(whole.reports.count == 2)
        #expect(whole.reports[0].expected == .finish && whole.reports[1].expected == .cancel)
        #expect(Self.truncationNotes(whole).isEmpty)
        let firstGesture = Self.summary(whole.reports[0])

        let start = Self.secondGestureStart(bytes, format: format, eventsBefore: recording.annotations[0].eventIndex)
        let labelLine = Array((format == .libinputRecord ? "  - touchtape:" : "# touchtape: expect=cancel").utf8)
        let labelStart = try #require((start..<bytes.count).first { bytes[$0...].starts(with: labelLine) })
        let labelEnd = try #require((labelStart..<bytes.count).first { bytes[$0] == UInt8(ascii: "\n") }) + 1
        #expect(start < labelStart)

        var cuts = 0, labelsCutOff = 0
        // Every cut but the last byte (the end mark's newline: a file missing only that is whole).
        for offset in start..<(bytes.count - 1) {
            try Data(bytes[..<offset]).write(to: URL(fileURLWithPath: path))
            let cut: (reports: [TrackReport], fileNotes: [String])
            do { cut = try Self.replay(path) } catch {
                Issue.record("cut at byte \(offset) of \(bytes.count) (\(format)): \(error)")
                continue
            }
            cuts += 1
            // The first gesture, whole: same track, outcome, reason, label and checks.
            guard let first = cut.reports.first else {
                Issue.record("cut at byte \(offset) (\(format)): the first gesture is gone")
                continue
            }
            #expect(Self.summary(first) == firstGesture, "cut at byte \(offset) (\(format))")
            // Said once, on the last track: truncated.
            let notes = Self.truncationNotes(cut)
            #expect(notes.count == 1, "cut at byte \(offset) (\(format)): notes \(notes)")
            #expect(cut.reports.last?.notes.filter { $0.hasPrefix("truncated ") } == notes,
                    "cut at byte \(offset) (\(format)): the note is not on the last track")
            // The second gesture's label is either whole (the cut came after its line) or
            // absent and reported as possibly lost; a label cut mid-line is named.
            if cut.reports.count == 2 {
                let second = cut.reports[1]
                if offset >= labelEnd {
                    #expect(second.expected == .cancel, "cut at byte \(offset) (\(format))")
                } else {
                    #expect(second.expected == nil, "cut at byte \(offset) (\(format))")
                    #expect(notes.allSatisfy { $0.contains("label") }, "cut at byte \(offset) (\(format)): \(notes)")
                }
            }
            // Cut inside the label line: named as a label once its first bytes tell it from the
            // end mark ("# touchtape: e…" begins both).
            if offset > labelStart + 15 && offset < labelEnd - 1 {
                labelsCutOff += 1
                #expect(notes.allSatisfy { $0.contains("inside the last gesture's label") },
                        "cut at byte \(offset) (\(format)): \(notes)")
            }
            if offset > bytes.count - RecordingEndMark.endLine.utf8.count - 1 + 15 {
                #expect(notes.allSatisfy { $0.contains("inside the end mark") }, "cut at byte \(offset) (\(format)): \(notes)")
            }
        }
        #expect(cuts == bytes.count - 1 - start)
        #expect(labelsCutOff > 0)
    }

    @Test func aPartialLastLineThatStillParsesIsDroppedInATouchTapeFile() throws {
        // "E: 1.000123 0003 0035 12" cut from "… 1234" parses, with the wrong value.
        let recording = try Self.twoGestures()
        let text = recording.formatted(as: .evemu)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lastEvent = try #require(lines.lastIndex { $0.hasPrefix("E: ") && $0.split(separator: " ")[4].count > 1 })
        let cut = lines[..<lastEvent].joined(separator: "\n") + "\n" + lines[lastEvent].dropLast()
        let dir = try PackagePaths.scratchDirectory("tt-truncated")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cut.evemu").path
        try Data(cut.utf8).write(to: URL(fileURLWithPath: path))
        let read = try RecordingReader.read(path: path)
        #expect(read.events == Array(recording.events.prefix(read.events.count)))
        #expect(read.events.count == recording.events.count - (lines.count - lastEvent) + 3)  // the label, mark and final "" lines are not events
        #expect(read.notes.count == 1)
        #expect(read.notes.first?.contains("truncated at line \(lastEvent + 1)") == true, "\(read.notes)")
    }

    @Test func aForeignFileCutMidLineKeepsItsEventsAndIsNoted() throws {
        // evemu-record's files carry no TouchTape header: a last line that does not parse is the cut.
        let peer = PackagePaths.peerRecordings.appendingPathComponent("Atmel maXTouch Touchscreen.4-finger-drag-down.events")
        let whole = try RecordingReader.read(path: peer.path)
        let text = try String(contentsOf: peer, encoding: .utf8)
        let cutAt = try #require(text.range(of: "E: ", options: .backwards)).upperBound
        let dir = try PackagePaths.scratchDirectory("tt-truncated")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cut.events").path
        try Data(text[..<cutAt].utf8).write(to: URL(fileURLWithPath: path))
        let read = try RecordingReader.read(path: path)
        #expect(read.events == Array(whole.events.dropLast()))
        #expect(read.notes.count == 1 && read.notes[0].hasPrefix("truncated at line"), "\(read.notes)")
    }
}
