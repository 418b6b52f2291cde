import Foundation
import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

/// `sweep` and `plot --map` keep no track (issue 21: memory flat in the track count); what
/// they write as they go is what the whole-report renderers give.
private func bundled() throws -> [RecordingSource] {
    let sources = try RecordingSelection([PackagePaths.recordings.path]).sources
    try #require(sources.count >= 11, "the bundled recordings")
    return sources
}

private func written(_ body: (OutputFile) throws -> Void) throws -> String {
    let scratch = try PackagePaths.scratchDirectory("streamed")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("out").path
    let output = try OutputFile(path: path)
    try body(output)
    try output.commit()
    return try String(contentsOfFile: path, encoding: .utf8)
}

@Test(arguments: [SweepWriter.Format.text, .json])
func aStreamedSweepIsTheWholeReport(format: SweepWriter.Format) throws {
    let sources = try bundled()
    let configuration = try SessionSettings().configuration()
    let whole = SweepReport.run(sources, configuration: configuration)
    let streamed = try written { output in
        _ = try SweepWriter.write(sources, configuration: configuration, thresholdRange: 0...1, flickRange: 0...5000,
                                  format: format, to: output)
    }
    #expect(streamed == (format == .text ? SweepRenderer.text(whole) : SweepRenderer.json(whole)))
    #expect(whole.tracks.count >= 13)
}

@Test func aSweepThatIsCancelledSaysSo() throws {
    let summary = SweepReport.stream(try bundled(), configuration: try SessionSettings().configuration(),
                                     cancelled: { true }) { _ in }
    #expect(summary == nil)
}

@Test func aTrackThatMustNotDismissIsNoConflictForTheThreshold() throws {
    // A refused track labelled none: the threshold and the flick cannot make it right or
    // wrong, so it takes no part in the agreement (it was counted as a cancel, right nowhere).
    var track = SweepReport.Track(file: "r.evemu", track: 1, expected: ExpectedOutcome.none, outcome: .none, explanation: "",
                                  margins: Margins(threshold: nil, flickVelocity: nil),
                                  starts: ["threshold": .none, "thresholdNoFlick": .none, "flickVelocity": .none],
                                  threshold: .init(setting: .threshold, flicks: true, current: 0.5, boundaries: []),
                                  thresholdNoFlick: .init(setting: .threshold, flicks: false, current: 0.5, boundaries: []),
                                  flickVelocity: .init(setting: .flickVelocity, flicks: true, current: 1000, boundaries: []))
    var accumulator = SweepReport.AgreementAccumulator(axis: "threshold", range: 0...1)
    accumulator.add(track)
    #expect(accumulator.agreement.labelled == 0)
    #expect(accumulator.agreement.conflicts.isEmpty)
    track.expected = .cancel
    accumulator.add(track)
    #expect(accumulator.agreement.conflicts == ["r.evemu track 1"], "a cancel label on a track that never cancels")
}

@Test func aStreamedDecisionMapDrawsWhatTheWholeOneDraws() throws {
    let sources = try bundled()
    let settings = SessionSettings()
    let configuration = try settings.configuration()
    let runner = ReplayRunner(settings: settings, configuration: configuration)
    let whole = DecisionMap.svg(runner.run(sources), settings: configuration.dismissal)
    let streamed = try written { output in
        let sink = try DecisionMapSink(settings: configuration.dismissal)
        _ = try runner.run(sources, into: [sink])
        try sink.write(to: output)
    }
    #expect(streamed == whole)
    #expect(streamed.components(separatedBy: "id=\"track-").count - 1 >= 12)
}

@Test func aDecisionMapTitleSurvivesTheScratchFile() {
    let title = "a\tb\\n\nc\r\nd — é"
    for sideways in [false, true] {
        let written = DecisionMap.Point(number: 7, cls: "as-labelled", progress: 0.25, velocity: -300.5, sideways: sideways, title: title)
        let point = DecisionMapSink.point(Substring(DecisionMapSink.line(written)))
        #expect(point?.title == title)
        #expect(point == written)
    }
}
