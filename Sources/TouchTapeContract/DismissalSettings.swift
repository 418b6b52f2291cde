/// Every rule of an interactive dismissal controller, as data.
///
/// An app declares its own controller's rules with `DismissalSettings.declared(edge:distance:threshold:flickVelocity:…)`;
/// TouchTape's built-in profiles are values of this type too (a replay under one:
/// `ControllerReplay(profile:)`). Each field's doc names the library behaviour it
/// reproduces; the public fields can be changed after:
///
/// ```swift
/// var rules = DismissalSettings.declared(edge: .bottom, distance: 600, threshold: 0.35, flickVelocity: 800)
/// rules.completionThreshold = 0.4         // stricter
/// rules.progressDistance = 844            // an iPhone 14's height in points
/// ```
public struct DismissalSettings: Hashable, Sendable, Codable {
    // MARK: Progress

    /// The direction of the dismissing pan.
    public var edge: DismissEdge
    /// The divisor of the progress fraction, in points: the container's height (Transition),
    /// the gesture view's height (EasyTransitions), `fromVC.view` height (PhotoZoomAnimator,
    /// also in landscape). For a horizontal edge in Transition or EasyTransitions, the width.
    public var progressDistance: Double
    /// Transition's `panDistanceMultiplier` (default 1, must be > 0): the divisor is
    /// `progressDistance × distanceMultiplier`.
    package var distanceMultiplier: Double
    /// The range the fraction sent to UIKit is clamped into: 0…1 (Transition's driver),
    /// 0…0.99 (EasyTransitions), 0…0.5 (PhotoZoomAnimator, `1 − scale` with final scale 0.5).
    public var progressClamp: ClosedRange<Double>
    /// What a pan against the dismiss direction does to the fraction.
    package var negativeTranslation: NegativeTranslation
    /// Absolute fraction or step updates.
    package var progressUpdateMode: ProgressUpdateMode
    /// The pan phases whose callback sends `updateInteractiveTransition`. Transition updates on
    /// `.began` and `.changed` and decides on the last of those (its `.ended` branch only calls
    /// `endInteraction`); EasyTransitions updates on `.changed` only; PhotoZoomAnimator does not
    /// get `.began` forwarded but updates on every forwarded callback, `.ended` and `.cancelled`
    /// included, before its end check.
    package var progressUpdatePhases: Set<PanPhase>

    // MARK: Decision

    /// What the release position test reads (clamped or raw fraction, or the anchor test).
    public var decisionInput: DecisionInput
    /// The fraction that must be passed to finish; `nil` = no distance requirement
    /// (PhotoZoomAnimator). Compared with `thresholdComparison`.
    public var completionThreshold: Double?
    /// Strict (`>`) or not (`>=`) at the threshold.
    package var thresholdComparison: Comparison
    /// The 2-D speed or the velocity along the dismiss axis.
    public var velocityMeasure: VelocityMeasure
    /// The forward flick; `nil` turns flicks off (Transition's `allowFlick = false`, PhotoZoomAnimator).
    package var flick: FlickRule?
    /// The velocity that rolls back; `nil` = none.
    public var cancelVelocity: CancelVelocityRule?
    /// What a flick across the dismiss axis does.
    package var offAxisFlick: OffAxisFlick
    /// How flick, threshold and veto combine.
    public var rule: DecisionRule

    // MARK: Gesture

    /// Which pans may start the transition.
    public var beginRule: BeginRule
    /// Whether a cancelled gesture is decided like a release.
    package var onGestureCancelled: GestureCancelledRule
    /// The pan recognizer's `maximumNumberOfTouches`; `nil` = UIKit's default (no limit).
    /// A pan that begins with more fingers is refused; `.changed` samples with more fingers
    /// are skipped (the recognizer ignores extra touches; not verified on a device).
    public var maximumTouches: Int?

    // MARK: Completion

    /// How the rest of the transition animates after the release.
    package var completion: CompletionStyle
    /// When finish/cancelInteractiveTransition is called: at the release or after the animation.
    package var interactiveCallbackTiming: InteractiveCallbackTiming

    // MARK: Unit

    /// The unit every distance and velocity here is in (the pan is scaled to it): UIKit
    /// points for the iOS libraries, dp, Flutter's logical pixels or Android pixels for the
    /// other toolkits' profiles. Reports name it after every number.
    package var unit: PlatformUnit

    // MARK: View

    /// The size of the view the gestures are measured in, as the app declared it; `nil`:
    /// the extent along the dismiss axis is the ``divisor`` and the other is a portrait
    /// phone's proportion of it (``GestureView/init(settings:)``).
    package var viewBounds: GestureView.Bounds?

    /// The divisor actually used: `progressDistance × distanceMultiplier`.
    public var divisor: Double { progressDistance * distanceMultiplier }

    /// Settings from every field; start from a `DismissalProfile` or `DismissalSettings.declared(edge:distance:threshold:flickVelocity:)` (module `TouchTapeContract`) instead.
    package init(
        edge: DismissEdge,
        progressDistance: Double,
        distanceMultiplier: Double,
        progressClamp: ClosedRange<Double>,
        negativeTranslation: NegativeTranslation,
        progressUpdateMode: ProgressUpdateMode,
        progressUpdatePhases: Set<PanPhase>,
        decisionInput: DecisionInput,
        completionThreshold: Double?,
        thresholdComparison: Comparison,
        velocityMeasure: VelocityMeasure,
        flick: FlickRule?,
        cancelVelocity: CancelVelocityRule?,
        offAxisFlick: OffAxisFlick,
        rule: DecisionRule,
        beginRule: BeginRule,
        onGestureCancelled: GestureCancelledRule,
        maximumTouches: Int?,
        completion: CompletionStyle,
        interactiveCallbackTiming: InteractiveCallbackTiming,
        unit: PlatformUnit = .points
    ) {
        self.unit = unit
        self.edge = edge
        self.progressDistance = progressDistance
        self.distanceMultiplier = distanceMultiplier
        self.progressClamp = progressClamp
        self.negativeTranslation = negativeTranslation
        self.progressUpdateMode = progressUpdateMode
        self.progressUpdatePhases = progressUpdatePhases
        self.decisionInput = decisionInput
        self.completionThreshold = completionThreshold
        self.thresholdComparison = thresholdComparison
        self.velocityMeasure = velocityMeasure
        self.flick = flick
        self.cancelVelocity = cancelVelocity
        self.offAxisFlick = offAxisFlick
        self.rule = rule
        self.beginRule = beginRule
        self.onGestureCancelled = onGestureCancelled
        self.maximumTouches = maximumTouches
        self.completion = completion
        self.interactiveCallbackTiming = interactiveCallbackTiming
    }
}
