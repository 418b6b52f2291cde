import TouchTapePan

/// The dismissal rules of other UI toolkits, from each library's own source as
/// `docs/toolkit-rules.md` cites it (repository, file, line, commit read). Distances and
/// velocities are in the profile's ``DismissalProfile/unit`` (the pan is scaled to it);
/// the scenario sizes (an item's width, a sheet's peek) are a phone's, 411 dp wide and
/// 2000 px tall at density 2.625 — real apps differ: `--distance` overrides them.
extension DismissalProfile {
    // MARK: Flutter `Dismissible` (`packages/flutter/lib/src/widgets/dismissible.dart`)

    /// A list item on a 411 logical-px-wide phone, dismissed start to end (right, LTR).
    package static let flutterDistance: Double = 411
    /// `_kDismissThreshold = 0.4` (L22), compared `value > threshold` (L532).
    package static let flutterThreshold: Double = 0.4
    /// `_kMinFlingVelocity = 700.0` (L19): a fling needs `|v_axis| >= 700` (L483, L489).
    package static let flutterMinFlingVelocity: Double = 700
    /// `movementDuration` 200 ms for a whole 0→1 slide (L114), run over the remaining fraction.
    package static let flutterMovementDuration: Double = 0.2
    /// `kTouchSlop = 18.0` logical px (`gestures/constants.dart` L59), along the drag axis.
    package static let flutterTouchSlop: Double = 18

    static let flutterSettings = DismissalSettings(
        edge: .right,                                 // DismissDirection.startToEnd (LTR)
        progressDistance: flutterDistance,            // the item's own extent, L361–364
        distanceMultiplier: 1,
        progressClamp: 0...1,                         // AnimationController value
        negativeTranslation: .clamp,                  // one-way: wrong-way deltas not applied, L400–403
        progressUpdateMode: .fraction,
        progressUpdatePhases: [.began, .changed],
        decisionInput: .clampedFraction,              // the controller's value, L532
        completionThreshold: flutterThreshold,
        thresholdComparison: .greaterThan,
        velocityMeasure: .projected,                  // the vertical/horizontal recognizer's axis velocity
        // No fling at drag extent 0 (L470–477). `_kMinFlingVelocityDelta` 400 (L20) never bites:
        // the single-axis recognizer reports the cross axis as 0 (`considerFling`, monodrag.dart).
        flick: .init(minimumVelocity: flutterMinFlingVelocity, comparison: .greaterThanOrEqual, requiresProgress: true,
                     slidesBackAtFullThreshold: true),    // threshold 1.0: a forward fling slides back, L518–520
        cancelVelocity: .oppositeFlick,               // a reverse fling cancels at any position, L527–528
        offAxisFlick: .ignore,
        rule: .flickThenThreshold,                    // _handleDragEnd, L501–541
        beginRule: .any,
        onGestureCancelled: .decide,                  // a pointer cancel after acceptance ends like a lift
        maximumTouches: nil,
        completion: .remainingFraction(duration: flutterMovementDuration, curve: .linear, reverseCurve: .linear,
                                       sharedElement: false),
        interactiveCallbackTiming: .atRelease,
        unit: .logicalPixels
    )

    // MARK: Android Material `BottomSheetBehavior` (hide, from collapsed)

    /// The peek height of a collapsed sheet, in pixels (the divisor: `shouldHide` compares with half of it).
    package static let bottomSheetPeek: Double = 400
    /// `HIDE_THRESHOLD = 0.5f` (L227): `|newTop − collapsedOffset| / peek > 0.5`, strict (L1703–1717).
    package static let bottomSheetHideThreshold: Double = 0.5
    /// `HIDE_FRICTION = 0.1f` (L229): the release projected `yvel × 0.1` s ahead.
    package static let bottomSheetHideFriction: Double = 0.1
    /// `ViewDragHelper`'s minimum fling velocity, 50 dp/s (`ViewConfiguration.MINIMUM_FLING_VELOCITY`),
    /// in pixels at the reference density: slower components are reported as 0 (`clampMag`).
    package static let androidMinimumFlingPixels: Double = 50 * PlatformUnit.referenceDensity
    /// `ViewConfiguration.TOUCH_SLOP` 8 dp, in pixels at the reference density.
    package static let androidTouchSlopPixels: Double = 8 * PlatformUnit.referenceDensity
    /// `ViewDragHelper`'s settle: `BASE_SETTLE_DURATION` 256 ms, weighted by the distance left (an assumption: the cap and the velocity weighting are not modelled).
    package static let viewDragHelperSettle: Double = 0.256

    static let bottomSheetSettings = DismissalSettings(
        edge: .bottom,
        progressDistance: bottomSheetPeek,
        distanceMultiplier: 1,
        progressClamp: 0...1,                         // the slide offset below the collapsed line, −1…0, as 0…1
        negativeTranslation: .rawForDecision,
        progressUpdateMode: .fraction,
        progressUpdatePhases: [.began, .changed],
        // From collapsed, `releasedLow` (top > (H + E)/2) always holds below the collapsed line,
        // so the 500 px/s test (L2065) never decides: the projection alone does; above the
        // collapsed line it never hides (`top < collapsedOffset → false`).
        decisionInput: .projection(seconds: bottomSheetHideFriction, fromStartOnly: true),
        completionThreshold: bottomSheetHideThreshold,
        thresholdComparison: .greaterThan,
        velocityMeasure: .projected,
        flick: nil,
        cancelVelocity: .below(-androidMinimumFlingPixels),   // yvel < 0 → expand (L2042), after clampMag
        offAxisFlick: .ignore,
        rule: .vetoOnly,
        beginRule: .any,
        onGestureCancelled: .decide,                  // ACTION_CANCEL → dispatchViewReleased
        maximumTouches: nil,
        completion: .remainingFraction(duration: viewDragHelperSettle, curve: .easeOut, reverseCurve: .easeOut,
                                       sharedElement: false),
        interactiveCallbackTiming: .atRelease,
        unit: .pixels(density: PlatformUnit.referenceDensity)
    )

    // MARK: Android Material `SwipeDismissBehavior` (START_TO_END)

    /// The view's width in pixels: a full-width view on a 1080 px screen.
    package static let swipeDismissWidth: Double = 1080
    /// `DEFAULT_DRAG_DISMISS_THRESHOLD = 0.5f` of the width (L81), `>=` (L319–321).
    package static let swipeDismissThreshold: Double = 0.5

    static let swipeDismissSettings = DismissalSettings(
        edge: .right,                                 // SWIPE_DIRECTION_START_TO_END (LTR)
        progressDistance: swipeDismissWidth,
        distanceMultiplier: 1,
        progressClamp: 0...1,
        negativeTranslation: .clamp,
        progressUpdateMode: .fraction,
        progressUpdatePhases: [.began, .changed],
        decisionInput: .clampedFraction,
        completionThreshold: swipeDismissThreshold,
        thresholdComparison: .greaterThanOrEqual,
        velocityMeasure: .projected,
        // Any velocity ViewDragHelper does not zero decides by its direction (L306–316).
        flick: .init(minimumVelocity: androidMinimumFlingPixels, comparison: .greaterThanOrEqual),
        cancelVelocity: .oppositeFlick,
        offAxisFlick: .ignore,
        rule: .flickThenThreshold,
        beginRule: .any,
        onGestureCancelled: .decide,
        maximumTouches: nil,
        completion: .remainingFraction(duration: viewDragHelperSettle, curve: .easeOut, reverseCurve: .easeOut,
                                       sharedElement: false),
        interactiveCallbackTiming: .atRelease,
        unit: .pixels(density: PlatformUnit.referenceDensity)
    )

    // MARK: Jetpack Compose `SwipeToDismissBox` and `ModalBottomSheet`

    /// A full-width item on a 411 dp-wide phone.
    package static let composeItemWidth: Double = 411
    /// A sheet's travel from Expanded to Hidden, in dp (half a 915 dp-tall phone, rounded).
    package static let composeSheetTravel: Double = 450
    /// `SwipeToDismissBoxDefaults` / `BottomSheetDefaults.PositionalThreshold`: 56 dp, absolute.
    package static let composePositionalThreshold: Double = 56
    /// `AnchoredDraggableMinFlingVelocity` / `VelocityThreshold`: 125 dp/s, `>=` (L1463).
    package static let composeVelocityThreshold: Double = 125
    /// The snap: `tween()`, 300 ms FastOutSlowIn (cubic 0.4, 0, 0.2, 1).
    static let composeSnap = TimedCurve(duration: 0.3, curve: .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1))

    static let composeSwipeSettings = DismissalSettings(
        edge: .right,                                 // StartToEnd at +width
        progressDistance: composeItemWidth,
        distanceMultiplier: 1,
        progressClamp: 0...1,                         // offsets coerced into the anchors' range
        negativeTranslation: .clamp,
        progressUpdateMode: .fraction,
        progressUpdatePhases: [.began, .changed],
        decisionInput: .distance(composePositionalThreshold),
        completionThreshold: 0.5,                     // at rest the nearer anchor (midway, a tie dismisses)
        thresholdComparison: .greaterThanOrEqual,
        velocityMeasure: .projected,
        flick: .init(minimumVelocity: composeVelocityThreshold, comparison: .greaterThanOrEqual),
        cancelVelocity: .oppositeFlick,
        offAxisFlick: .ignore,
        rule: .anchored,                              // AnchoredDraggable computeTarget, L1450–1479
        beginRule: .any,
        onGestureCancelled: .decide,
        maximumTouches: nil,
        completion: .fixed(finish: composeSnap, cancel: composeSnap),
        interactiveCallbackTiming: .atRelease,
        unit: .dp
    )

    static let composeSheetSettings = DismissalSettings(
        edge: .bottom,                                // from Expanded down to Hidden
        progressDistance: composeSheetTravel,
        distanceMultiplier: 1,
        progressClamp: 0...1,
        negativeTranslation: .clamp,
        progressUpdateMode: .fraction,
        progressUpdatePhases: [.began, .changed],
        decisionInput: .distance(composePositionalThreshold),  // offset >= current + 56 dp moves on
        completionThreshold: nil,
        thresholdComparison: .greaterThanOrEqual,
        velocityMeasure: .projected,
        flick: .init(minimumVelocity: composeVelocityThreshold, comparison: .greaterThanOrEqual),  // signed
        cancelVelocity: nil,                          // an upward flick past 56 dp still hides (material3 internal computeTarget)
        offAxisFlick: .ignore,
        rule: .orThenVeto,
        beginRule: .any,
        onGestureCancelled: .decide,
        maximumTouches: nil,
        completion: .fixed(finish: composeSnap, cancel: composeSnap),
        interactiveCallbackTiming: .atRelease,
        unit: .dp
    )

    // MARK: React Navigation stack card (`packages/stack/src/views/Stack/Card.tsx`)

    /// A modal on an 844 pt-tall phone (the divisor is `layout.height`).
    package static let reactNavigationDistance: Double = 844
    /// `GESTURE_VELOCITY_IMPACT = 0.3` (L65): `translation + velocity × 0.3 > distance / 2` (L284–289).
    package static let reactNavigationVelocityImpact: Double = 0.3
    /// The pan handler activates after 5 pt towards the edge (`minOffsetY: 5`, L384–388).
    package static let reactNavigationActivation: Double = 5

    static let reactNavigationSettings = DismissalSettings(
        edge: .bottom,                                // gestureDirection 'vertical' (modal presets)
        progressDistance: reactNavigationDistance,
        distanceMultiplier: 1,
        progressClamp: 0...1,
        negativeTranslation: .rawForDecision,
        progressUpdateMode: .fraction,
        progressUpdatePhases: [.began, .changed],
        decisionInput: .projection(seconds: reactNavigationVelocityImpact, fromStartOnly: false),
        completionThreshold: 0.5,
        thresholdComparison: .greaterThan,
        velocityMeasure: .projected,
        flick: nil,                                   // folded into the projection
        cancelVelocity: nil,
        offAxisFlick: .ignore,
        rule: .flickThenThreshold,
        beginRule: .translationEdge,                  // activation towards the edge only
        onGestureCancelled: .ignore,                  // CANCELLED animates back, no decision (L249–262)
        maximumTouches: nil,
        // TransitionIOSSpec: a spring (stiffness 1000, damping 500, mass 3, clamped), heavily
        // overdamped; modelled as a 0.5 s ease-out over the remaining fraction (an assumption).
        completion: .remainingFraction(duration: 0.5, curve: .easeOut, reverseCurve: .easeOut, sharedElement: false),
        interactiveCallbackTiming: .atRelease,
        unit: .points
    )

    // MARK: Apple's velocity projection (WWDC 2018 "Designing Fluid Interfaces")

    /// `UIScrollView.DecelerationRate.normal`, 0.998 per millisecond: the release travels
    /// `v·r/(1 − r)` ms more, 0.499 s × v (`project(initialVelocity:decelerationRate:)`).
    package static let normalDecelerationProjection: Double = 0.998 / (1 - 0.998) / 1000

    static let projectionSettings = DismissalSettings(
        edge: .bottom,
        progressDistance: reactNavigationDistance,    // an 844 pt-tall phone
        distanceMultiplier: 1,
        progressClamp: 0...1,
        negativeTranslation: .rawForDecision,
        progressUpdateMode: .fraction,
        progressUpdatePhases: [.began, .changed],
        // The nearest of two anchors (start, dismissed) to the projected point: past half.
        decisionInput: .projection(seconds: normalDecelerationProjection, fromStartOnly: false),
        completionThreshold: 0.5,
        thresholdComparison: .greaterThan,            // nearest-corner search keeps the first on a tie
        velocityMeasure: .projected,
        flick: nil,
        cancelVelocity: nil,
        offAxisFlick: .ignore,
        rule: .flickThenThreshold,
        beginRule: .any,
        onGestureCancelled: .decide,                  // the sample decides on .ended and .cancelled
        maximumTouches: nil,
        completion: .fixed(finish: TimedCurve(duration: 0.4, curve: .spring(dampingRatio: 1, initialVelocity: .fromRelease)),
                           cancel: TimedCurve(duration: 0.4, curve: .spring(dampingRatio: 1, initialVelocity: .fromRelease))),
        interactiveCallbackTiming: .atRelease,
        unit: .points
    )
}
