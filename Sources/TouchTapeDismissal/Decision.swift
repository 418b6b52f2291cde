import TouchTapeEvents
import TouchTapePan

/// The result of a release (`.ended`) or of a gesture cut off (`.cancelled`).
public struct Decision: Hashable, Sendable {
    /// Finish, cancel, or none (no transition, or no decision).
    public var outcome: Outcome
    /// Which rule decided, for reports.
    public var reason: DecisionReason
    /// The time of the release sample (seconds on the virtual clock's time base).
    public var time: Double
    /// `.ended` or `.cancelled`: the phase of the sample that ended the pan.
    public var phase: PanPhase
    /// The fraction UIKit holds at release: where the completion animation starts.
    public var progress: Double
    /// The unclamped fraction of the release sample.
    public var rawProgress: Double
    /// The release velocity, points per second (+y down).
    public var velocity: Vector2
    /// A one-line account of the numbers that decided, e.g. `fraction 0.5 > 0.3333`.
    public var detail: String
    /// Whether ``reason`` and ``detail`` are the controller's own (``TransitionContext/explain(_:_:)``);
    /// `false` when it gave none and the report should name the declared rules' verdict.
    public var explainedByController: Bool

    /// A decision from its parts.
    public init(outcome: Outcome, reason: DecisionReason, time: Double, phase: PanPhase, progress: Double,
                rawProgress: Double, velocity: Vector2, detail: String, explainedByController: Bool = true) {
        self.outcome = outcome
        self.reason = reason
        self.time = time
        self.phase = phase
        self.progress = progress
        self.rawProgress = rawProgress
        self.velocity = velocity
        self.detail = detail
        self.explainedByController = explainedByController
    }

    /// The pan was cut off rather than released.
    public var gestureCancelled: Bool { phase == .cancelled }
}
