import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

private let transition = DismissalProfile.transition.settings   // H = 900 pt, threshold 1/3 strict, flick >= 1200

private func results(_ samples: [PanSample], _ breakage: Breakage? = nil, settings: DismissalSettings = transition,
                     expect: ExpectedOutcome? = nil) -> [String: CheckResult] {
    let t: Transcript
    if let breakage {
        t = ReplayPipeline.transcript(samples: samples, controller: BrokenController(settings: settings, breakage: breakage),
                                      settings: settings, profileName: "broken", context: context(expect: expect))
    } else {
        t = ReplayPipeline.transcript(samples: samples, controller: DismissalController(settings: settings),
                                      settings: settings, profileName: "transition", context: context(expect: expect))
    }
    return Dictionary(uniqueKeysWithValues: ReplayPipeline.check(t).map { ($0.name, $0) })
}

// A pan to 450 pt (f = 0.5 > 1/3) released still: finish by threshold.
private let pastThreshold = downwardPan(stride(from: 30.0, through: 450, by: 30).map { $0 }, releaseVelocity: .zero)
// A pan to 1200 pt (past the 900 pt divisor: clamped at 1) released still.
private let pastTheEnd = downwardPan(stride(from: 100.0, through: 1200, by: 100).map { $0 }, releaseVelocity: .zero)
// A pan to 200 pt (f ≈ 0.222) released with a 1500 pt/s downward flick: finish by flick.
private let flickDown = downwardPan([50, 100, 150, 200], releaseVelocity: Vector2(x: 0, y: 1500))

@Test func theRealControllerPassesEveryCheck() {
    for samples in [pastThreshold, pastTheEnd, flickDown] {
        let r = results(samples, expect: .finish)
        for name in StandardChecks.names {
            #expect(r[name]?.passed == true, "\(name): \(r[name]?.detail ?? "missing")")
        }
    }
}

@Test func progressRangeFailsWhenTheControllerDoesNotClamp() {
    // 1200 / 900 = 1.33 reaches UIKit unclamped.
    let r = results(pastTheEnd, .noClamp)
    #expect(r["progress-range"]?.passed == false)
    #expect(r["progress-range"]?.detail.contains("outside 0…1") == true)
}

@Test func progressMonotonicFailsWhenProgressRunsAgainstThePan() {
    let r = results(pastThreshold, .invertedProgress)
    #expect(r["progress-monotonic"]?.passed == false)
}

@Test func thresholdFailsWhenTheComparisonIsFlipped() {
    // f = 0.5 > 1/3 must finish; the broken controller cancels.
    let r = results(pastThreshold, .flippedThreshold)
    #expect(r["threshold"]?.passed == false)
    #expect(r["threshold"]?.detail.contains("expected finish, got cancel") == true)
    #expect(r["flick"]?.passed == true)   // no flick here: not this check's business
}

@Test func flickFailsWhenFlicksAreIgnored() {
    // 1500 pt/s down is a flick (>= 1200) and must finish even at f ≈ 0.22.
    let r = results(flickDown, .ignoresFlicks)
    #expect(r["flick"]?.passed == false)
    #expect(r["threshold"]?.passed == true)   // the velocity decides: not applicable
}

@Test func expectedOutcomeFailsAgainstTheLabel() {
    let r = results(pastThreshold, .alwaysCancel, expect: .finish)
    #expect(r["expected-outcome"]?.passed == false)
    #expect(results(pastThreshold, expect: .finish)["expected-outcome"]?.passed == true)
    #expect(results(pastThreshold, expect: .cancel)["expected-outcome"]?.passed == false)
}

@Test func completionOnceFailsWhenTheAnimationRunsBackwards() {
    let r = results(pastThreshold, .completesBackwards)
    #expect(r["completion-once"]?.passed == false)
    #expect(r["completion-once"]?.detail.contains("finished=false") == true)
}

@Test func completionOnceFailsWhenTheTransitionNeverCompletes() {
    let r = results(pastThreshold, .neverCompletes)
    #expect(r["completion-once"]?.passed == false)
    #expect(r["completion-once"]?.detail.contains("exactly one completion callback, got 0") == true)
}

@Test func checksOnAnUndecidedTrackAreSkipped() {
    // EasyTransitions refuses a pan whose velocity at .began is not downward (v > 0 needed).
    let easy = DismissalProfile.easytransitions.settings
    let samples = downwardPan([10, 20, 30], beganVelocity: -50, releaseVelocity: .zero)
    let r = results(samples, settings: easy)
    #expect(r.values.allSatisfy { $0.passed })
    // Nothing was decided: the decision checks do not apply, and say so rather than pass.
    for name in ["threshold", "flick", "completion-once", "expected-outcome", "progress-range"] {
        #expect(r[name]?.status == .skipped, "\(name): \(r[name]?.detail ?? "missing")")
    }
    #expect(r["threshold"]?.detail.contains("no decision") == true)
}

/// Settings no library ships, but an app developer (or a CLI override) can ask for: the
/// oracle must read them as the controller does, or the checks fail a correct controller.
/// Each case names the outcome the controller gives and why.
@Test func theOracleReadsOverriddenSettingsAsTheControllerDoes() {
    var noThreshold = transition
    noThreshold.completionThreshold = nil                     // nothing to fall short of: finish
    var photoZoomThreshold = DismissalProfile.photozoom.settings
    photoZoomThreshold.completionThreshold = 0.2              // the anchor passes, 0.2 does not: cancel
    var clampedRaw = DismissalProfile.easytransitions.settings
    clampedRaw.completionThreshold = 0
    clampedRaw.thresholdComparison = .greaterThanOrEqual
    clampedRaw.negativeTranslation = .clamp                   // raw −0.125 clamped to 0 ≥ 0: finish
    clampedRaw.cancelVelocity = nil
    var projected = transition
    projected.offAxisFlick = .projectOntoAxis                 // sideways flick whose y is −1300: cancel

    let cases: [(String, DismissalSettings, [PanSample], Outcome)] = [
        ("no threshold", noThreshold, downwardPan([20, 40], releaseVelocity: .zero), .finish),
        ("photozoom + threshold", photoZoomThreshold, downwardPan([30, 60, 90, 120], releaseVelocity: .zero), .cancel),
        ("photozoom + threshold, past it", photoZoomThreshold, downwardPan(stride(from: 40.0, through: 400, by: 40).map { $0 }, releaseVelocity: .zero), .finish),
        ("raw fraction clamped", clampedRaw, downwardPan([20, 0, -50, -100], beganVelocity: 300, releaseVelocity: .zero), .finish),
        ("off-axis flick projected", projected, downwardPan(pastThresholdYs, releaseVelocity: Vector2(x: 2000, y: -1300)), .cancel),
    ]
    for (name, settings, samples, outcome) in cases {
        let t = ReplayPipeline.transcript(samples: samples, controller: DismissalController(settings: settings),
                                          settings: settings, profileName: name, context: context())
        #expect(t.outcome == outcome, "\(name): \(t.outcome) (\(t.reason))")
        for check in ReplayPipeline.check(t) {
            #expect(check.passed, "\(name): \(check.name): \(check.detail)")
        }
    }
}

private let pastThresholdYs = stride(from: 30.0, through: 450, by: 30).map { $0 }

/// Issue 23: the bundled refusals (labelled none) fail `expected-outcome` under a controller
/// that begins on every pan, judged by Transition's rules; the real controller passes them,
/// and under PhotoZoomAnimator's rules (which begin on every pan) a start is no failure.
@Test func aBundledRefusalFailsUnderAControllerThatBeginsOnIt() throws {
    let source = RecordingLocator.source(forPath: PackagePaths.recordings.appendingPathComponent("touchscreen-refusals-none.evemu").path)
    func expectedOutcome(_ profile: DismissalProfile, _ breakage: Breakage?) throws -> [CheckResult] {
        let configuration = try SessionSettings(profile: profile).configuration()
        var results: [CheckResult] = []
        try RecordingReplay.run(source, configuration: configuration, makeController: { c -> BrokenController in
            BrokenController(settings: c.dismissal, breakage: breakage ?? .beginsOnEveryPan)
        }) { result in
            results += result.report.checks.filter { $0.name == "expected-outcome" }
        }
        if breakage == nil {
            results = []
            try RecordingReplay.run(source, configuration: configuration) { result in
                results += result.report.checks.filter { $0.name == "expected-outcome" }
            }
        }
        return results
    }
    let broken = try expectedOutcome(.transition, .beginsOnEveryPan)
    #expect(broken.count == 2 && broken.allSatisfy { !$0.passed && !$0.skipped }, "\(broken.map(\.detail))")
    #expect(broken.allSatisfy { $0.detail.contains("labelled none (no transition may start), but the transition began at t=") })
    let real = try expectedOutcome(.transition, nil)
    #expect(real.count == 2 && real.allSatisfy(\.passed), "\(real.map(\.detail))")
    let photozoom = try expectedOutcome(.photozoom, .beginsOnEveryPan)
    #expect(photozoom.count == 2 && photozoom.allSatisfy(\.passed), "\(photozoom.map(\.detail))")
}
