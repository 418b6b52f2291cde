import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

private let frame = 1.0 / 60

@Test func transitionCallsFinishAtReleaseAndCompletesAfterTheRemainingTime() {
    // 6.1.1: released at 0.3 s with f = 0.5; D = 0.5 → completes (1 − 0.5)·0.5 = 0.25 s later.
    let r = DismissalRun.run(controller: DismissalController(profile: .transition), samples: pan(v(0, 450), velocity: .zero))
    #expect(r.callbacks.map(\.kind) == [.finishInteractiveTransition, .completeTransition])
    #expect(r.callbacks[0].time == 0.3)
    let end = r.completionTime ?? .nan
    #expect(end >= 0.55 - 1e-9 && end < 0.55 + frame)
    #expect(r.frames.last?.value == 1)
}

@Test func transitionCancelTakesFTimesD() {
    // 6.1.6: f = 200/900 = 0.2222, cancel → 0.2222·0.5 = 0.1111 s after the 0.3 s release.
    let r = DismissalRun.run(controller: DismissalController(profile: .transition), samples: pan(v(0, 200), velocity: v(0, 1199)))
    #expect(r.outcome == .cancel)
    let expected = 0.3 + (200.0 / 900.0) * 0.5
    let end = r.completionTime ?? .nan
    #expect(end >= expected - 1e-9 && end < expected + frame)
    #expect(r.completionCallbacks == [DismissalCallback(time: end, kind: .completeTransition, finished: false)])
    #expect(r.frames.last?.value == 0)
}

@Test func framesAreOnePerDisplayFrameAndEndOnTarget() {
    let r = DismissalRun.run(controller: DismissalController(profile: .photozoom), samples: pan(v(0, 300), velocity: v(0, -1)))
    #expect(r.outcome == .cancel)
    for (a, b) in zip(r.frames, r.frames.dropFirst()) {
        #expect(abs(b.time - a.time - frame) < 1e-9)
    }
    #expect(r.frames.last?.value == 0)
    #expect(r.completionCallbacks.count == 1)
}

@Test func samplesOutsideThePanAreCountedNotFed() {
    var samples = [PanSample(time: -0.1, phase: .changed, translation: .zero, velocity: .zero, fingerCount: 1)]
    samples += pan(v(0, 450), velocity: .zero)
    samples += pan(v(0, 10), velocity: .zero).map { var s = $0; s.time += 1; return s }
    let r = DismissalRun.run(controller: DismissalController(profile: .transition), samples: samples)
    // 1 before the first .began, 4 of the second pan after the first one's end.
    #expect(r.unusedSampleCount == 5)
    #expect(r.updates.count == 3)
    #expect(DismissalRun.pans(in: samples).map(\.count) == [4, 4])
    #expect(DismissalRun.panCount(in: samples) == 2)
    // Fed one at a time, the driver counts the same unused samples as the whole run.
    var driver = DismissalDriver(controller: DismissalController(profile: .transition))
    for sample in samples { _ = driver.feed(sample) }
    #expect(driver.result == r)
}

@Test func aPanThatNeverEndsHasNoRelease() {
    let r = DismissalRun.run(controller: DismissalController(profile: .transition),
                             samples: Array(pan(v(0, 450), velocity: .zero).prefix(3)))
    #expect(r.began)
    #expect(r.outcome == .none)
    #expect(r.reason == .noRelease)
    #expect(r.callbacks.isEmpty)
}

@Test func aRefusedPanStopsTheFeed() {
    let r = DismissalRun.run(controller: DismissalController(profile: .easytransitions),
                             samples: pan(v(0, 600), velocity: .zero, beganVelocity: v(0, -10)))
    #expect(!r.began)
    #expect(r.updates.isEmpty)
    #expect(r.unusedSampleCount == 3)
    #expect((r.outcome, r.reason) == (.none, .noTransition))
}

// MARK: Any conforming controller

/// Finishes at the release but its completion block never calls `completeTransition`.
private struct NeverCompletes: InteractiveDismissalController {
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        switch gesture.state {
        case .began: transition.begin(); transition.update(0)
        case .changed: transition.update(0.4)
        case .ended, .cancelled: transition.finish()
        }
    }
    mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {}
}

/// Calls finish, then animates back to 0 and completes with `false`: the calls disagree
/// and a transcript can show it.
private struct AnimatesTheWrongWay: InteractiveDismissalController {
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        switch gesture.state {
        case .began: transition.begin(); transition.update(0)
        case .changed: transition.update(0.4)
        case .ended, .cancelled:
            transition.finish(with: CompletionStyle.fixed(finish: TimedCurve(duration: 0.1, curve: .linear),
                                                          cancel: TimedCurve(duration: 0.1, curve: .linear))
                .animation(finishing: false, from: 0.4, axisVelocity: 0, distance: 800, callbackTiming: .atRelease))
        }
    }
    mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {
        transition.completeTransition(false)
    }
}

@Test func brokenControllersAreRecordedAsTheyBehave() {
    let samples = pan(v(0, 450), velocity: .zero)
    let rules = DismissalProfile.transition.settings
    let silent = DismissalRun.run(controller: NeverCompletes(), settings: rules, samples: samples)
    #expect(silent.outcome == .finish)
    #expect(silent.callbacks.map(\.kind) == [.finishInteractiveTransition])
    #expect(silent.completionCallbacks.isEmpty)

    let wrong = DismissalRun.run(controller: AnimatesTheWrongWay(), settings: rules, samples: samples)
    #expect(wrong.callbacks.map(\.kind) == [.finishInteractiveTransition, .completeTransition])
    #expect(wrong.callbacks.map(\.finished) == [true, false])
    // 0.1 s at 60 Hz = 6 frames from 0.4 down to 0.
    #expect(wrong.frames.count == 6)
    #expect(wrong.frames.last?.value == 0)
}
