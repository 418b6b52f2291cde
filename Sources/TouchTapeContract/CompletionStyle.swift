/// How a library animates the rest of the transition after the release: the setting.
/// ``CompletionStyle/animation(finishing:from:axisVelocity:distance:callbackTiming:)``
/// turns it into one concrete ``CompletionAnimation``.
package enum CompletionStyle: Hashable, Sendable, Codable {
    /// Transition: every `UIViewPropertyAnimator` is continued with
    /// `durationFactor = 1 − f` (finish) or `f` (cancel) (`TransitionDriver.animate` L230, L260),
    /// so finishing takes `(1 − f)·D`, cancelling `f·D`. On iOS 11+ a reversed animator is
    /// continued with a linear curve (L252–259): `reverseCurve`. With a shared element the
    /// remaining time is `(1 − f)·D` both ways (`propertyAnimatorForsharedElement`, L199–207).
    /// A spring `curve` runs a fresh spring over the remaining time.
    case remainingFraction(duration: Double, curve: TimingCurve, reverseCurve: TimingCurve, sharedElement: Bool)
    /// `UIPercentDrivenInteractiveTransition`: finishing from f takes `(1 − f)·D / completionSpeed`,
    /// cancelling `f·D / completionSpeed` (the cancel case is the fact sheet's inference).
    /// A cubic `curve` shapes that remaining time. A spring `curve` (EasyTransitions' modal
    /// `UIViewPropertyAnimator(duration:dampingRatio: 0.8)`) is modelled as the remaining part
    /// of one spring run of length D: it starts where that run's remaining distance equals the
    /// transition's remaining distance and plays to the end of the run, so it takes
    /// `(D − t0) / completionSpeed`, not `(1 − f)·D`. How UIKit really continues an
    /// interruptible animator is not public (fact sheet §7); this is a model choice.
    case percentDriven(duration: Double, completionSpeed: Double, curve: TimingCurve)
    /// PhotoZoomAnimator: durations that do not depend on the fraction (cancel: UIKit spring
    /// 0.5 s, ζ 0.9, v0 0; finish: 0.25 s keyframes).
    case fixed(finish: TimedCurve, cancel: TimedCurve)

    /// One run of the completion animation from the release fraction.
    ///
    /// - Parameters:
    ///   - finishing: `true` animates to 1, `false` back to 0.
    ///   - progress: the fraction UIKit holds at the release (the animation's start value).
    ///   - axisVelocity: the release velocity along the dismiss direction, points/s
    ///     (only a `.fromRelease` spring uses it).
    ///   - distance: the progress divisor in points (turns the velocity into UIKit's normalized unit).
    ///   - callbackTiming: when the library makes its finish/cancel call (kept on the run).
    package func animation(
        finishing: Bool, from progress: Double, axisVelocity: Double, distance: Double,
        callbackTiming: DismissalSettings.InteractiveCallbackTiming
    ) -> CompletionAnimation {
        let target: Double = finishing ? 1 : 0
        let remaining = abs(target - progress)
        let duration: Double
        let trajectory: CompletionAnimation.Trajectory
        switch self {
        case .remainingFraction(let d, let curve, let reverseCurve, let sharedElement):
            let factor = finishing || sharedElement ? 1 - progress : progress
            duration = max(factor * d, 0)
            trajectory = Self.fullRun(finishing ? curve : reverseCurve, duration: duration,
                                      finishing: finishing, progress: progress, axisVelocity: axisVelocity, distance: distance)
        case .percentDriven(let d, let speed, let curve):
            switch curve {
            case .spring(let zeta, let velocity):
                let v0 = Self.normalizedVelocity(velocity, finishing: finishing, progress: progress,
                                                 axisVelocity: axisVelocity, distance: distance)
                let spring = DampedSpring(duration: d, dampingRatio: zeta, initialVelocity: v0)
                let start = remaining > 0 ? spring.firstTime(atDisplacement: remaining) : d
                duration = max(d - start, 0) / speed
                trajectory = .spring(spring, startTime: start, timeScale: speed)
            case .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier:
                duration = max(remaining * d / speed, 0)
                trajectory = .curve(curve)
            }
        case .fixed(let finish, let cancel):
            let timed = finishing ? finish : cancel
            duration = max(timed.duration, 0)
            trajectory = Self.fullRun(timed.curve, duration: duration,
                                      finishing: finishing, progress: progress, axisVelocity: axisVelocity, distance: distance)
        }
        return CompletionAnimation(finishing: finishing, from: progress, to: target, duration: duration,
                                   trajectory: trajectory, interactiveCallbackTiming: callbackTiming)
    }

    /// A curve played whole over `duration`; a spring gets its ω solved for that duration.
    static func fullRun(_ curve: TimingCurve, duration: Double, finishing: Bool, progress: Double,
                        axisVelocity: Double, distance: Double) -> CompletionAnimation.Trajectory {
        switch curve {
        case .spring(let zeta, let velocity):
            let v0 = normalizedVelocity(velocity, finishing: finishing, progress: progress,
                                        axisVelocity: axisVelocity, distance: distance)
            return .spring(DampedSpring(duration: duration, dampingRatio: zeta, initialVelocity: v0), startTime: 0, timeScale: 1)
        case .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier:
            return .curve(curve)
        }
    }

    /// UIKit's normalized spring velocity: speed towards the target / remaining distance (points).
    static func normalizedVelocity(_ velocity: SpringVelocity, finishing: Bool, progress: Double,
                                   axisVelocity: Double, distance: Double) -> Double {
        switch velocity {
        case .zero: return 0
        case .normalized(let v): return v
        case .fromRelease:
            let remainingPoints = (finishing ? 1 - progress : progress) * distance
            guard remainingPoints > 0 else { return 0 }
            return (finishing ? axisVelocity : -axisVelocity) / remainingPoints
        }
    }
}
