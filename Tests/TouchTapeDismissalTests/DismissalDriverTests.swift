import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

@Test func feedingOneSampleAtATimeGivesProgressThenOneDecision() {
    var driver = DismissalDriver(controller: DismissalController(profile: .transition))
    let steps = pan(v(0, 450), velocity: .zero).compactMap { driver.feed($0) }
    #expect(steps.count == 4)
    guard case .decided(let decided)? = steps.last else { Issue.record("no decision"); return }
    #expect(decided.decision.outcome == .finish && decided.decision.reason == .threshold)
    #expect(decided.frames.last?.value == 1)
    #expect(decided.callbacks.map(\.kind) == [.finishInteractiveTransition, .completeTransition])
    #expect(driver.phase == .decided)
    #expect(driver.result == DismissalRun.run(controller: DismissalController(profile: .transition),
                                               samples: pan(v(0, 450), velocity: .zero)))
}

@Test func theWouldBeDecisionLeavesTheRunAlone() {
    var driver = DismissalDriver(controller: DismissalController(profile: .transition))
    let samples = pan(v(0, 450), velocity: .zero)
    _ = driver.feed(samples[0]); _ = driver.feed(samples[1]); _ = driver.feed(samples[2])
    let before = driver.result
    // 450 / 900 = 0.5 > 1/3: lifting now would finish.
    #expect(driver.decisionIfReleased(samples[2])?.outcome == .finish)
    #expect(driver.result == before)
    #expect(driver.phase == .driving)
    // Not driving: no would-be decision.
    #expect(DismissalDriver(controller: DismissalController(profile: .transition)).decisionIfReleased(samples[2]) == nil)
}

@Test func aRefusedPanFeedsNothingMore() {
    // EasyTransitions refuses a pan whose velocity at `.began` points away from the edge.
    var driver = DismissalDriver(controller: DismissalController(profile: .easytransitions))
    let samples = pan(v(0, 300), velocity: v(0, 100), beganVelocity: v(0, -300))
    #expect(samples.compactMap { driver.feed($0) }.isEmpty)
    #expect(driver.phase == .refused)
    #expect(driver.result.reason == .noTransition && driver.result.unusedSampleCount == 3)
}

@Test func aSecondBeganInterruptsThePan() {
    var driver = DismissalDriver(controller: DismissalController(profile: .transition))
    let samples = pan(v(0, 450), velocity: .zero)
    _ = driver.feed(samples[0]); _ = driver.feed(samples[1])
    #expect(driver.feed(samples[0]) == nil)
    #expect(driver.feed(samples[3]) == nil)
    #expect(driver.phase == .interrupted)
    #expect(driver.result.reason == .noRelease && driver.result.began && driver.result.unusedSampleCount == 2)
}

/// Asks `gestureRecognizerShouldBegin` as Transition does: the dominant direction of the
/// translation so far must be down; remembers what it was asked and how often it was called.
private struct DirectionAtShouldBegin: InteractiveDismissalController {
    var asked: [PanGesture] = []
    var handled = 0
    mutating func shouldBegin(_ gesture: PanGesture) -> Bool {
        asked.append(gesture)
        let t = gesture.translation(in: gesture.view)
        return abs(t.y) >= abs(t.x) && t.y > 0
    }
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        handled += 1
        switch gesture.state {
        case .began: transition.begin()
        case .changed: transition.update(gesture.translation(in: gesture.view).y / gesture.view.bounds.height)
        case .ended, .cancelled: transition.finish()
        }
    }
}

/// Issue 22: the contract has UIKit's `gestureRecognizerShouldBegin`. It is asked once, as the
/// slop is crossed, with the movement so far as the translation (the `.began` sample's own is
/// zero); refusing fails the gesture, so the target action is never called.
@Test func shouldBeginIsAskedOnceWithTheMovementSoFarAndRefusingFailsTheGesture() {
    var down = pan(v(0, 450), velocity: v(0, 600), beganVelocity: v(0, 600))
    down[0].slopTranslation = v(2, 9)
    var driver = DismissalDriver(controller: DirectionAtShouldBegin(), settings: DismissalProfile.transition.settings)
    for s in down { _ = driver.feed(s) }
    #expect(driver.controller.asked.count == 1)
    #expect(driver.controller.asked.first?.translation() == v(2, 9))
    #expect(driver.controller.asked.first?.velocity() == v(0, 600))
    #expect(driver.controller.asked.first?.state == .began)
    #expect(driver.controller.handled == down.count)
    #expect(driver.result.outcome == .finish)

    // Sideways before the slop: refused there, whatever the velocity says afterwards.
    var sideways = down
    sideways[0].slopTranslation = v(9, 2)
    var refused = DismissalDriver(controller: DirectionAtShouldBegin(), settings: DismissalProfile.transition.settings)
    for s in sideways { _ = refused.feed(s) }
    #expect(refused.controller.asked.count == 1)
    #expect(refused.controller.handled == 0)
    #expect(refused.result.outcome == .none && refused.result.reason == .noTransition && !refused.result.began)
}

/// Transition's built-in rule reads the same movement: a pan whose slop was crossed sideways
/// is refused even when its velocity at `.began` points down.
@Test func transitionsBeginRuleReadsTheMovementBeforeTheSlop() {
    var sideways = pan(v(0, 450), velocity: v(0, 600))
    sideways[0].slopTranslation = v(9, 2)
    #expect(DismissalRun.run(controller: DismissalController(profile: .transition), samples: sideways).outcome == .none)
    sideways[0].slopTranslation = v(2, 9)
    #expect(DismissalRun.run(controller: DismissalController(profile: .transition), samples: sideways).outcome == .finish)
}

/// Transition's step mode (`updateProgressAsStep`, `resetProgressIfNeeded`) reads the
/// translation since the last callback by resetting it with `setTranslation(.zero, in:)`. As
/// on UIKit's recognizer, the reset holds for every later callback of the pan (each gesture is
/// a value, the recognizer's state is shared), and velocity is left alone.
@Test func setTranslationHoldsForTheRestOfThePan() {
    struct Stepper: InteractiveDismissalController {
        var steps: [Double] = []
        var velocities: [Double] = []
        mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
            switch gesture.state {
            case .began: transition.begin()
            case .changed, .ended, .cancelled:
                steps.append(gesture.translation(in: gesture.view).y)
                velocities.append(gesture.velocity(in: gesture.view).y)
                gesture.setTranslation(.zero, in: gesture.view)
                #expect(gesture.translation(in: gesture.view) == .zero)
                if gesture.state == .changed { transition.update(steps.reduce(0, +) / 900) } else { transition.finish() }
            }
        }
    }
    let samples = pan(v(0, 450), velocity: v(0, 600), beganVelocity: v(0, 600))
    var driver = DismissalDriver(controller: Stepper(), settings: DismissalProfile.transition.settings)
    for sample in samples { _ = driver.feed(sample) }
    let raw = samples.filter { $0.phase != .began }.map(\.translation.y)
    // Each step is the movement since the previous callback, and they add up to the pan.
    #expect(driver.controller.steps.count == raw.count)
    #expect(abs(driver.controller.steps.reduce(0, +) - raw.last!) < 1e-9)
    #expect(driver.controller.steps.first == raw.first)
    #expect(driver.controller.velocities == samples.filter { $0.phase != .began }.map(\.velocity.y))
    // A gesture of a fresh pan starts from its own translation again.
    var fresh = DismissalDriver(controller: Stepper(), settings: DismissalProfile.transition.settings)
    for sample in samples { _ = fresh.feed(sample) }
    #expect(fresh.controller.steps == driver.controller.steps)
}
