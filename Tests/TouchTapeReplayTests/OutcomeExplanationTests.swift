import Testing
import Foundation
import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

private func transcript(_ samples: [PanSample], profile: DismissalProfile = .transition) -> Transcript {
    let settings = profile.settings
    return ReplayPipeline.transcript(samples: samples, controller: DismissalController(settings: settings),
                                     settings: settings, profileName: profile.rawValue, context: context(expect: .finish))
}

@Test func thresholdDecisionNamesProgressThresholdAndMargin() {
    let why = OutcomeExplanation(transcript: transcript(downwardPan([100, 200, 300, 450], releaseVelocity: Vector2(x: 0, y: 300))))
    #expect(why.summary.hasPrefix("threshold: release progress 0.500 > threshold 0.333 (margin +0.167)"), "\(why.summary)")
    #expect(why.summary.contains("no flick: velocity 300 pt/s vs minimum 1200 (margin -900)"), "\(why.summary)")
    #expect(abs(why.thresholdMargin! - (0.5 - 1.0 / 3.0)) < 1e-12)
    #expect(why.flickMargin == -900)
}

@Test func flickDecisionNamesVelocityAndMinimum() {
    let why = OutcomeExplanation(transcript: transcript(downwardPan([20, 40, 60], releaseVelocity: Vector2(x: 0, y: 2000))))
    #expect(why.summary.hasPrefix("flick towards bottom: |v| 2000 pt/s >= minimum 1200 (margin +800)"), "\(why.summary)")
}

@Test func refusedPanSaysWhy() {
    // Starts upwards: Transition reads the direction at .began.
    let up = [PanSample(time: 0, phase: .began, translation: .zero, velocity: Vector2(x: 0, y: -300), fingerCount: 1),
              PanSample(time: 0.1, phase: .ended, translation: Vector2(x: 0, y: -50), velocity: .zero, fingerCount: 1)]
    #expect(OutcomeExplanation(transcript: transcript(up)).summary
        == "refused: the pan started towards top (velocity (0, -300) pt/s at .began), not towards bottom")
    #expect(OutcomeExplanation(transcript: transcript(up, profile: .easytransitions)).summary
        == "refused: the velocity at .began was not towards bottom (-300 pt/s along it, needs > 0)")
    #expect(OutcomeExplanation(transcript: transcript([])).summary.hasPrefix("refused: no pan began: the contacts never moved past the slop"))
}

/// Every "none" outcome of the peer recordings says why, in every report format.
@Test(arguments: DismissalProfile.allCases)
func everyNoneOnThePeerRecordingsHasAReasonInEveryFormat(profile: DismissalProfile) throws {
    let settings = SessionSettings(profile: profile)
    let runner = ReplayRunner(settings: settings, configuration: try settings.configuration())
    let report = runner.run(try RecordingLocator.sources(for: [PackagePaths.peerRecordings.path]))
    let none = report.tracks.filter { $0.outcome == .none }
    #expect(!none.isEmpty)
    let text = TextReportRenderer.render(report)
    let json = JSONReportRenderer.render(report)
    let junit = JUnitReportRenderer.render(report)
    for t in none {
        let summary = t.explanation.summary
        #expect(summary.count > 20 && !summary.contains("no transition in state"), "\(t.file) \(t.track): \(summary)")
        #expect(json.contains("\"explanation\": " + JSONValue.string(summary).rendered()), "\(t.file) \(t.track)")
        #expect(junit.contains("<property name=\"track \(t.track)\" value=\"none: \(JUnitReportRenderer.escape(summary))\"/>"))
        #expect(text.replacingOccurrences(of: "\n        ", with: " ").contains("why: \(summary)"), "\(t.file) \(t.track)")
    }
    for line in text.split(separator: "\n") { #expect(line.count <= TextReportRenderer.width, "\(line)") }
}

@Test func textReportHeadsWithSettingsAndNamesEachFileOnce() throws {
    let settings = SessionSettings(profile: .transition, threshold: 0.4)
    let runner = ReplayRunner(settings: settings, configuration: try settings.configuration())
    let report = runner.run(try RecordingLocator.sources(for: [PackagePaths.peerRecordings.path]))
    let text = TextReportRenderer.render(report)
    #expect(text.hasPrefix("TouchTape replay — profile transition (threshold 0.4)\nsettings: threshold 0.4 (finish if >), flick |v| >= 1200 pt/s"))
    #expect(text.components(separatedBy: "\nbcm5974.event\n").count == 2, "the file is named once, relative to the folder")
    #expect(text.components(separatedBy: "assumed: resolution not reported; assumed 101.66").count == 2, "an assumption once per file")
    #expect(JSONReportRenderer.render(report).contains("\"settings\": {\n    \"profile\": \"transition\",\n    \"threshold\": 0.4,"))
}
