import Foundation
import Testing
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

// Issue 24, reports by the conventions: the text report's width, colour, --quiet and the
// short summary of failures at its end. The run: the bundled recordings at threshold 0.9,
// where the tracks labelled finish by their distance fail expected-outcome.

private func failingReport() throws -> ReplayReport {
    let settings = SessionSettings(threshold: 0.9)
    let sources = try RecordingLocator.sources(for: [PackagePaths.recordings.path])
    let report = ReplayRunner(settings: settings, configuration: try settings.configuration()).run(sources)
    #expect(report.tracks.contains { !$0.passed } && report.tracks.contains { $0.passed }, "some fail, some pass")
    return report
}

private func render(_ report: ReplayReport, _ presentation: TextReportWriter.Presentation) -> String {
    var writer = TextReportWriter(presentation)
    return writer.render(report)
}

@Test(arguments: [40, 80, 132])
func linesKeepToTheWidthUnlessOneWordIsLonger(width: Int) throws {
    let report = try failingReport()
    let text = render(report, .init(width: width))
    // The table's rows are as wide as their columns (at most 78: a failing row says how
    // many checks failed, the lines below name them); every other line keeps to the width.
    let rows = Set(report.tracks.flatMap { TextReportRenderer.lines(TextReportRenderer.row($0), TextReportRenderer.columnWidths) }
        .map { "  " + $0 }).union(TextReportRenderer.lines(TextReportRenderer.columns, TextReportRenderer.columnWidths).map { "  " + $0 })
    #expect(rows.allSatisfy { $0.count <= 78 })
    for line in text.split(separator: "\n").map(String.init) where line.count > width && !rows.contains(line) {
        #expect(!line.trimmingCharacters(in: .whitespaces).contains(" "), "\(line.count) > \(width): \(line)")
    }
}

@Test func theFailuresAreListedAgainAtTheEndOneLineEach() throws {
    let report = try failingReport()
    let text = render(report, .init())
    let failed = report.tracks.filter { !$0.passed }
    let tail = try #require(text.components(separatedBy: "\nFailed (").last)
    #expect(tail.hasPrefix("\(failed.count) track"))
    for t in failed {
        let name = URL(fileURLWithPath: t.file).lastPathComponent
        #expect(tail.contains("\(name) track \(t.track): \(t.failedChecks.map(\.name).joined(separator: ", "))"), "\(name) \(t.track)")
    }
    #expect(text.hasSuffix(report.tally.summaryLine + "\n"))
    // A clean run has no such list.
    let clean = ReplayRunner(settings: SessionSettings(), configuration: try SessionSettings().configuration())
        .run(try RecordingLocator.sources(for: [PackagePaths.recordings.path]))
    #expect(!render(clean, .init()).contains("\nFailed ("))
}

@Test func quietShowsOnlyTheFailingTracks() throws {
    let report = try failingReport()
    let full = render(report, .init()), quiet = render(report, .init(quiet: true))
    #expect(quiet.count < full.count)
    let lines = Set(quiet.split(separator: "\n").map(String.init))
    for t in report.tracks {
        let row = TextReportRenderer.lines(TextReportRenderer.row(t), TextReportRenderer.columnWidths).map { "  " + $0 }
        #expect(row.allSatisfy { lines.contains($0) } == !t.passed, "\(t.file) \(t.track)")
    }
    #expect(quiet.contains("\nFailed (") && quiet.hasSuffix(report.tally.summaryLine + "\n"))
}

@Test func colourMarksFailuresAndTheSummaryOnlyWhenAsked() throws {
    let report = try failingReport()
    let plain = render(report, .init())
    #expect(!plain.contains("\u{1B}"))
    let coloured = render(report, .init(color: true))
    #expect(coloured.contains("\u{1B}[31m      FAILED expected-outcome"))
    #expect(coloured.contains("\u{1B}[31m" + report.tally.summaryLine + "\u{1B}[0m"))
    // Without the codes it is the plain report, word for word.
    #expect(coloured.replacingOccurrences(of: "\u{1B}[31m", with: "").replacingOccurrences(of: "\u{1B}[32m", with: "")
        .replacingOccurrences(of: "\u{1B}[0m", with: "") == plain)
}

@Test(arguments: [
    (ColorChoice.auto, true, [String: String](), true),
    (.auto, false, [:], false),
    (.auto, true, ["NO_COLOR": "1"], false),
    (.auto, true, ["NO_COLOR": ""], true),
    (.auto, true, ["TERM": "dumb"], false),
    (.always, false, ["NO_COLOR": "1"], true),
    (.never, true, [:], false),
])
func colourFollowsTheOptionTheTerminalAndNoColor(choice: ColorChoice, terminal: Bool, environment: [String: String], expected: Bool) {
    #expect(choice.enabled(isTerminal: terminal, environment: environment) == expected)
}

/// A probe row names its track and probe (`1 flick-back-diagonal`), wider than the track
/// column: that cell ends its line and the rest of the row stands under its headings on the
/// next, within 78 columns (pushed right, it stood under the wrong headings).
@Test func aProbeRowKeepsItsColumnsUnderTheirHeadings() throws {
    var runner = ReplayRunner(settings: SessionSettings(), configuration: try SessionSettings().configuration())
    runner.probes = true
    let report = runner.run(try RecordingLocator.sources(for: [PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path]))
    let text = render(report, .init())
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let heading = try #require(lines.first { $0.hasPrefix("  track  fingers") })
    let columns = ["fingers", "progress", "outcome", "expected", "checks"].map { heading.range(of: $0)!.lowerBound.utf16Offset(in: heading) }
    var probeRows = 0
    for (i, line) in lines.enumerated() where line.hasPrefix("  2 flick-back-diagonal") || line.hasPrefix("  1 threshold-1") {
        probeRows += 1
        #expect(line.trimmingCharacters(in: .whitespaces).split(separator: " ").count == 2, "the name alone: \(line)")
        let row = lines[i + 1]
        #expect(row.count <= 78, "\(row)")
        // Each cell starts where its heading does.
        for start in columns {
            let at = row.index(row.startIndex, offsetBy: start)
            #expect(row[row.index(before: at)] == " " && row[at] != " ", "a cell under each heading: \(row)")
        }
    }
    #expect(probeRows == 2)
}
