import Foundation
import Testing
import TouchTapeFormats
import TouchTapeDismissal
import TouchTapeTestSupport
@testable import TouchTapeReplay

// A report streamed while the run goes (`touchtape replay`) against the whole report
// collected and rendered at the end: the same bytes, and nothing kept but counts.

private func sources() throws -> [RecordingSource] {
    try RecordingLocator.sources(for: [PackagePaths.recordings.path]) + RecordingLocator.sources(for: [PackagePaths.peerRecordings.path])
}

private func runner(_ profile: DismissalProfile = .transition, shard: ReplayShard? = nil) throws -> ReplayRunner {
    let settings = SessionSettings(profile: profile)
    return ReplayRunner(settings: settings, configuration: try settings.configuration(), shard: shard)
}

/// The report `format` streams into a scratch file during a run over `sources`.
private func streamed(_ format: ReportFormat, _ runner: ReplayRunner, _ sources: [RecordingSource],
                      chunkBytes: Int = ReportStream.defaultChunkBytes) throws -> (text: String, tally: ReplayTally) {
    let path = try PackagePaths.scratchDirectory("report-stream").appendingPathComponent("report").path
    let file = try OutputFile(path: path)
    let tally = try runner.run(sources, into: [ReportStream(format: format, to: file, chunkBytes: chunkBytes)])
    try file.commit()
    return (try String(contentsOfFile: path, encoding: .utf8), tally)
}

/// The collected report's heading names the folder of the files with tracks; a stream
/// names the folder of every file given, which is the same here.
@Test(arguments: [DismissalProfile.transition, .easytransitions, .photozoom])
func aStreamedReportIsTheCollectedReportByteForByte(profile: DismissalProfile) throws {
    let runner = try runner(profile)
    let sources = try RecordingLocator.sources(for: [PackagePaths.recordings.path])
    let report = runner.run(sources)
    #expect(report.tracks.count > 10)
    for format in [ReportFormat.text, .json, .junit] {
        for chunk in [0, 1 << 10, ReportStream.defaultChunkBytes] {
            let (text, tally) = try streamed(format, runner, sources, chunkBytes: chunk)
            #expect(text == format.render(report), "\(format) with \(chunk)-byte chunks")
            #expect(tally == report.tally)
        }
    }
}

/// A recording read whole with no track, after one with tracks: a warning (an error under
/// strict) in the tally, said alike by a streamed and a collected report in every format.
@Test(arguments: [false, true])
func aRecordingWithNoTrackIsAWarningStreamedAndCollectedAlike(strict: Bool) throws {
    let dir = try PackagePaths.scratchDirectory("report-no-track")
    let name = "touchscreen-pan-down-finish.evemu"
    try FileManager.default.copyItem(at: PackagePaths.recordings.appendingPathComponent(name), to: dir.appendingPathComponent(name))
    let empty = dir.appendingPathComponent("zz-no-gesture.evemu").path
    let formatter = EvemuFormatter(description: TestDevices.touchscreenB, metadata: RecordingMetadata())
    try (formatter.header() + "E: 0.010000 0000 0000 0000\n" + formatter.footer()).write(toFile: empty, atomically: false, encoding: .utf8)
    var engine = try runner()
    engine.strict = strict
    let sources = try RecordingLocator.sources(for: [dir.path])
    let report = engine.run(sources)
    #expect(report.tracks.count == 2)
    #expect(report.errors.isEmpty)
    #expect(report.warnings == [FileWarning(file: empty, kind: .noTracks, message: "\(empty): 0 tracks (no gesture found)", isError: strict)])
    #expect(report.summaryLine == (strict ? "2 passed, 0 failed, 1 error" : "2 passed, 0 failed, 1 warning"))
    for format in [ReportFormat.text, .json, .junit, .github] {
        let (text, tally) = try streamed(format, engine, sources)
        #expect(text == format.render(report), "\(format)")
        #expect(tally == report.tally)
        #expect(text.contains("\(empty): 0 tracks (no gesture found)"), "\(format): \(text)")
    }
}

@Test func theJSONWriterWritesTheDocumentsBytes() throws {
    let runner = try runner()
    let full = runner.run(try sources())
    #expect(!full.errors.isEmpty || !full.tracks.isEmpty)
    #expect(JSONReportRenderer.render(full) == JSONReportRenderer.document(full).rendered() + "\n")
    // No tracks at all, with and without errors.
    var empty = ReplayReport(profile: "transition", tracks: [])
    #expect(JSONReportRenderer.render(empty) == JSONReportRenderer.document(empty).rendered() + "\n")
    empty.errors = [UnreadableFile(file: "a.evemu", kind: "truncated", message: "a.evemu:3: cut", isIOFailure: false)]
    #expect(JSONReportRenderer.render(empty) == JSONReportRenderer.document(empty).rendered() + "\n")
    // With files that have no track, a warning and a --strict error.
    empty.warnings = [.noTracks(file: "b.evemu", isError: false), .noTracks(file: "c.evemu", isError: true)]
    let rendered = JSONReportRenderer.render(empty)
    #expect(rendered == JSONReportRenderer.document(empty).rendered() + "\n")
    #expect(rendered.contains("\"warnings\": [\n    {\n      \"file\": \"b.evemu\""), "\(rendered)")
    #expect(rendered.contains("\"kind\": \"noTracks\",\n      \"message\": \"c.evemu: 0 tracks (no gesture found)\""), "\(rendered)")
}

/// An unreadable file among readable ones: text and JSON list it at the end as a
/// collected report does; JUnit gives it its suite in path order, where the run met it.
@Test func anUnreadableFileIsReportedWhereTheRunMeetsIt() throws {
    let folder = try PackagePaths.scratchDirectory("report-stream-mixed")
    let recordings = PackagePaths.recordings
    try FileManager.default.copyItem(at: recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu"),
                                     to: folder.appendingPathComponent("a.evemu"))
    try "garbage\n".write(to: folder.appendingPathComponent("b.evemu"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(at: recordings.appendingPathComponent("touchscreen-short-hold.evemu"),
                                     to: folder.appendingPathComponent("c.evemu"))
    let runner = try runner()
    let sources = try RecordingLocator.sources(for: [folder.path])
    let report = runner.run(sources)
    #expect(report.errors.map(\.file) == [folder.appendingPathComponent("b.evemu").path])
    for format in [ReportFormat.text, .json] {
        #expect(try streamed(format, runner, sources).text == format.render(report))
    }
    let junit = try streamed(.junit, runner, sources).text
    let suites = junit.components(separatedBy: "<testsuite name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(suites.map { String($0.split(separator: "/").last!) } == ["a.evemu", "b.evemu", "c.evemu"])
    // The suites' counts add up to the run's (<testsuites> itself carries none: the Ant schema allows none).
    func total(_ attribute: String) -> Int {
        junit.components(separatedBy: "<testsuite name=").dropFirst().compactMap { suite -> Int? in
            guard let range = suite.range(of: " \(attribute)=\"") else { return nil }
            return Int(suite[range.upperBound...].prefix { $0 != "\"" })
        }.reduce(0, +)
    }
    #expect(total("tests") == report.tally.checks + 1)
    #expect(total("failures") == report.tally.failedChecks)
    #expect(total("errors") == 1)
}

/// A sink that cannot write stops the run with its error, not as an unreadable file.
@Test func aFailedWriteStopsTheRun() throws {
    final class FailingSink: ReplayReportSink {
        var tracks = 0
        func begin(_ heading: ReportHeading) {}
        func track(_ track: ReplayedTrack, seconds: Double?) throws(OutputError) {
            tracks += 1
            if tracks == 2 { throw OutputError(name: "report.json", errno: ENOSPC, step: .write, destinationUnchanged: true) }
        }
        func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?) {}
        func finish(_ tally: ReplayTally) { Issue.record("finished after a failed write") }
    }
    let sink = FailingSink()
    #expect(throws: OutputError.self) { try runner().run(try sources(), into: [sink]) }
    #expect(sink.tracks == 2, "no track replayed after the failed write")
}

/// The run hands each track on before it reads the next file, and keeps counts only:
/// the tally matches the collected report's.
@Test func tracksArriveAsTheRunGoes() throws {
    final class Order: ReplayReportSink {
        var calls: [String] = []
        func begin(_ heading: ReportHeading) { calls.append("begin") }
        func track(_ track: ReplayedTrack, seconds: Double?) { calls.append("track \(track.report.file)#\(track.report.track)") }
        func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?) { calls.append("end \(file)") }
        func finish(_ tally: ReplayTally) { calls.append("finish") }
    }
    let order = Order()
    let sources = try sources()
    let tally = try runner().run(sources, into: [order])
    #expect(order.calls.first == "begin" && order.calls.last == "finish")
    #expect(order.calls.filter { $0.hasPrefix("end ") } == sources.map { "end \($0.eventsPath)" })
    var file: String?
    for call in order.calls where call.hasPrefix("track ") || call.hasPrefix("end ") {
        let path = call.hasPrefix("end ") ? String(call.dropFirst(4)) : String(call.dropFirst(6).prefix { $0 != "#" })
        if let file, file != path { Issue.record("\(call) before \(file) ended") }
        file = call.hasPrefix("end ") ? nil : path
    }
    #expect(tally.passed + tally.failed == order.calls.filter { $0.hasPrefix("track ") }.count)
}

/// JUnit holds its suites back (their counts come first): past its memory limit the
/// text goes to a scratch file, and the report is the same bytes.
@Test func junitHeldPastItsLimitInAScratchFileIsTheSameReport() throws {
    let runner = try runner()
    let sources = try sources()
    let report = runner.run(sources)
    var small = JUnitReportWriter(memoryLimit: 512, spillFolder: nil)
    #expect(small.render(report) == JUnitReportRenderer.render(report))
    #expect(JUnitReportRenderer.render(report).utf8.count > 50 * 512, "the report is long enough to spill")
}

/// A scratch file that cannot be made is an error naming where, never a silently short report.
@Test func junitWithoutAScratchFolderFailsSayingWhere() throws {
    let runner = try runner()
    let report = runner.run(try sources())
    var writer = JUnitReportWriter(memoryLimit: 512, spillFolder: "/nonexistent-touchtape-folder")
    let text = writer.render(report)
    #expect(text.contains("[report incomplete: cannot write a temporary file in /nonexistent-touchtape-folder: No such file or directory"))
}
