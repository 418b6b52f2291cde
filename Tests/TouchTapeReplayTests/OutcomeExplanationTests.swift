import Testing
import Foundation
@_spi(Pipeline) import TouchTapeEvents
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
    #expect(why.summary == "threshold: release progress 0.500 > threshold 0.333; no flick: |v| 300 pt/s towards bottom"
        + " < minimum 1200; margins: threshold +0.167, flick velocity no flip", "\(why.summary)")
    #expect(abs(why.margins.threshold! - (0.5 - 1.0 / 3.0)) < 1e-12)
    #expect(why.margins.flickVelocity == nil, "a flick at 300 pt/s would finish as well")
}

@Test func flickDecisionNamesVelocityAndMinimum() {
    let why = OutcomeExplanation(transcript: transcript(downwardPan([20, 40, 60], releaseVelocity: Vector2(x: 0, y: 2000))))
    #expect(why.summary.hasPrefix("flick: |v| 2000 pt/s towards bottom >= minimum 1200; release progress 0.067 <= threshold"
        + " 0.333; margins: threshold no flip, flick velocity +800 pt/s"), "\(why.summary)")
    // `>=`: the release speed still flicks; its next double up is the flip.
    #expect(why.margins.flickVelocity == 2000.nextUp - 1200)
}

/// A slow release that cancels by the threshold: a lower minimum would make it a flick.
@Test func aCancelBelowTheFlickHasANegativeFlickMargin() {
    let why = OutcomeExplanation(transcript: transcript(downwardPan([20, 40, 60], releaseVelocity: Vector2(x: 0, y: 200))))
    #expect(why.summary.hasSuffix("margins: threshold -0.267, flick velocity -1000 pt/s"), "\(why.summary)")
    #expect(why.margins.flickVelocity == -1000)
}

/// A comparison whose numbers would print equal gets the digits that tell them apart.
@Test func printedComparisonsHoldForThePrintedNumbers() {
    #expect(OutcomeExplanation.printed(100.4, 100, digits: 0) == ("100.4", "100.0"))
    #expect(OutcomeExplanation.printed(0.33349, 1.0 / 3, digits: 3) == ("0.3335", "0.3333"))
    #expect(OutcomeExplanation.printed(5, 5, digits: 0) == ("5", "5"))
    // A probe one representable step from the boundary: whole, not "1200.000000 < 1200.000000".
    #expect(OutcomeExplanation.printed(1200.0.nextDown, 1200, digits: 0) == ("1199.9999999999998", "1200"))
    #expect(OutcomeExplanation.printed((1.0 / 3).nextUp, 1.0 / 3, digits: 3) == ("0.33333333333333337", "0.3333333333333333"))
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

/// The refusal names the movement the controller decided on: what the slop swallowed first
/// (here to the right, while the velocity at `.began` points left and down). It named the
/// velocity's direction, so a pan refused for going right could read "started towards left
/// …, not towards left".
@Test func aRefusalNamesTheMovementTheControllerDecidedOn() {
    let pan = [PanSample(time: 0, phase: .began, translation: .zero, velocity: Vector2(x: -1742, y: 294), fingerCount: 1,
                         slopTranslation: Vector2(x: 29, y: 10)),
               PanSample(time: 0.1, phase: .ended, translation: Vector2(x: -60, y: 0), velocity: .zero, fingerCount: 1)]
    var settings = DismissalProfile.transition.settings
    settings.edge = .left
    let t = ReplayPipeline.transcript(samples: pan, controller: DismissalController(settings: settings), settings: settings,
                                      profileName: "transition", context: context(expect: .finish))
    #expect(t.outcome == .none)
    #expect(OutcomeExplanation(transcript: t).summary
        == "refused: the pan started towards right (it moved (29, 10) pt before it was recognised), not towards left")
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

/// Flutter's fling gates: a fast fling that a gate refuses is "no flick", and the words say
/// why, so a report never reads "a flick too" under a cancel. A pan that comes back to its
/// start (progress 0 at the release) and is flung right: Flutter ignores it.
@Test func aFlingFluttersGatesRefuseIsNoFlickAndSaysWhy() {
    let flutter = DismissalProfile.flutter
    var samples = [PanSample(time: 0, phase: .began, translation: .zero, velocity: Vector2(x: 300, y: 0), fingerCount: 1)]
    for (i, x) in [40.0, 80, 40, 0].enumerated() {
        samples.append(PanSample(time: Double(i + 1) * 0.01, phase: .changed, translation: Vector2(x: x, y: 0),
                                 velocity: Vector2(x: 300, y: 0), fingerCount: 1))
    }
    samples.append(PanSample(time: 0.05, phase: .ended, translation: .zero, velocity: Vector2(x: 5000, y: 0), fingerCount: 1))
    let t = transcript(samples, profile: flutter)
    #expect(t.outcome == .cancel, "a fling at progress 0 does not dismiss in Flutter")
    let why = OutcomeExplanation(transcript: t)
    #expect(why.summary.contains("no flick: velocity 5000 lpx/s towards right >= minimum"), "\(why.summary)")
    #expect(why.summary.contains("but a fling at progress 0 does not count"), "\(why.summary)")
    #expect(!why.summary.contains("a flick too"), "\(why.summary)")
    // The same fling with progress is a flick (the gate is the progress, not the speed).
    samples[samples.count - 1].translation = Vector2(x: 40, y: 0)
    samples[samples.count - 2].translation = Vector2(x: 40, y: 0)
    let flung = OutcomeExplanation(transcript: transcript(samples, profile: flutter))
    #expect(!flung.summary.contains("does not count"), "\(flung.summary)")
}

/// A release at rest has no direction: the flick words say so (they read "towards top").
@Test func aReleaseAtRestHasNoDirectionInTheWords() throws {
    let words = try #require(OutcomeExplanation.flickWords(.zero, settings: DismissalProfile.transition.settings))
    #expect(!words.held && words.words.text == "|v| 0 pt/s (at rest) < minimum 1200", "\(words.words.text)")
    let moving = try #require(OutcomeExplanation.flickWords(Vector2(x: 0, y: -300), settings: DismissalProfile.transition.settings))
    #expect(moving.words.text == "|v| 300 pt/s towards top < minimum 1200")
}
