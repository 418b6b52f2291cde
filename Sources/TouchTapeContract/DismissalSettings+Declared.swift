extension DismissalSettings {
    /// The rules an app's own controller declares, for the checks to hold it to: the
    /// dismiss edge, the distance its progress divides by, and its threshold and flick.
    ///
    /// The checks recompute from the gesture: the fraction is the translation along `edge`
    /// over `distance` (negative pans count as 0), `threshold` is passed when that fraction
    /// is above it (or at it, with `finishesAtThreshold`), and a release velocity along
    /// `edge` of at least `flickVelocity` (points/s) finishes whatever the fraction; with
    /// `cancelFlickVelocity` a release at least that fast the other way cancels.
    /// `begins` says which pans may start the dismissal at all (`.any`; `.translationEdge`:
    /// only a pan that starts towards `edge`, as Transition decides in
    /// `gestureRecognizerShouldBegin`; `.positiveVelocity`: only one moving towards it, as
    /// EasyTransitions); `flickMeasure` whether the flick is judged on the velocity along the
    /// axis (`.projected`) or on its 2-D magnitude (`.magnitude2D`, Transition's).
    ///
    /// ```swift
    /// let rules = DismissalSettings.declared(edge: .bottom, distance: 800, threshold: 0.4, flickVelocity: 1000)
    /// ```
    public static func declared(
        edge: DismissEdge = .bottom, distance: Double, threshold: Double?, finishesAtThreshold: Bool = false,
        flickVelocity: Double?, cancelFlickVelocity: Double? = nil, begins: BeginRule = .any,
        flickMeasure: VelocityMeasure = .projected,
        completion: CompletionStyle = .percentDriven(duration: 0.3, completionSpeed: 1, curve: .easeInOut)
    ) -> DismissalSettings {
        DismissalSettings(
            edge: edge, progressDistance: distance, distanceMultiplier: 1, progressClamp: 0...1,
            negativeTranslation: .clamp, progressUpdateMode: .fraction, progressUpdatePhases: [.began, .changed],
            decisionInput: .rawFraction, completionThreshold: threshold,
            thresholdComparison: finishesAtThreshold ? .greaterThanOrEqual : .greaterThan,
            velocityMeasure: flickMeasure,
            flick: flickVelocity.map { FlickRule(minimumVelocity: $0, comparison: .greaterThanOrEqual) },
            cancelVelocity: cancelFlickVelocity.map { .atOrBelow(-$0) },
            offAxisFlick: .ignore, rule: .flickThenThreshold, beginRule: begins, onGestureCancelled: .decide,
            maximumTouches: nil, completion: completion, interactiveCallbackTiming: .atRelease)
    }
}
