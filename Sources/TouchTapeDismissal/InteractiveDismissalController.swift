import TouchTapeEvents
import TouchTapePan

/// The contract of an interactive dismissal controller: what an app developer implements to
/// have their own controller replayed against recorded gestures.
///
/// A driver (``DismissalRun/run(controller:samples:clock:)``, or TouchTape's replay) calls it
/// like UIKit would call a pan gesture's target:
///
/// 1. ``panBegan(_:)`` once, with the `.began` sample. Returning `nil` refuses the pan: the
///    driver sends nothing more for it and reports outcome ``Outcome/none``, reason
///    ``DecisionReason/noTransition``.
/// 2. ``panChanged(_:)`` for every `.changed` sample.
/// 3. ``panEnded(_:)`` once, with the `.ended` or `.cancelled` sample (``Decision/gestureCancelled``
///    tells them apart). The decision may be ``Outcome/none``.
/// 4. If the outcome is finish or cancel, ``completion(from:progress:velocity:)`` with the
///    decision's own progress and velocity; the driver steps the returned animation on a
///    ``VirtualClock`` and records the frames and callbacks. `nil` means no animation and no
///    callbacks at all (a check will flag a decided transition that never completes).
/// 5. ``completionEnded(finished:)`` after the last frame (optional to implement).
///
/// ```swift
/// struct AlwaysFinish: InteractiveDismissalController {
///     mutating func panBegan(_ s: PanSample) -> ProgressUpdate? {
///         ProgressUpdate(time: s.time, phase: s.phase, rawProgress: 0, progress: 0, sentToUIKit: true, state: .interactive)
///     }
///     mutating func panChanged(_ s: PanSample) -> ProgressUpdate {
///         let p = min(max(s.translation.y / 800, 0), 1)
///         return ProgressUpdate(time: s.time, phase: s.phase, rawProgress: s.translation.y / 800, progress: p, sentToUIKit: true, state: .interactive)
///     }
///     mutating func panEnded(_ s: PanSample) -> Decision {
///         Decision(outcome: .finish, reason: .threshold, time: s.time, phase: s.phase, progress: 0.5,
///                  rawProgress: 0.5, velocity: s.velocity, detail: "always")
///     }
///     func completion(from d: Decision, progress: Double, velocity: Vector2) -> CompletionAnimation? {
///         CompletionStyle.fixed(finish: TimedCurve(duration: 0.3, curve: .easeInOut),
///                               cancel: TimedCurve(duration: 0.3, curve: .easeInOut))
///             .animation(finishing: d.outcome == .finish, from: progress, axisVelocity: velocity.y,
///                        distance: 800, callbackTiming: .atRelease)
///     }
/// }
/// ```
public protocol InteractiveDismissalController {
    /// The pan was recognised. Return the first progress update, or `nil` to refuse the pan.
    mutating func panBegan(_ sample: PanSample) -> ProgressUpdate?
    /// The pan moved.
    mutating func panChanged(_ sample: PanSample) -> ProgressUpdate
    /// The pan ended (`.ended`) or was cut off (`.cancelled`): decide.
    mutating func panEnded(_ sample: PanSample) -> Decision
    /// The completion animation for a finish or cancel decision, starting at `progress`.
    func completion(from decision: Decision, progress: Double, velocity: Vector2) -> CompletionAnimation?
    /// The completion animation ran out; `finished` is the argument `completeTransition` got.
    mutating func completionEnded(finished: Bool)
}

extension InteractiveDismissalController {
    /// Controllers without an end-of-life state need not implement this.
    public mutating func completionEnded(finished: Bool) {}
}
