import TouchTapePan

/// What the controller made of one pan sample.
package struct ProgressUpdate: Hashable, Sendable, Codable {
    /// Seconds on the track's virtual clock.
    package var time: Double
    /// The pan sample's phase.
    package var phase: PanPhase
    /// The sample's fraction before clamping (`translation along the edge / divisor`;
    /// floored at 0 first under ``DismissalSettings/NegativeTranslation/floorDelta``).
    package var rawProgress: Double
    /// The fraction UIKit holds after this sample (clamped; unchanged when not sent).
    package var progress: Double
    /// Whether this sample made an `updateInteractiveTransition` call (see
    /// ``DismissalSettings/progressUpdatePhases`` and ``DismissalSettings/maximumTouches``).
    package var sentToUIKit: Bool
    /// The controller's state after the sample (``DismissalState/interactive`` for a replayed update).
    package var state: DismissalState

    /// An update from its parts.
    package init(time: Double, phase: PanPhase, rawProgress: Double, progress: Double, sentToUIKit: Bool, state: DismissalState) {
        self.time = time
        self.phase = phase
        self.rawProgress = rawProgress
        self.progress = progress
        self.sentToUIKit = sentToUIKit
        self.state = state
    }
}
