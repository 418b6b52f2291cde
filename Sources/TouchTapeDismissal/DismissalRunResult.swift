@_spi(Pipeline) import TouchTapeEvents

/// Everything one pan did to a dismissal controller: the raw material of a transcript.
package struct DismissalRunResult: Hashable, Sendable {
    /// One entry per sample the controller received (the `.began` one included when accepted).
    package var updates: [ProgressUpdate]
    /// A `.began` sample reached the controller and it accepted the pan.
    package var began: Bool
    /// The controller's decision; `nil` when it refused the pan or the samples never ended it.
    package var decision: Decision?
    /// The run's outcome (none when no decision was made).
    package var outcome: Outcome
    /// Why: the decision's reason, or no transition / no release.
    package var reason: DecisionReason
    /// The completion animation the controller asked for (finish/cancel only).
    package var animation: CompletionAnimation?
    /// The completion animation's frames on the virtual clock (the last one is on the target).
    package var frames: [CompletionFrame]
    /// Interactive and completion callbacks, in time order.
    package var callbacks: [DismissalCallback]
    /// Samples not fed to the controller: before the first `.began`, after a refusal, or after the end.
    package var unusedSampleCount: Int
    /// Calls the controller made where they do nothing (``TransitionContext/ignoredCalls``).
    package var ignoredCalls: [TransitionCall]
    /// Every call the controller made on its transition, with its virtual time: the record
    /// the updates, the decision and the callbacks were made from.
    package var calls: [TransitionCall]

    /// A result from its parts.
    package init(updates: [ProgressUpdate], began: Bool, decision: Decision?, outcome: Outcome, reason: DecisionReason,
                animation: CompletionAnimation?, frames: [CompletionFrame], callbacks: [DismissalCallback],
                unusedSampleCount: Int, ignoredCalls: [TransitionCall] = [], calls: [TransitionCall] = []) {
        self.updates = updates
        self.began = began
        self.decision = decision
        self.outcome = outcome
        self.reason = reason
        self.animation = animation
        self.frames = frames
        self.callbacks = callbacks
        self.unusedSampleCount = unusedSampleCount
        self.ignoredCalls = ignoredCalls
        self.calls = calls
    }

    /// The fraction UIKit held after each sample.
    package var progressValues: [Double] { updates.map(\.progress) }
    /// When the pan was released (the decision's time).
    package var releaseTime: Double? { decision?.time }
    /// The fraction at release (the completion animation's start value).
    package var releaseProgress: Double? { decision?.progress }
    /// The velocity at the release, points/s.
    package var releaseVelocity: Vector2? { decision?.velocity }
    /// The `completeTransition` calls (exactly one for a decided transition).
    package var completionCallbacks: [DismissalCallback] { callbacks.filter { $0.kind == .completeTransition } }
    /// When the completion callback ran, if it did.
    package var completionTime: Double? { completionCallbacks.last?.time }
}
