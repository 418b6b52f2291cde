import Testing
@testable import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

private func decide(_ settings: DismissalSettings, _ samples: [PanSample]) -> DismissalRunResult {
    DismissalRun.run(controller: DismissalController(settings: settings), samples: samples)
}

// MARK: Ties (every comparison's side of the line)

@Test func transitionTiesThresholdCancelsFlickFinishes() {
    let t = DismissalProfile.transition.settings
    // 300/900 == 1/3 exactly; the threshold is strict, so it cancels.
    #expect(decide(t, pan(v(0, 300), velocity: .zero)).outcome == .cancel)
    // |v| == 1200 exactly, pointing down: the flick test is >=, so it finishes.
    #expect(decide(t, pan(v(0, 0), velocity: v(0, 1200))).outcome == .finish)
    // |v| == 1200 exactly, pointing up, at f = 0.9: flick against.
    let up = decide(t, pan(v(0, 810), velocity: v(0, -1200)))
    #expect(up.outcome == .cancel)
    #expect(up.reason == .flick)
}

@Test func easyTransitionsTiesAllCountAgainst() {
    let e = DismissalProfile.easytransitions.settings
    #expect(decide(e, pan(v(0, 400), velocity: .zero)).outcome == .cancel)       // p == 0.5
    #expect(decide(e, pan(v(0, 0), velocity: v(0, 100))).outcome == .cancel)     // v == 100
    #expect(decide(e, pan(v(0, 800), velocity: v(0, -5))).outcome == .cancel)    // v == -5, p == 1
    #expect(decide(e, pan(v(0, 0), velocity: v(0, 100.001))).outcome == .finish)
}

@Test func photoZoomTiesAllCountFor() {
    let p = DismissalProfile.photozoom.settings
    // vy == 0 and centre exactly on its anchor (ty 0): neither strict test holds → finish.
    #expect(decide(p, pan(v(0, 0), velocity: .zero)).outcome == .finish)
    // h0 = 1600 = 2H: shift = 1600·s·(1−s)/2 with s = 1 − ty/800, i.e. ty·s, which stays below ty
    // for any ty > 0 — the boundary the fact sheet names (cancel only when h0 > 2H).
    var atTwoH = p
    atTwoH.decisionInput = .positionVsAnchor(imageHeight: 1600)
    #expect(decide(atTwoH, pan(v(0, 1), velocity: .zero)).outcome == .finish)
}

// MARK: Flick against position, backwards pans

@Test func flickBeatsPositionInTransitionButNotInPhotoZoom() {
    // Released at 0.9 of the way with a fast upward flick.
    let samples = pan(v(0, 810), velocity: v(0, -1500))
    #expect(decide(DismissalProfile.transition.settings, samples).outcome == .cancel)
    // PhotoZoomAnimator: any upward velocity vetoes, fast or not.
    #expect(decide(DismissalProfile.photozoom.settings, samples).outcome == .cancel)
    // Released at 0.05 with a fast downward flick: Transition finishes, EasyTransitions too (v > 100),
    // PhotoZoomAnimator finishes because nothing vetoes.
    let fast = pan(v(0, 45), velocity: v(0, 1500))
    #expect(decide(DismissalProfile.transition.settings, fast).reason == .flick)
    #expect(decide(DismissalProfile.easytransitions.settings, fast).reason == .flick)
    #expect(decide(DismissalProfile.photozoom.settings, fast).reason == .anchor)
}

@Test func backwardsPanReportsZeroButKeepsRawValue() {
    // Pan down 50 then back to −100: raw −100/900, UIKit holds 0.
    var samples = pan(v(0, -100), velocity: .zero)
    samples[1].translation = v(0, 50)
    let result = decide(DismissalProfile.transition.settings, samples)
    #expect(result.updates.map(\.progress) == [0, 50.0 / 900.0, 0])
    #expect(abs(result.updates[2].rawProgress - (-100.0 / 900.0)) < 1e-15)
    // PhotoZoomAnimator floors the delta: its raw progress never goes negative.
    let photo = decide(DismissalProfile.photozoom.settings, samples)
    #expect(photo.updates.allSatisfy { $0.rawProgress >= 0 })
}

// MARK: Overrides change decisions

@Test func overridingTheThresholdChangesTheDecision() {
    var stricter = DismissalProfile.transition.settings
    stricter.completionThreshold = 0.6
    // 6.1.1: f = 0.5 finishes with 1/3 but not with 0.6.
    #expect(decide(DismissalProfile.transition.settings, pan(v(0, 450), velocity: .zero)).outcome == .finish)
    #expect(decide(stricter, pan(v(0, 450), velocity: .zero)).outcome == .cancel)
    // and 0.6 exactly still cancels (strict); 541/900 = 0.6011 finishes.
    #expect(decide(stricter, pan(v(0, 540), velocity: .zero)).outcome == .cancel)
    #expect(decide(stricter, pan(v(0, 541), velocity: .zero)).outcome == .finish)
    var inclusive = stricter
    inclusive.thresholdComparison = .greaterThanOrEqual
    #expect(decide(inclusive, pan(v(0, 540), velocity: .zero)).outcome == .finish)
}

@Test func turningFlicksOffAndMovingTheDistance() {
    var noFlick = DismissalProfile.transition.settings
    noFlick.flick = nil
    // 6.1.4 (f 0.111, flick down) finishes by flick; without flicks the threshold cancels it.
    #expect(decide(noFlick, pan(v(0, 100), velocity: v(0, 1500))).outcome == .cancel)
    var shorter = DismissalProfile.transition.settings
    shorter.progressDistance = 200
    // 100/200 = 0.5 > 1/3.
    #expect(decide(shorter, pan(v(0, 100), velocity: .zero)).outcome == .finish)
    var doubled = DismissalProfile.transition.settings
    doubled.distanceMultiplier = 2
    // 450/1800 = 0.25.
    #expect(decide(doubled, pan(v(0, 450), velocity: .zero)).outcome == .cancel)
}

@Test func offAxisFlickCanBeProjected() {
    var projected = DismissalProfile.transition.settings
    projected.offAxisFlick = .projectOntoAxis
    // 6.1.8's flick (1000, 700) is horizontal; its on-axis 700 is below 1200 → still threshold.
    #expect(decide(projected, pan(v(0, 200), velocity: v(1000, 700))).reason == .threshold)
    // (1600, 1300): horizontal dominant, on-axis 1300 >= 1200 → flick down.
    #expect(decide(DismissalProfile.transition.settings, pan(v(0, 200), velocity: v(1600, 1300))).reason == .threshold)
    #expect(decide(projected, pan(v(0, 200), velocity: v(1600, 1300))).reason == .flick)
}

@Test func negativeTranslationDecidesWhatADecisionSees() {
    // Pan back to −160: raw −160/800 = −0.2. With a threshold of −0.15 the raw value fails
    // (−0.2 > −0.15 is false) but the clamped one passes (0 > −0.15).
    var e = DismissalProfile.easytransitions.settings
    e.completionThreshold = -0.15
    let samples = pan(v(0, -160), velocity: .zero)
    #expect(decide(e, samples).outcome == .cancel)       // .rawForDecision (EasyTransitions)
    e.negativeTranslation = .clamp
    #expect(decide(e, samples).outcome == .finish)
    e.negativeTranslation = .floorDelta                  // floored before dividing: 0/800 = 0
    #expect(decide(e, samples).outcome == .finish)
}

// MARK: Progress updates

@Test func stepModeAccumulatesClamping() {
    // Down 1200 (beyond the 900 pt container) then back to 900.
    let samples = [
        PanSample(time: 0, phase: .began, translation: .zero, velocity: v(0, 300), fingerCount: 1),
        PanSample(time: 0.1, phase: .changed, translation: v(0, 1200), velocity: .zero, fingerCount: 1),
        PanSample(time: 0.2, phase: .changed, translation: v(0, 900), velocity: .zero, fingerCount: 1),
        PanSample(time: 0.3, phase: .ended, translation: v(0, 900), velocity: .zero, fingerCount: 1),
    ]
    // Absolute: clamp(1200/900) = 1, then clamp(900/900) = 1.
    #expect(decide(DismissalProfile.transition.settings, samples).updates.map(\.progress) == [0, 1, 1])
    // Step: 0 + 1200/900 → clamped 1; then 1 + (900 − 1200)/900 = 2/3.
    var step = DismissalProfile.transition.settings
    step.progressUpdateMode = .step
    let stepped = decide(step, samples).updates.map(\.progress)
    #expect(stepped[0] == 0 && stepped[1] == 1)
    #expect(abs(stepped[2] - 2.0 / 3.0) < 1e-12)
}

@Test func whichPhasesSendProgress() {
    let samples = pan(v(0, 400), velocity: .zero)
    // Transition: began + changed are sent (3 updates recorded, all sent).
    let t = decide(DismissalProfile.transition.settings, samples)
    #expect(t.updates.map(\.sentToUIKit) == [true, true, true])
    // EasyTransitions: .began is not sent.
    let e = decide(DismissalProfile.easytransitions.settings, samples)
    #expect(e.updates.map(\.sentToUIKit) == [false, true, true])
    // Transition decides on the last .changed, not on the .ended sample's translation.
    var moved = samples
    moved[3].translation = v(0, 250)      // 250/900 = 0.278 would cancel; 400/900 = 0.444 finishes
    #expect(decide(DismissalProfile.transition.settings, moved).outcome == .finish)
    // PhotoZoomAnimator updates on .ended: 250/800 = 0.3125 is the release progress.
    #expect(decide(DismissalProfile.photozoom.settings, moved).releaseProgress == 0.3125)
}

// MARK: Begin rules and touches

@Test func transitionRefusesAPanThatStartsUpward() {
    let up = pan(v(0, 450), velocity: .zero, beganVelocity: v(0, -300))
    let result = decide(DismissalProfile.transition.settings, up)
    #expect(result.outcome == .none)
    #expect(result.reason == .noTransition)
    #expect(!result.began)
    // A pan that starts sideways: dominant edge .right, not .bottom.
    #expect(decide(DismissalProfile.transition.settings, pan(v(0, 450), velocity: .zero, beganVelocity: v(400, 300))).outcome == .none)
    // Zero translation and zero velocity: TransitionScreenEdge(vector: .zero) is .top → refused.
    #expect(decide(DismissalProfile.transition.settings, pan(v(0, 450), velocity: .zero, beganVelocity: .zero)).outcome == .none)
}

@Test func beginRulesAtZeroVelocity() {
    let still = pan(v(0, 450), velocity: .zero, beganVelocity: .zero)
    var s = DismissalProfile.easytransitions.settings
    #expect(decide(s, still).outcome == .none)           // v > 0 needed
    s.beginRule = .notUpward                               // FluidPhoto: only vy < 0 refuses
    #expect(decide(s, still).outcome == .finish)
    s.beginRule = .any
    #expect(decide(s, pan(v(0, 450), velocity: .zero, beganVelocity: v(0, -1))).outcome == .finish)
    s.beginRule = .notUpward
    #expect(decide(s, pan(v(0, 450), velocity: .zero, beganVelocity: v(0, -1))).outcome == .none)
}

@Test func maximumTouchesRefusesTwoFingerPans() {
    let twoFingers = pan(v(0, 450), velocity: .zero, fingers: 2)
    #expect(decide(DismissalProfile.transition.settings, twoFingers).outcome == .none)
    #expect(decide(DismissalProfile.easytransitions.settings, twoFingers).outcome == .finish)
}

// MARK: State machine

@Test func controllerWalksItsStates() {
    var c = DismissalController(profile: .transition)
    let s = pan(v(0, 450), velocity: .zero)
    #expect(c.state == .idle)
    #expect(c.panBegan(s[0])?.state == .interactive)
    #expect(c.panChanged(s[1]).state == .interactive)
    #expect(c.panChanged(s[2]).progress == 0.5)
    let d = c.panEnded(s[3])
    #expect(d.outcome == .finish)
    #expect(c.state == .animating)
    c.completionEnded(finished: true)
    #expect(c.state == .completed)
    #expect(c.unexpectedEvents.isEmpty)
    // A change after completion is recorded as unexpected, not acted on.
    _ = c.panChanged(s[2])
    #expect(c.state == .completed)
    #expect(c.unexpectedEvents == [.changed])
}

@Test func ignoredCancelLeavesTheControllerUndecided() {
    var c = DismissalController(profile: .photozoom)
    let s = pan(v(0, 300), velocity: .zero, end: .cancelled)
    _ = c.panBegan(s[0])
    _ = c.panChanged(s[1])
    let d = c.panEnded(s[3])
    #expect(d.outcome == .none && d.reason == .ignoredCancel && d.gestureCancelled)
    #expect(c.state == .undecided)
    #expect(c.completion(from: d, progress: d.progress, velocity: d.velocity) == nil)
}
