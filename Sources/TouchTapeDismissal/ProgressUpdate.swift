import TouchTapePan

/// What the controller made of one pan sample.
public struct ProgressUpdate: Hashable, Sendable {
    public var time: Double
    public var phase: PanPhase
    /// The sample's fraction before clamping (`translation along the edge / divisor`;
    /// floored at 0 first under ``DismissalSettings/NegativeTranslation/floorDelta``).
    public var rawProgress: Double
    /// The fraction UIKit holds after this sample (clamped; unchanged when not sent).
    public var progress: Double
    /// Whether this sample made an `updateInteractiveTransition` call (see
    /// ``DismissalSettings/progressUpdatePhases`` and ``DismissalSettings/maximumTouches``).
    public var sentToUIKit: Bool
    public var state: DismissalState

    public init(time: Double, phase: PanPhase, rawProgress: Double, progress: Double, sentToUIKit: Bool, state: DismissalState) {
        self.time = time
        self.phase = phase
        self.rawProgress = rawProgress
        self.progress = progress
        self.sentToUIKit = sentToUIKit
        self.state = state
    }
}
