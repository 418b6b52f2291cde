extension DismissalSettings {
    /// Whether a recognised pan starts a dismissal at all.
    public enum BeginRule: String, Hashable, Sendable, CaseIterable, Codable {
        /// Transition: the dominant direction of the pan at `gestureRecognizerShouldBegin` must
        /// be the dismiss edge (`TransitionController.swift` L337–350). The direction is that of
        /// the translation at that moment, the movement the slop swallowed (what
        /// `translation(in:)` reads in ``InteractiveDismissalController/shouldBegin(_:)``); a hand-made `.began` sample without one falls back on
        /// its translation, then its velocity; all zero gives `.top`, as
        /// `TransitionScreenEdge(vector: .zero)` does.
        case translationEdge
        /// EasyTransitions: the projected velocity at `.began` must be `> 0` (strict, L62).
        case positiveVelocity
        /// PhotoZoomAnimator: any recognised pan pops (`PagingCollectionViewController.swift` L153–168).
        case any
        /// FluidPhoto: refuse when the velocity at begin points against the dismiss direction
        /// (`vy < 0`; `PhotoPageContainerViewController.swift` L65–84). Zero is allowed.
        case notUpward
    }

    /// What a pan that ends `.cancelled` (the system took the touches: a call, a
    /// notification pulled down, the app sent to the background) does.
    public enum GestureCancelledRule: String, Hashable, Sendable, CaseIterable, Codable {
        /// Decide exactly as at a release (Transition L357–359, EasyTransitions L71–78).
        case decide
        /// PhotoZoomAnimator: `didPanWith` decides only on `.ended`, so nothing finishes or
        /// cancels; the transition stays interactive with no callback. Outcome `.none`.
        case ignore
    }

    /// When `finishInteractiveTransition` / `cancelInteractiveTransition` are called.
    package enum InteractiveCallbackTiming: String, Hashable, Sendable, CaseIterable, Codable {
        /// At release (Transition `endInteraction` L364–380; EasyTransitions `finish()`/`cancel()`).
        case atRelease
        /// In the completion block, right before `completeTransition` (PhotoZoomAnimator L87–128).
        case afterAnimation
    }
}
