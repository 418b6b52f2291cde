@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

/// The result of a release (`.ended`) or of a gesture cut off (`.cancelled`).
package struct Decision: Hashable, Sendable, Codable {
    /// Finish, cancel, or none (no transition, or no decision).
    package var outcome: Outcome
    /// Which rule decided, for reports.
    package var reason: DecisionReason
    /// The time of the release sample (seconds on the virtual clock's time base).
    package var time: Double
    /// `.ended` or `.cancelled`: the phase of the sample that ended the pan.
    package var phase: PanPhase
    /// The fraction UIKit holds at release: where the completion animation starts.
    package var progress: Double
    /// The unclamped fraction of the release sample.
    package var rawProgress: Double
    /// The release velocity, points per second (+y down).
    package var velocity: Vector2
    /// A one-line account of the numbers that decided, e.g. `fraction 0.5 > 0.3333`.
    package var detail: String
    /// Whether ``reason`` and ``detail`` are the controller's own (``TransitionContext/explain(_:_:)``);
    /// `false` when it gave none and the report should name the declared rules' verdict.
    package var explainedByController: Bool

    /// A decision from its parts.
    package init(outcome: Outcome, reason: DecisionReason, time: Double, phase: PanPhase, progress: Double,
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
    package var gestureCancelled: Bool { phase == .cancelled }
}
