import TouchTapePan

/// What the controller made of one pan sample.
public struct ProgressUpdate: Hashable, Sendable {
    /// Seconds on the track's virtual clock.
    public var time: Double
    /// The pan sample's phase.
    public var phase: PanPhase
    /// The sample's fraction before clamping (`translation along the edge / divisor`;
    /// floored at 0 first under ``DismissalSettings/NegativeTranslation/floorDelta``).
    public var rawProgress: Double
    /// The fraction UIKit holds after this sample (clamped; unchanged when not sent).
    public var progress: Double
    /// Whether this sample made an `updateInteractiveTransition` call (see
    /// ``DismissalSettings/progressUpdatePhases`` and ``DismissalSettings/maximumTouches``).
    public var sentToUIKit: Bool
    /// The controller's state after the sample (``DismissalState/interactive`` for a replayed update).
    public var state: DismissalState

    /// An update from its parts.
    public init(time: Double, phase: PanPhase, rawProgress: Double, progress: Double, sentToUIKit: Bool, state: DismissalState) {
        self.time = time
        self.phase = phase
        self.rawProgress = rawProgress
        self.progress = progress
        self.sentToUIKit = sentToUIKit
        self.state = state
    }
}
