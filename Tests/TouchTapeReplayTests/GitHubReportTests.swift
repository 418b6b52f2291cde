import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

/// `--format github` (issue 24): an error annotation per failed track, on the recording's
/// line where the track's first frame starts, escaped as the Actions toolkit escapes.
@Test(arguments: ["touchscreen-pan-down-finish.evemu", "touchpad-two-finger-pan-finish.yml"])
func aFailedTrackIsAnAnnotationOnItsFirstLine(name: String) throws {
    let scratch = try PackagePaths.scratchDirectory("github")
    defer { try? FileManager.default.removeItem(at: scratch) }
    // The bundled file with its finishing track 1 labelled cancel: expected-outcome fails.
    let source = RecordingLocator.source(forPath: PackagePaths.recordings.appendingPathComponent(name).path)
    let path = scratch.appendingPathComponent(name).path
    let output = try OutputFile(path: path)
    try RecordingRelabelling.relabel(source, locking: .standard, tracks: [1], edit: .set(expected: .cancel, note: nil),
                                     format: source.format, output: output) { _ in }
    try output.commit()
    let settings = SessionSettings()
    let report = ReplayRunner(settings: settings, configuration: try settings.configuration())
        .run([RecordingLocator.source(forPath: path)])
    let text = ReportFormat.github.render(report)
    let lines = text.split(separator: "\n").map(String.init)
    let errors = lines.filter { $0.hasPrefix("::error file=") }
    try #require(errors.count == 1, "\(text)")
    let track = try #require(report.tracks.first { $0.track == 1 })
    let line = try #require(track.line)
    #expect(errors[0].hasPrefix("::error file=\(path),line=\(line),title=touchtape%3A track 1%3A expected-outcome::expected-outcome: labelled cancel, got finish"),
            "\(errors[0])")
    #expect(errors[0].contains("%0Aoutcome finish, labelled cancel — "))
    #expect(lines.last == "::error title=touchtape replay (transition)::\(report.tracks.count - 1) passed, 1 failed")
    // The line is where the track's first frame starts: its first event line.
    let fileLines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let first = fileLines[line - 1]
    #expect(name.hasSuffix(".evemu") ? first.hasPrefix("E: ") : first.hasPrefix("    - ["), "line \(line): \(first)")
    if name.hasSuffix(".evemu") {
        #expect(line == (fileLines.firstIndex { $0.hasPrefix("E: ") } ?? -2) + 1, "track 1 starts at the first event")
    }
}

@Test func workflowCommandValuesAreEscapedAsTheToolkitDoes() {
    #expect(GitHubReportWriter.escapeData("50% a\r\nb: c, d") == "50%25 a%0D%0Ab: c, d")
    #expect(GitHubReportWriter.escapeProperty("50% a\r\nb: c, d") == "50%25 a%0D%0Ab%3A c%2C d")
    // Text from a recording reaches the log terminal-safe.
    #expect(GitHubReportWriter.command("error", [("file", "a\u{1B}]0;x\u{7}.evemu")], "note \u{1B}[2J")
            == "::error file=a\\x1b]0;x\\x07.evemu::note \\x1b[2J\n")
}

/// A recording that cannot be read is an annotation on the line the reader stopped at (it
/// had the file alone, the line only in its message).
@Test func anUnreadableRecordingIsAnAnnotationOnItsLine() throws {
    let scratch = try PackagePaths.scratchDirectory("github")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("broken.evemu").path
    try "# EVEMU 1.3\nN: x\nI: zz\n".write(toFile: path, atomically: true, encoding: .utf8)
    let settings = SessionSettings()
    let report = ReplayRunner(settings: settings, configuration: try settings.configuration()).run([RecordingLocator.source(forPath: path)])
    let error = try #require(report.errors.first)
    #expect(error.line == 3, "\(error.message)")
    let text = ReportFormat.github.render(report)
    #expect(text.hasPrefix("::error file=\(path),line=3,title=touchtape%3A cannot read the recording::"), "\(text)")
}
