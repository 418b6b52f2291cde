import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

/// A track mark that labels no track (before the first gesture, inside one) or a second,
/// different mark for a track used to be passed over: the track was judged unlabelled, or by
/// the other mark, and its expected-outcome check was skipped or inverted in silence. A
/// replay refuses such a file at the mark's line, in both formats; inspect notes it.
@Suite struct MisplacedMarkTests {
    /// `file` from Recordings/ with `mark` inserted before its line `line` (1-based).
    static func edited(_ file: String, inserting mark: String, before line: Int) throws -> String {
        let text = try String(contentsOf: PackagePaths.recordings.appendingPathComponent(file), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(mark, at: line - 1)
        let dir = try PackagePaths.scratchDirectory("tt-misplaced")
        let path = dir.appendingPathComponent(file).path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func replayFailure(_ path: String) throws -> RecordingError {
        do {
            try RecordingReplay.run(RecordingLocator.source(forPath: path), configuration: try SessionSettings().configuration()) { _ in }
        } catch let error as RecordingError {
            return error
        }
        Issue.record("\(path) replayed without an error")
        throw CancellationError()
    }

    /// The line of the first line of `file` that starts with `prefix`.
    static func line(of prefix: String, in file: String, after: Int = 0) throws -> Int {
        let text = try String(contentsOf: PackagePaths.recordings.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.indices.first { $0 >= after && lines[$0].hasPrefix(prefix) }) + 1
    }

    static let evemu = "touchscreen-pan-down-finish.evemu"
    static let libinput = "touchpad-two-finger-pan-finish.yml"

    @Test func aMarkInsideAGestureIsRefusedAtItsLineInBothFormats() throws {
        // evemu: the 100th event line is inside the first gesture.
        let firstEvent = try Self.line(of: "E:", in: Self.evemu)
        let evemu = try Self.edited(Self.evemu, inserting: "# touchtape: expect=cancel", before: firstEvent + 100)
        let e = try Self.replayFailure(evemu)
        #expect(e.kind == .misplacedMark && e.line == firstEvent + 100 && e.eventIndex == 100)
        #expect(e.found == "expect=cancel" && e.hint.contains("inside track 1's gesture (events 0–378)"), "\(e)")
        // libinput record: a mark item between two evdev items of the gesture, quoted as that
        // file writes it (it was quoted in evemu's tokens, which the file does not hold).
        let item = try Self.line(of: "  - evdev:", in: Self.libinput, after: 100)
        let yml = try Self.edited(Self.libinput, inserting: "  - touchtape: {expect: cancel, note: \"moved\"}", before: item)
        let y = try Self.replayFailure(yml)
        #expect(y.kind == .misplacedMark && y.line == item && y.found == "{expect: cancel, note: \"moved\"}", "\(y)")
        #expect(y.hint.contains("inside track 1's gesture"), "\(y)")
    }

    @Test func aMarkBeforeTheFirstGestureIsRefused() throws {
        let firstEvent = try Self.line(of: "E:", in: Self.evemu)
        let path = try Self.edited(Self.evemu, inserting: "# touchtape: expect=none", before: firstEvent)
        let e = try Self.replayFailure(path)
        #expect(e.kind == .misplacedMark && e.line == firstEvent && e.eventIndex == 0 && e.found == "expect=none")
        #expect(e.hint.contains("before the first gesture"), "\(e)")
    }

    /// In either format, both marks quoted as the file writes them (a libinput record file's
    /// were quoted in evemu's tokens, which it does not hold).
    @Test(arguments: [(evemu, "# touchtape: expect=", "# touchtape: expect=cancel", "expect=cancel", "expect=finish"),
                      (libinput, "  - touchtape: {expect: finish", "  - touchtape: {expect: cancel}", "{expect: cancel}",
                       "{expect: finish, note: \"two-finger pan down")])
    func aSecondMarkThatSaysSomethingElseIsRefusedNamingTheFirst(file: String, firstMark: String, second: String,
                                                                 found: String, firstSays: String) throws {
        let first = try Self.line(of: firstMark, in: file)
        let path = try Self.edited(file, inserting: second, before: first + 1)
        let e = try Self.replayFailure(path)
        #expect(e.kind == .misplacedMark && e.line == first + 1 && e.expected == "one mark for track 1" && e.found == found, "\(e)")
        #expect(e.hint.contains("first mark at line \(first) says \(firstSays)"), "\(e)")
        #expect(e.hint.contains("touchtape label \(path) --track 1 --expect"), "\(e)")
    }

    @Test func theSameMarkTwiceIsReadAsOne() throws {
        let first = try Self.line(of: "# touchtape: expect=", in: Self.evemu)
        let path = try Self.edited(Self.evemu, inserting: "# touchtape: expect=cancel", before: first + 1)
        // The same mark twice says one thing: read as before.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let again = text.replacingOccurrences(of: "# touchtape: expect=cancel\n",
                                              with: try #require(text.split(separator: "\n").map(String.init).first { $0.hasPrefix("# touchtape: expect=finish") }) + "\n")
        try again.write(toFile: path, atomically: true, encoding: .utf8)
        var outcomes: [String] = []
        try RecordingReplay.run(RecordingLocator.source(forPath: path), configuration: try SessionSettings().configuration()) {
            outcomes.append("\($0.report.expected.map(\.rawValue) ?? "-")")
        }
        #expect(outcomes == ["finish", "finish"])
    }

    /// The track the marks disagree about is never reported (it was, as passed, when the
    /// refusal waited for the next mark or the end of the file), and `label --from` does not
    /// copy its labels.
    @Test func theTrackOfAConflictIsNotReportedNorCopied() throws {
        let first = try Self.line(of: "# touchtape: expect=", in: Self.evemu)
        let path = try Self.edited(Self.evemu, inserting: "# touchtape: expect=cancel", before: first + 1)
        // No mark after the conflict (track 2's own and the end mark removed), and the
        // gestures again 5 s later, so that track 1 would be reported with track 2.
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.removeAll { $0.hasPrefix("# touchtape: end of recording") || $0.hasPrefix("# touchtape: expect=finish note=\"pan down past") }
        let again = lines.filter { $0.hasPrefix("E: ") }.map { line -> String in
            var fields = line.split(separator: " ", maxSplits: 2).map(String.init)
            let time = fields[1].split(separator: ".")
            fields[1] = "\(Int(time[0])! + 5).\(time[1])"
            return fields.joined(separator: " ")
        }
        try (lines + again).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        var reported: [Int] = []
        #expect(throws: RecordingError.self) {
            try RecordingReplay.run(RecordingLocator.source(forPath: path), configuration: try SessionSettings().configuration()) {
                reported.append($0.report.track)
            }
        }
        #expect(!reported.contains(1), "\(reported)")
        #expect(throws: RecordingError.self) {
            _ = try CopiedLabels(RecordingLocator.source(forPath: path), locking: .standard)
        }
    }

    @Test func inspectNotesTheMarkAndTheAPIRefusesTheFile() throws {
        let firstEvent = try Self.line(of: "E:", in: Self.evemu)
        let path = try Self.edited(Self.evemu, inserting: "# touchtape: expect=cancel", before: firstEvent + 100)
        var inspection = try RecordingInspection(RecordingLocator.source(forPath: path), locking: .standard)
        var tracks = 0
        _ = try inspection.run { _ in tracks += 1 }
        #expect(tracks == 2)
        #expect(inspection.misplacedMark != nil)
        #expect(inspection.notes.contains { $0.hasPrefix("line \(firstEvent + 100): mark expect=cancel: replay refuses the file") },
                "\(inspection.notes)")
    }

    /// A split recording (`.desc` and its events file): inspect names the description, so the
    /// mark's line is said to be the events file's.
    @Test func inspectNamesTheEventsFileOfASplitRecording() throws {
        let path = try Self.edited(Self.evemu, inserting: "# touchtape: expect=cancel",
                                   before: try Self.line(of: "E:", in: Self.evemu) + 100)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let firstEvent = try #require(lines.firstIndex { $0.hasPrefix("E:") })
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent()
        let desc = dir.appendingPathComponent("pad.desc").path, events = dir.appendingPathComponent("pad.events").path
        try lines[..<firstEvent].joined(separator: "\n").appending("\n").write(toFile: desc, atomically: true, encoding: .utf8)
        try lines[firstEvent...].joined(separator: "\n").write(toFile: events, atomically: true, encoding: .utf8)
        var inspection = try RecordingInspection(RecordingLocator.pair(descriptionPath: desc, eventsPath: events), locking: .standard)
        _ = try inspection.run { _ in }
        // The mark is the events file's 101st line: its 100 events before it.
        #expect(inspection.notes.contains { $0.hasPrefix("pad.events line 101: mark expect=cancel: replay refuses the file") },
                "\(inspection.notes)")
    }

    /// No bundled recording and no peer recording has a misplaced mark (what the recorder
    /// and `label` write is read as before).
    @Test func noRecordingHereOrFromPeersIsRefused() throws {
        let sources = try RecordingLocator.sources(for: [PackagePaths.recordings.path, PackagePaths.peerRecordings.path])
        #expect(sources.count > 15)
        for source in sources {
            guard (try? RecordingStream(source).requireTouchDevice()) != nil else { continue }
            var inspection = try RecordingInspection(source, locking: .standard)
            _ = try inspection.run { _ in }
            #expect(inspection.misplacedMark == nil, "\(source.displayName)")
        }
    }
}
