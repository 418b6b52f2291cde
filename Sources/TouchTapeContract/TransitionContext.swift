/// What an app's controller drives: the shape of `UIPercentDrivenInteractiveTransition`
/// (with `UIViewControllerContextTransitioning.completeTransition(_:)`), as a value that
/// records every call with its virtual time.
///
/// Nothing here decides or checks anything: the controller calls, TouchTape records
/// (`calls`), and the checks judge the record against the gesture and the declared rules.
///
/// - ``begin()`` starts the interactive transition (an app's `dismiss(animated: true)` in
///   `.began`). A controller that does not call it at `.began` refuses the pan.
/// - ``update(_:)`` sets the fraction (UIKit's `percentComplete`).
/// - ``finish()`` / ``cancel()`` end the interaction; the completion animation then runs
///   from ``percentComplete`` to 1 or 0 as `UIPercentDrivenInteractiveTransition` runs it:
///   ``duration`` × the remaining fraction / ``completionSpeed``, on ``completionCurve``, or
///   on ``timingParameters`` when a spring is set.
///   ``animate(finishing:duration:curve:)`` instead starts an animation of the controller's
///   own (`UIView.animate`) whose completion block makes the interactive call.
/// - ``completeTransition(_:)`` must come exactly once, after the animation; the default
///   ``InteractiveDismissalController/transitionAnimationEnded(_:)`` makes it.
public struct TransitionContext: Hashable, Sendable {
    /// The virtual time of the gesture being handled, or of the animation's last frame in
    /// ``InteractiveDismissalController/transitionAnimationEnded(_:)``.
    public package(set) var time: Double = 0
    /// Every accepted call, in order.
    package private(set) var calls: [TransitionCall] = []
    /// How many of ``calls`` are updates: a sample sent one when the count grew while it was
    /// handled (kept as the calls are recorded: looking through the sample's calls, a call
    /// on the context a driver keeps, copied the context for every sample, issue 26).
    package private(set) var updateCallCount = 0
    /// Calls that made no sense where they came (an update before ``begin()`` or after the
    /// release, a second ``begin()`` or ``animate(finishing:duration:curve:)``): kept apart, not applied; replays
    /// note them on the track. (A second finish or cancel goes into `calls`, for the checks.)
    package private(set) var ignoredCalls: [TransitionCall] = []
    /// The fraction UIKit holds: the last ``update(_:)`` (0 before any).
    public private(set) var percentComplete: Double = 0
    /// Between ``begin()`` and the interactive call.
    public private(set) var isInteractive = false
    /// ``cancel()`` was called.
    public private(set) var transitionWasCancelled = false

    /// `transitionDuration(using:)`: seconds for a whole completion run.
    public var duration: Double = 0.3
    /// `completionSpeed`: the remaining run is divided by it.
    public var completionSpeed: Double = 1
    /// `completionCurve`: the curve of the remaining run.
    public var completionCurve: TimingCurve = .easeInOut
    /// A spring (`UISpringTimingParameters`) for the remaining run instead of ``completionCurve``.
    public var timingParameters: TimingCurve?

    /// The completion animation, once the interaction ended.
    package private(set) var animation: CompletionAnimation?
    /// The controller's own account of its decision (``explain(_:_:)``), for reports.
    package private(set) var explanation: Explanation?

    /// Why the controller decided as it did, in its own words.
    package struct Explanation: Hashable, Sendable {
        /// The rule that decided.
        package var reason: DecisionReason
        /// The numbers that decided, in one line.
        package var detail: String
    }

    /// The release velocity along the dismiss axis and the progress divisor, so that a
    /// `.fromRelease` spring gets UIKit's normalized initial velocity. Read only when a
    /// completion animation starts: the gesture's velocity is fitted then, not on every
    /// callback (``setVelocity(_:along:)``).
    package var axisVelocity: Double {
        get { velocityEdge.map { $0.component(of: velocity.value) } ?? 0 }
        set { velocity.set(PanVelocity(Vector2(x: newValue, y: 0))); velocityEdge = .right }
    }
    /// The velocity of the gesture being handled, and the edge whose axis
    /// ``axisVelocity`` takes (`nil`: none set, zero).
    private var velocity = PanVelocity.Slot(PanVelocity(.zero))
    private var velocityEdge: DismissEdge?
    package let distance: Double

    /// A context for one track. The driver makes it; tests may too.
    public init(distance: Double) {
        self.distance = distance
    }

    /// The gesture's velocity for ``axisVelocity``, along `edge`'s axis; a deferred estimate
    /// stays unfitted unless an animation reads it.
    package mutating func setVelocity(_ velocity: PanVelocity, along edge: DismissEdge) {
        self.velocity.set(velocity)
        velocityEdge = edge
    }

    // MARK: Calls

    /// Starts the interactive transition (UIKit: `present`/`dismiss(animated: true)` with an
    /// interaction controller). A second call is ignored.
    public mutating func begin() {
        guard !began else { return ignore(.begin) }
        isInteractive = true
        record(.begin)
    }

    /// `update(_ percentComplete:)`: the fraction of the transition done. Recorded as given
    /// (UIKit would clamp it; the checks hold the controller to 0…1).
    public mutating func update(_ percentComplete: Double) {
        guard isInteractive else { return ignore(.update(percentComplete)) }
        self.percentComplete = percentComplete
        record(.update(percentComplete))
    }

    /// `finishInteractiveTransition()`: animate to 1 with the percent-driven timing.
    public mutating func finish() {
        end(finishing: true, animation: nil)
    }

    /// `cancelInteractiveTransition()`: animate back to 0 with the percent-driven timing.
    public mutating func cancel() {
        end(finishing: false, animation: nil)
    }

    /// `finishInteractiveTransition()` with the controller's own completion animation
    /// (e.g. `UIViewPropertyAnimator.continueAnimation`).
    package mutating func finish(with animation: CompletionAnimation) {
        end(finishing: true, animation: animation)
    }

    /// `cancelInteractiveTransition()` with the controller's own completion animation.
    package mutating func cancel(with animation: CompletionAnimation) {
        end(finishing: false, animation: animation)
    }

    /// `UIView.animate(withDuration:…)` from the pan handler, with the interactive call left
    /// for its completion block (PhotoZoomAnimator's way): the view animates from the current
    /// progress to the end (`finishing`) or back to the start over `duration` seconds along
    /// `curve` (a `.spring` is UIKit's duration-based spring); the app calls ``finish()`` or
    /// ``cancel()``, then ``completeTransition(_:)``, in
    /// ``InteractiveDismissalController/transitionAnimationEnded(_:)``.
    public mutating func animate(finishing: Bool, duration: Double, curve: TimingCurve = .easeInOut) {
        let timed = TimedCurve(duration: duration, curve: curve)
        animate(CompletionStyle.fixed(finish: timed, cancel: timed)
            .animation(finishing: finishing, from: percentComplete, axisVelocity: axisVelocity, distance: distance,
                       callbackTiming: .afterAnimation))
    }

    /// Starts a completion animation of the controller's own while the interaction is
    /// still open: the app calls ``finish()`` or ``cancel()`` (and
    /// ``completeTransition(_:)``) in its completion block,
    /// ``InteractiveDismissalController/transitionAnimationEnded(_:)``.
    package mutating func animate(_ animation: CompletionAnimation) {
        guard isInteractive, self.animation == nil else { return ignore(.animate(finishing: animation.finishing)) }
        self.animation = animation
        record(.animate(finishing: animation.finishing))
    }

    /// `completeTransition(_ didComplete:)`: the transition is over; `true` when it finished.
    public mutating func completeTransition(_ didComplete: Bool) {
        record(.completeTransition(didComplete))
    }

    /// Says why the controller decided as it did (shown in reports and `touchtape live`).
    /// Optional: without it, reports name the verdict of the declared rules.
    package mutating func explain(_ reason: DecisionReason, _ detail: String) {
        explanation = Explanation(reason: reason, detail: detail)
    }

    /// What UIKit's completion block usually does: the interactive call for an animation
    /// started with ``animate(finishing:duration:curve:)``, then `completeTransition(!transitionWasCancelled)`.
    public mutating func completeAfterAnimation() {
        if isInteractive, let animation {
            if animation.finishing { finish() } else { cancel() }
        }
        completeTransition(!transitionWasCancelled)
    }

    // MARK: Reading the record

    /// Whether ``begin()`` was called.
    public var began: Bool { calls.contains { $0.kind == .begin } }

    /// Room for `calls` recorded calls (a driver that knows a pan's length).
    package mutating func reserveCapacity(calls count: Int) {
        calls.reserveCapacity(count)
    }

    /// The outcome the calls so far set: the first finish, cancel or animate; `nil` while
    /// none was made. Kept as the calls are recorded (a replay reads it after every
    /// sample: a scan of the calls made each replay quadratic in its samples).
    public private(set) var outcome: Outcome?

    // MARK: Private

    private mutating func end(finishing: Bool, animation given: CompletionAnimation?) {
        let kind: TransitionCall.Kind = finishing ? .finish : .cancel
        // A second finish or cancel (or one with no transition) is recorded as made, not
        // applied: `completion-once` counts the interactive calls of a release.
        guard isInteractive else { return record(kind) }
        isInteractive = false
        transitionWasCancelled = !finishing
        if animation == nil {
            animation = given ?? percentDriven(finishing: finishing)
        }
        record(kind)
    }

    /// `UIPercentDrivenInteractiveTransition`'s own completion from ``percentComplete``.
    private func percentDriven(finishing: Bool) -> CompletionAnimation {
        CompletionStyle.percentDriven(duration: duration, completionSpeed: completionSpeed,
                                      curve: timingParameters ?? completionCurve)
            .animation(finishing: finishing, from: percentComplete, axisVelocity: axisVelocity,
                       distance: distance, callbackTiming: .atRelease)
    }

    private mutating func record(_ kind: TransitionCall.Kind) {
        if outcome == nil {
            switch kind {
            case .finish: outcome = .finish
            case .cancel: outcome = .cancel
            case .animate(let finishing): outcome = finishing ? .finish : .cancel
            case .begin, .update, .completeTransition: break
            }
        }
        if case .update = kind { updateCallCount += 1 }
        calls.append(TransitionCall(time: time, kind: kind))
    }

    private mutating func ignore(_ kind: TransitionCall.Kind) {
        ignoredCalls.append(TransitionCall(time: time, kind: kind))
    }
}
