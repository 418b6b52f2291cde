import Testing
import TouchTapeDismissal
import TouchTapeEvents
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
