import Foundation
import Testing
import TouchTapeFormats
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal
import TouchTapeTestSupport
@testable import TouchTapeReplay

/// A clock that moves one second each time it is read: the runner's timings become
/// exact counts of readings, with no real time involved.
private final class SteppingClock: @unchecked Sendable {
    var now = 0.0
    func read() -> Double { now += 1; return now }
}

private func runner(clock: SteppingClock?) throws -> ReplayRunner {
    let settings = SessionSettings()
    return ReplayRunner(settings: settings, configuration: try settings.configuration(), clock: clock.map { c in { c.read() } })
}

private var bundled: [RecordingSource] {
    get throws { try RecordingLocator.sources(for: [PackagePaths.recordings.path]) }
}

@Test func everyTrackIsTimedFromItsStartToTheNextOnesAndTheFileTimeCoversThem() throws {
    let clock = SteppingClock()
    let report = try runner(clock: clock).run(try bundled)
    #expect(!report.tracks.isEmpty)
    for t in report.tracks {
        let seconds = try #require(report.trackSeconds[.init(file: t.file, track: t.track)], "track \(t.track) of \(t.file) not timed")
        #expect(seconds >= 1, "one reading per track start at least")
    }
    for (file, seconds) in report.fileSeconds {
        let tracks = report.tracks.filter { $0.file == file }
        let sum = tracks.reduce(0.0) { $0 + report.trackSeconds[.init(file: file, track: $1.track)]! }
        #expect(sum <= seconds, "\(file): the tracks' times lie inside the file's")
    }
}

@Test func withoutAClockNothingIsTimedAndJUnitSaysZero() throws {
    let report = try runner(clock: nil).run(try bundled)
    #expect(report.trackSeconds.isEmpty && report.fileSeconds.isEmpty)
    let xml = JUnitReportRenderer.render(report)
    #expect(!xml.contains("<testcase ") || xml.components(separatedBy: "time=\"0\"").count - 1 == report.tracks.reduce(0) { $0 + $1.checks.count })
}

@Test func junitTestCasesShareTheirTracksTime() throws {
    let clock = SteppingClock()
    let report = try runner(clock: clock).run(try bundled)
    let xml = JUnitReportRenderer.render(report)
    let first = try #require(report.tracks.first)
    let share = report.trackSeconds[.init(file: first.file, track: first.track)]! / Double(first.checks.count)
    let expected = TextReportRenderer.fixed(share, 6)
    #expect(xml.contains("name=\"track \(first.track): \(first.checks[0].name) [transition]\" time=\"\(expected)\""))
    #expect(!xml.contains("time=\"0\""), "every test case has a duration")
}

@Test func progressComesAfterEachTrackAndEachFile() throws {
    let sources = try bundled
    var seen: [ReplayProgress] = []
    let report = try runner(clock: nil).run(sources) { seen.append($0) }
    #expect(seen.last == ReplayProgress(filesDone: sources.count, filesTotal: sources.count, tracksDone: report.tracks.count))
    #expect(seen.count == sources.count + report.tracks.count)
    #expect(seen.map(\.tracksDone) == seen.map(\.tracksDone).sorted(), "counts only grow")
}

@Test func theJSONAndTextReportsDoNotDependOnTheClock() throws {
    let timed = try runner(clock: SteppingClock()).run(try bundled)
    let untimed = try runner(clock: nil).run(try bundled)
    #expect(JSONReportRenderer.render(timed) == JSONReportRenderer.render(untimed))
    #expect(TextReportRenderer.render(timed) == TextReportRenderer.render(untimed))
}

// Issue 21: a stop signal ends a replay within a bounded time. It was looked at between
// tracks only, so Ctrl-C waited for a whole track of a hostile file (41 s for one).
@Test func aCancelledReplayStopsInsideALongTrack() throws {
    typealias C = EventCodes
    var s = TestStream()
    s.slot(0); s.trackingID(1); s.mt(x: 100, y: 100); s.key(C.BTN_TOUCH, 1); s.report()
    for i in 0..<20_000 { s.mt(y: Int32(100 + i % 300)); s.report() }   // one track, 40 000 events
    s.trackingID(-1); s.key(C.BTN_TOUCH, 0); s.report()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tt-cancel-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("long.evemu").path
    let source = RecordingSource(path: path)
    try Recording(description: TestDevices.touchscreenB, events: s.events, source: source).formatted(as: .evemu)
        .write(toFile: path, atomically: false, encoding: .utf8)
    var asked = 0
    var reported = 0
    #expect(throws: ReplayCancelled.self) {
        try RecordingReplay.run(source, configuration: try SessionSettings().configuration(),
                                makeController: { DismissalController(settings: $0.dismissal) },
                                cancelled: { asked += 1; return asked >= 2 }) { _ in reported += 1 }
    }
    #expect(asked == 2, "asked every 4096 items, and stopped at the first yes")
    #expect(reported == 0, "inside the only track")
}
