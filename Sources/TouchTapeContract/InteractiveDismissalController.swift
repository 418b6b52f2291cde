/// The contract of an interactive dismissal controller: what an app developer implements to
/// have their own controller replayed against recorded gestures, and what TouchTape's
/// ten built-in profiles (`DismissalController`) implement too — there is no other way
/// into a replay.
///
/// It has the shape of UIKit code: a pan gesture's target action reads the gesture
/// (``PanGesture``: state, `translation(in:)`, `velocity(in:)`, `numberOfTouches`) and
/// calls a percent-driven transition (``TransitionContext``: `begin()`, `update(_:)`,
/// `finish()`, `cancel()`, completion speed/curve or a spring, `completeTransition(_:)`).
/// TouchTape records the calls; the checks judge the record against the gesture and the
/// rules the developer declares, never against values the controller reports about itself.
///
/// A driver (a replay) first asks ``shouldBegin(_:)`` once, when the pan
/// crosses the slop (UIKit's `gestureRecognizerShouldBegin`): its gesture's
/// `translation(in:)` is the movement so far, its `velocity(in:)` that of the moment. `false`
/// fails the gesture: the target action is never called. Then it calls
/// ``handlePan(_:transition:)`` once per pan sample, from `.began` (whose translation is zero:
/// the slop is swallowed) to `.ended`/`.cancelled`. Not calling
/// ``TransitionContext/begin()`` at `.began` refuses the pan (outcome ``Outcome/none``).
/// The first finish/cancel ends the interaction; its completion animation runs on the
/// virtual clock, then ``transitionAnimationEnded(_:)`` is called (by default it calls
/// `completeTransition(!transitionWasCancelled)`).
///
/// A replay makes a fresh controller for every track (a factory or `init`), so state never
/// leaks from one gesture to the next.
///
/// ```swift
/// struct CardDismissal: InteractiveDismissalController {
///     mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
///         let view = gesture.view
///         let progress = min(max(gesture.translation(in: view).y / view.bounds.height, 0), 1)
///         switch gesture.state {
///         case .began: transition.begin()
///         case .changed: transition.update(progress)
///         case .ended, .cancelled:
///             progress > 0.4 || gesture.velocity(in: view).y > 1000 ? transition.finish() : transition.cancel()
///         }
///     }
/// }
/// ```
public protocol InteractiveDismissalController {
    /// UIKit's `gestureRecognizerShouldBegin`: called once, as the pan crosses the slop, with
    /// the gesture as it is then (state `.began`; `translation(in:)` the movement from where
    /// the fingers came down to where the pan was recognised, the part the slop swallowed). `false`: the pan is refused and
    /// ``handlePan(_:transition:)`` never called. The default begins every pan.
    mutating func shouldBegin(_ gesture: PanGesture) -> Bool
    /// The pan gesture's target action, called for every sample of the pan.
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext)
    /// The completion animation reached its last frame (a `UIView.animate` or animator
    /// completion block). The default calls ``TransitionContext/completeAfterAnimation()``.
    mutating func transitionAnimationEnded(_ transition: inout TransitionContext)
}

extension InteractiveDismissalController {
    /// Controllers with no `gestureRecognizerShouldBegin` need not implement this: every pan begins.
    public mutating func shouldBegin(_ gesture: PanGesture) -> Bool { true }

    /// Controllers whose completion block only completes the transition need not implement this.
    public mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {
        transition.completeAfterAnimation()
    }
}
