import Testing
@testable import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

@Test func callsAreRecordedWithTheirTimesAndUpdatesBeforeBeginAreSetAside() {
    var t = TransitionContext(distance: 800)
    t.update(0.1)
    t.begin()
    t.time = 0.5
    t.update(0.4)
    #expect(t.calls == [TransitionCall(time: 0, kind: .begin), TransitionCall(time: 0.5, kind: .update(0.4))])
    #expect(t.ignoredCalls == [TransitionCall(time: 0, kind: .update(0.1))])
    #expect(t.percentComplete == 0.4 && t.isInteractive)
}

@Test func finishRunsThePercentDrivenCompletionFromTheCurrentFraction() {
    var t = TransitionContext(distance: 800)
    t.begin()
    t.update(0.25)
    t.duration = 0.4
    t.completionSpeed = 2
    t.completionCurve = .linear
    t.finish()
    // (1 − 0.25) × 0.4 s / 2 = 0.15 s from 0.25 to 1.
    let animation = t.animation
    #expect(animation?.finishing == true && animation?.from == 0.25 && animation?.to == 1)
    #expect(abs((animation?.duration ?? 0) - 0.15) < 1e-12)
    #expect(t.outcome == .finish && !t.isInteractive && !t.transitionWasCancelled)
    t.completeAfterAnimation()
    #expect(t.calls.map(\.kind).suffix(2) == [.finish, .completeTransition(true)])
}

@Test func anAnimationStartedFirstGetsItsInteractiveCallInTheCompletionBlock() {
    var t = TransitionContext(distance: 800)
    t.begin()
    let back = CompletionStyle.fixed(finish: TimedCurve(duration: 0.25, curve: .linear),
                                     cancel: TimedCurve(duration: 0.5, curve: .linear))
        .animation(finishing: false, from: 0, axisVelocity: 0, distance: 800, callbackTiming: .afterAnimation)
    t.animate(back)
    #expect(t.outcome == .cancel && t.isInteractive)
    t.time = 0.5
    t.completeAfterAnimation()
    #expect(t.calls.map(\.kind) == [.begin, .animate(finishing: false), .cancel, .completeTransition(false)])
    #expect(t.calls.last?.time == 0.5)
}

@Test func aPanGestureReadsLikeUIKits() {
    let sample = PanSample(time: 0.2, phase: .changed, translation: Vector2(x: 3, y: 120), velocity: Vector2(x: 0, y: 900), fingerCount: 2)
    let gesture = PanGesture(sample: sample, view: GestureView(width: 390, height: 844))
    #expect(gesture.state == .changed && gesture.numberOfTouches == 2 && gesture.timestamp == 0.2)
    #expect(gesture.translation(in: gesture.view) == Vector2(x: 3, y: 120))
    #expect(gesture.velocity(in: gesture.view).y == 900)
    #expect(gesture.view.bounds.height == 844)
}

@Test func theDriverMakesTheRecordFromCallsAndTheGesture() {
    // A controller that reports nonsense about itself cannot: the raw fraction is the
    // driver's, from the translation and the declared distance.
    struct Liar: InteractiveDismissalController {
        mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
            switch gesture.state {
            case .began: transition.begin()
            case .changed: transition.update(0.9)
            case .ended, .cancelled: transition.explain(.flick, "says so"); transition.finish()
            }
        }
    }
    let rules = DismissalProfile.transition.settings
    let r = DismissalRun.run(controller: Liar(), settings: rules, samples: pan(v(0, 90), velocity: .zero))
    #expect(r.updates.last?.rawProgress == 0.1)         // 90 / 900, not the controller's 0.9
    #expect(r.updates.last?.progress == 0.9)            // what it sent
    #expect(r.decision?.reason == .flick && r.decision?.detail == "says so")
    #expect(r.callbacks.map(\.kind) == [.finishInteractiveTransition, .completeTransition])
}
