extension DismissalSettings {
    /// The rules an app's own controller declares, for the checks to hold it to: the
    /// dismiss edge, the distance its progress divides by, and how position and velocity
    /// decide. Every rule the three seed libraries use can be said here, so a port of any of
    /// them is declared as the library's code reads, without copying a built-in profile.
    ///
    /// The checks recompute from the gesture: the fraction is the translation along `edge`
    /// over `distance`, `threshold` is passed when that fraction is above it (or at it, with
    /// `finishesAtThreshold`), and a release velocity towards `edge` of at least
    /// `flickVelocity` points/s (or above it, with `finishesAtFlickVelocity: false`) is a
    /// flick. `flickMeasure` says whether that velocity is the component along the axis
    /// (`.projected`) or the 2-D magnitude with the direction of the dominant axis
    /// (`.magnitude2D`, Transition's). `cancelFlickVelocity` cancels a release at least that
    /// fast away from the edge; `cancelRule` says it exactly as a library does instead
    /// (`.oppositeFlick`: the flick rule pointing back, Transition; `.atOrBelow(-5)`,
    /// EasyTransitions; `.below(0)`: any upward velocity, PhotoZoomAnimator).
    ///
    /// - Parameters:
    ///   - edge: the screen edge the dismissal moves the view towards.
    ///   - distance: what the progress divides the translation by, in points.
    ///   - progressRange: what the controller sends to `update(_:)` stays within (EasyTransitions:
    ///     `0...0.99`; PhotoZoomAnimator: `0...0.5`).
    ///   - threshold: the fraction to pass (`nil`: no threshold).
    ///   - finishesAtThreshold: whether a fraction equal to `threshold` passes it.
    ///   - flickVelocity: the release velocity towards `edge` that finishes (`nil`: no flick).
    ///   - finishesAtFlickVelocity: whether a velocity equal to `flickVelocity` is a flick.
    ///   - flickMeasure: the velocity the flick is judged on.
    ///   - flickCrossAxisMargin: the velocity along the axis must beat the one across it by
    ///     this much to be a flick (Flutter's `Dismissible`: 400 logical px/s).
    ///   - flickNeedsProgress: a release with the fraction at zero is no flick (Flutter's
    ///     `Dismissible`: no fling at drag extent 0).
    ///   - flickSlidesBackAtFullThreshold: with `threshold` 1 or more a forward flick does not
    ///     finish (Flutter's `Dismissible`: a threshold of 1.0 disables the direction).
    ///   - cancelFlickVelocity: a release at least this fast away from `edge` cancels.
    ///   - cancelRule: the cancel rule exactly as a library says it (replaces `cancelFlickVelocity`).
    ///   - rule: how position and velocity combine (`.flickThenThreshold`, Transition's and a
    ///     card's; `.orThenVeto`, EasyTransitions' `(p > 0.5 || v > 100) && v > −5`;
    ///     `.vetoOnly`, PhotoZoomAnimator's "finish unless the cancel rule or the position says no";
    ///     `.anchored`, Compose's anchored dragging: no velocity → the nearest anchor, a flick
    ///     → its way, slower → the position test from the anchor behind the motion).
    ///   - decidesOn: the position the decision reads: the raw fraction (negative when the
    ///     pan went back; EasyTransitions'), the fraction clamped to `progressRange`
    ///     (Transition's), or the image centre against its anchor (PhotoZoomAnimator's, with
    ///     the image's height in points), the release projected ahead at its velocity
    ///     (`.projection(seconds: 0.3, fromStartOnly: false)`: React Navigation's card; 0.1 s
    ///     from the start only, Android's bottom sheet; 0.499 s, Apple's deceleration-rate
    ///     projection), or the translation in points against a distance (`.distance(56)`:
    ///     Compose's absolute positional threshold).
    ///   - begins: which pans may start the dismissal at all (`.any`; `.translationEdge`:
    ///     only a pan that starts towards `edge`, as Transition decides in
    ///     `gestureRecognizerShouldBegin`; `.positiveVelocity`: only one moving towards it,
    ///     EasyTransitions).
    ///   - maximumTouches: the recognizer's `maximumNumberOfTouches` (Transition: 1): the
    ///     replay's recognizer follows no more fingers than this, as UIKit's does.
    ///   - onGestureCancelled: what a pan that ends `.cancelled` does: `.decide` as at a
    ///     release (Transition, EasyTransitions), or `.ignore`: nothing finishes or cancels
    ///     (PhotoZoomAnimator's `didPanWith` decides only on `.ended`).
    ///   - view: the view the gestures are measured in (`gesture.view`), when its extent
    ///     along the dismiss axis is not `distance` (PhotoZoomAnimator divides by
    ///     `view.bounds.height` in landscape too: `GestureView(width: 844, height: 390)` with
    ///     `distance: 390`, edge `.right`). Default: `distance` along the dismiss axis and a
    ///     portrait phone's proportion across it (a vertical dismissal's view is
    ///     `distance × 390/844` wide), so a handler that divides by the wrong side fails.
    ///
    /// ```swift
    /// let card = DismissalSettings.declared(edge: .bottom, distance: 800, threshold: 0.4, flickVelocity: 1000)
    /// let transition = DismissalSettings.declared(distance: 900, threshold: 1.0 / 3, flickVelocity: 1200,
    ///                                             flickMeasure: .magnitude2D, cancelRule: .oppositeFlick,
    ///                                             decidesOn: .clampedFraction, begins: .translationEdge, maximumTouches: 1)
    /// ```
    public static func declared(
        edge: DismissEdge = .bottom, distance: Double, progressRange: ClosedRange<Double> = 0...1,
        threshold: Double?, finishesAtThreshold: Bool = false,
        flickVelocity: Double?, finishesAtFlickVelocity: Bool = true, flickMeasure: VelocityMeasure = .projected,
        flickCrossAxisMargin: Double? = nil, flickNeedsProgress: Bool = false, flickSlidesBackAtFullThreshold: Bool = false,
        cancelFlickVelocity: Double? = nil, cancelRule: CancelVelocityRule? = nil,
        rule: DecisionRule = .flickThenThreshold, decidesOn: DecisionInput = .rawFraction,
        begins: BeginRule = .any, maximumTouches: Int? = nil, onGestureCancelled: GestureCancelledRule = .decide,
        view: GestureView? = nil
    ) -> DismissalSettings {
        let negative: NegativeTranslation
        switch decidesOn {
        case .clampedFraction: negative = .clamp
        case .rawFraction: negative = .rawForDecision
        case .positionVsAnchor: negative = .floorDelta
        case .projection: negative = .rawForDecision
        case .distance: negative = .clamp
        }
        var settings = DismissalSettings(
            edge: edge, progressDistance: distance, distanceMultiplier: 1, progressClamp: progressRange,
            negativeTranslation: negative, progressUpdateMode: .fraction, progressUpdatePhases: [.began, .changed],
            decisionInput: decidesOn, completionThreshold: threshold,
            thresholdComparison: finishesAtThreshold ? .greaterThanOrEqual : .greaterThan,
            velocityMeasure: flickMeasure,
            flick: flickVelocity.map {
                FlickRule(minimumVelocity: $0, comparison: finishesAtFlickVelocity ? .greaterThanOrEqual : .greaterThan,
                          requiresProgress: flickNeedsProgress, crossAxisMargin: flickCrossAxisMargin,
                          slidesBackAtFullThreshold: flickSlidesBackAtFullThreshold)
            },
            cancelVelocity: cancelRule ?? cancelFlickVelocity.map { .atOrBelow(-$0) },
            offAxisFlick: .ignore, rule: rule, beginRule: begins, onGestureCancelled: onGestureCancelled,
            maximumTouches: maximumTouches,
            completion: .percentDriven(duration: 0.3, completionSpeed: 1, curve: .easeInOut),
            interactiveCallbackTiming: .atRelease)
        settings.viewBounds = view?.bounds
        return settings
    }
}
