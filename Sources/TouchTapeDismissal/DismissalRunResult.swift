import TouchTapeEvents

/// Everything one pan did to a dismissal controller: the raw material of a transcript.
public struct DismissalRunResult: Hashable, Sendable {
    /// One entry per sample the controller received (the `.began` one included when accepted).
    public var updates: [ProgressUpdate]
    /// A `.began` sample reached the controller and it accepted the pan.
    public var began: Bool
    /// The controller's decision; `nil` when it refused the pan or the samples never ended it.
    public var decision: Decision?
    /// The run's outcome (none when no decision was made).
    public var outcome: Outcome
    /// Why: the decision's reason, or no transition / no release.
    public var reason: DecisionReason
    /// The completion animation the controller asked for (finish/cancel only).
    public var animation: CompletionAnimation?
    /// The completion animation's frames on the virtual clock (the last one is on the target).
    public var frames: [CompletionFrame]
    /// Interactive and completion callbacks, in time order.
    public var callbacks: [DismissalCallback]
    /// Samples not fed to the controller: before the first `.began`, after a refusal, or after the end.
    public var unusedSampleCount: Int
    /// Calls the controller made where they do nothing (``TransitionContext/ignoredCalls``).
    public var ignoredCalls: [TransitionCall]
    /// Every call the controller made on its transition, with its virtual time: the record
    /// the updates, the decision and the callbacks were made from.
    public var calls: [TransitionCall]

    /// A result from its parts.
    public init(updates: [ProgressUpdate], began: Bool, decision: Decision?, outcome: Outcome, reason: DecisionReason,
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
    public var progressValues: [Double] { updates.map(\.progress) }
    /// When the pan was released (the decision's time).
    public var releaseTime: Double? { decision?.time }
    /// The fraction at release (the completion animation's start value).
    public var releaseProgress: Double? { decision?.progress }
    /// The velocity at the release, points/s.
    public var releaseVelocity: Vector2? { decision?.velocity }
    /// The `completeTransition` calls (exactly one for a decided transition).
    public var completionCallbacks: [DismissalCallback] { callbacks.filter { $0.kind == .completeTransition } }
    /// When the completion callback ran, if it did.
    public var completionTime: Double? { completionCallbacks.last?.time }
}
