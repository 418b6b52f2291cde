extension DismissalSettings {
    /// How each progress update reaches UIKit.
    package enum ProgressUpdateMode: String, Hashable, Sendable, CaseIterable, Codable {
        /// The absolute fraction `start + translation / distance`, then clamped
        /// (Transition default, EasyTransitions, PhotoZoomAnimator).
        case fraction
        /// Transition's `updateProgressAsStep = true` (`PanInteractionController.swift` L53,
        /// L134–138): only the change since the previous update is added to the current
        /// fraction, which is clamped after every step. Unlike `.fraction`, clamping then
        /// accumulates: a pan beyond the full distance and back starts shrinking the fraction
        /// at once instead of after returning below the distance.
        case step
    }

    /// What a pan against the dismiss direction does to the fraction.
    package enum NegativeTranslation: String, Hashable, Sendable, CaseIterable, Codable {
        /// Transition: the fraction may go negative but everything downstream sees it clamped
        /// to the lower bound of ``DismissalSettings/progressClamp`` (the driver clamps,
        /// `TransitionDriver.updateInteraction` L338), including a `.rawFraction` decision.
        case clamp
        /// EasyTransitions: UIKit is sent the clamped value, but the decision sees the raw,
        /// negative `panned` (`TransitionInteractiveController.swift` L68–78).
        case rawForDecision
        /// PhotoZoomAnimator: the translation is floored at zero before it is divided
        /// (`delta = max(ty, 0)`, `ZoomDismissalInteractionController.swift` L45–50).
        case floorDelta
    }
}
