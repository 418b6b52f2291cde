/// The libraries TouchTape reproduces, each as a ``DismissalSettings`` value: the three iOS
/// libraries, and the dismissal rules of Flutter, Android (Material Components views and
/// Jetpack Compose), React Navigation and Apple's velocity projection
/// (`DismissalProfile+Toolkits.swift`, `docs/toolkit-rules.md`).
///
/// Values come from the fact sheet `docs/dismissal-rules.md`, which cites the
/// source lines; the constants below repeat the citation. The progress divisor of each
/// profile is the view height of the fact sheet's scenarios (Transition 900 pt container,
/// EasyTransitions 800 pt gesture view, PhotoZoomAnimator 800 pt view with a 450 pt image):
/// real apps differ, so the CLI lets the user override it (`--distance`).
///
/// A test replays recordings under one through the same contract as an app's controller
/// (the report equals `touchtape replay --profile easytransitions`):
///
/// ```swift
/// let result = ControllerReplay(profile: .easytransitions).run(try Recordings(path: "Recordings"))
/// ```
public enum DismissalProfile: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// Touchwonders "Transition" (`PanInteractionController` defaults, modal dismiss at `.bottom`).
    case transition
    /// marcosgriselli "EasyTransitions" (`.regular(.fromTop)`, modal path).
    case easytransitions
    /// jhrcook "PhotoZoomAnimator" (portrait).
    case photozoom
    /// Flutter's `Dismissible` (start to end; logical pixels).
    case flutter
    /// Android Material Components' `BottomSheetBehavior`, hiding a collapsed sheet (pixels at density 2.625).
    case bottomsheet
    /// Android Material Components' `SwipeDismissBehavior`, start to end (pixels at density 2.625).
    case swipedismiss
    /// Jetpack Compose Material 3 `SwipeToDismissBox`, start to end (dp).
    case composeswipe
    /// Jetpack Compose Material 3 `ModalBottomSheet`, from Expanded to Hidden (dp).
    case composesheet
    /// React Navigation's stack card, a modal dismissed downwards (points).
    case reactnavigation
    /// Apple's velocity projection ("Designing Fluid Interfaces", WWDC 2018; points).
    case projection

    /// The profile with this name, ignoring case, `-` and `_` (`"EasyTransitions"`,
    /// `"photo-zoom"`); `nil` when there is none.
    package static func named(_ name: String) -> DismissalProfile? {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        return allCases.first { $0.rawValue == key }
    }

    /// The profile's name, as `--profile` takes it.
    public var description: String { rawValue }

    /// The library (and the type) whose rules the profile follows, for help and reports.
    package var libraryName: String {
        switch self {
        case .transition: return "Transition's PanInteractionController"
        case .easytransitions: return "EasyTransitions"
        case .photozoom: return "PhotoZoomAnimator"
        case .flutter: return "Flutter's Dismissible"
        case .bottomsheet: return "Android's BottomSheetBehavior"
        case .swipedismiss: return "Android's SwipeDismissBehavior"
        case .composeswipe: return "Compose's SwipeToDismissBox"
        case .composesheet: return "Compose's ModalBottomSheet"
        case .reactnavigation: return "React Navigation's stack card"
        case .projection: return "Apple's velocity projection"
        }
    }

    /// The settings that reproduce the library.
    package var settings: DismissalSettings {
        switch self {
        case .transition: return Self.transitionSettings
        case .easytransitions: return Self.easyTransitionsSettings
        case .photozoom: return Self.photoZoomSettings
        case .flutter: return Self.flutterSettings
        case .bottomsheet: return Self.bottomSheetSettings
        case .swipedismiss: return Self.swipeDismissSettings
        case .composeswipe: return Self.composeSwipeSettings
        case .composesheet: return Self.composeSheetSettings
        case .reactnavigation: return Self.reactNavigationSettings
        case .projection: return Self.projectionSettings
        }
    }

    /// The unit the library's numbers are in, and so the pan's default scale.
    package var unit: PlatformUnit { settings.unit }

    /// The toolkit's own touch slop in its unit, where it is not UIKit's (`nil`: the pan's
    /// default, 10 pt on touchscreens).
    package var touchscreenSlop: Double? {
        switch self {
        case .transition, .easytransitions, .photozoom, .projection: return nil
        case .flutter: return Self.flutterTouchSlop
        case .bottomsheet, .swipedismiss: return Self.androidTouchSlopPixels
        case .composeswipe, .composesheet: return 8            // ViewConfiguration.touchSlop, 8 dp
        case .reactnavigation: return Self.reactNavigationActivation
        }
    }

    // MARK: Transition

    /// Fact sheet scenario 6.1: a 900 pt container.
    package static let transitionDistance: Double = 900
    /// `completionThreshold = 1.0 / 3.0` (`PanInteractionController.swift` L56), strict `>` (L105).
    package static let transitionCompletionThreshold: Double = 1.0 / 3.0
    /// `minimumFlickVelocity = 1200` points/s (L63), compared with `>=` (L93) against |v|.
    package static let transitionMinimumFlickVelocity: Double = 1200
    /// App-supplied `Transition(duration:…)`; 0.5 s as in the catalogue example
    /// (`CatalogMenu.swift` L78) and README L135, with the built-in `.easeInOut` curve.
    package static let transitionDuration: Double = 0.5

    static let transitionSettings = DismissalSettings(
        edge: .bottom,
        progressDistance: transitionDistance,
        distanceMultiplier: 1,                        // panDistanceMultiplier (L68–72)
        progressClamp: 0...1,                         // TransitionDriver.updateInteraction L338
        negativeTranslation: .clamp,
        progressUpdateMode: .fraction,                // updateProgressAsStep = false (L53)
        progressUpdatePhases: [.began, .changed],     // TransitionDriver L331–362
        decisionInput: .clampedFraction,              // totalFractionComplete, L73–79
        completionThreshold: transitionCompletionThreshold,
        thresholdComparison: .greaterThan,
        velocityMeasure: .magnitude2D,
        flick: .init(minimumVelocity: transitionMinimumFlickVelocity, comparison: .greaterThanOrEqual),
        cancelVelocity: .oppositeFlick,               // L96–100
        offAxisFlick: .ignore,
        rule: .flickThenThreshold,
        beginRule: .translationEdge,                  // TransitionController L337–350
        onGestureCancelled: .decide,                  // L357–359
        maximumTouches: 1,                            // L46
        completion: .remainingFraction(duration: transitionDuration, curve: .easeInOut,
                                       reverseCurve: .linear, sharedElement: false),
        interactiveCallbackTiming: .atRelease         // endInteraction L364–380
    )

    // MARK: EasyTransitions

    /// Fact sheet scenario 6.2: an 800 pt gesture view.
    package static let easyTransitionsDistance: Double = 800
    /// `completeOnPercentage = 0.5` (`TransitionInteractiveController.swift` L29), strict `>`.
    package static let easyTransitionsCompleteOnPercentage: Double = 0.5
    /// `InteractionConstants.velocityForComplete = 100` points/s (L18), strict `>`.
    package static let easyTransitionsVelocityForComplete: Double = 100
    /// `InteractionConstants.velocityForCancel = −5` points/s (L19): `v > −5` is needed to complete.
    package static let easyTransitionsVelocityForCancel: Double = -5
    /// `PresentationControllerAnimator.duration` 1.0 s (L27–29), the animator of the example that
    /// dismisses with `.regular(.fromTop)`; `AppStoreAnimator` uses 0.85 s, `ShowAnimator` 0.7 s.
    package static let easyTransitionsDuration: Double = 1.0
    /// `UIViewPropertyAnimator(duration:dampingRatio: 0.8)` (`ModalTransitionConfigurator.swift` L46).
    package static let easyTransitionsDampingRatio: Double = 0.8

    static let easyTransitionsSettings = DismissalSettings(
        edge: .bottom,                                // .fromTop: ty / H
        progressDistance: easyTransitionsDistance,
        distanceMultiplier: 1,
        progressClamp: 0...0.99,                      // update(min(max(panned, 0), 0.99)), L68–69
        negativeTranslation: .rawForDecision,
        progressUpdateMode: .fraction,
        progressUpdatePhases: [.changed],             // L66–69
        decisionInput: .rawFraction,                  // L71–78 use the raw `panned`
        completionThreshold: easyTransitionsCompleteOnPercentage,
        thresholdComparison: .greaterThan,
        velocityMeasure: .projected,                  // PanGesture.velocityForPan, L55–89
        flick: .init(minimumVelocity: easyTransitionsVelocityForComplete, comparison: .greaterThan),
        cancelVelocity: .atOrBelow(easyTransitionsVelocityForCancel),
        offAxisFlick: .ignore,                        // n/a: only the projected component exists
        rule: .orThenVeto,                            // (p > 0.5 || v > 100) && v > −5
        beginRule: .positiveVelocity,                 // L62
        onGestureCancelled: .decide,                  // L71
        maximumTouches: nil,
        completion: .percentDriven(duration: easyTransitionsDuration, completionSpeed: 1,
                                   curve: .spring(dampingRatio: easyTransitionsDampingRatio, initialVelocity: .zero)),
        interactiveCallbackTiming: .atRelease         // finish()/cancel() in handle(_:), L73–78
    )

    // MARK: PhotoZoomAnimator

    /// Fact sheet scenario 6.3: an 800 pt `fromVC.view`.
    package static let photoZoomDistance: Double = 800
    /// Fact sheet scenario 6.3: the unzoomed image frame is 450 pt tall (h0).
    package static let photoZoomImageHeight: Double = 450
    /// Progress `1 − scale` with final scale 0.5 reached at delta = H/2 (`calculateScaleIn`, L149–158).
    package static let photoZoomMaximumProgress: Double = 0.5
    /// Finish: `UIView.animateKeyframes(withDuration: 0.25, …, options: [])` (L111–128). The
    /// curve of property changes placed directly in a keyframe block is not documented;
    /// ease-in-out (UIKit's default animation curve) is TouchTape's assumption.
    package static let photoZoomFinishDuration: Double = 0.25
    /// Cancel: `UIView.animate(withDuration: 0.5, …, usingSpringWithDamping: 0.9, initialSpringVelocity: 0)` (L87–105).
    package static let photoZoomCancelDuration: Double = 0.5
    /// The cancel spring's damping ratio (UIKit spring, 0.5 s, ζ 0.9).
    package static let photoZoomCancelDampingRatio: Double = 0.9

    static let photoZoomSettings = DismissalSettings(
        edge: .bottom,                                // portrait; landscape = .right
        progressDistance: photoZoomDistance,
        distanceMultiplier: 1,
        progressClamp: 0...photoZoomMaximumProgress,
        negativeTranslation: .floorDelta,             // delta = max(ty, 0), L45–50
        progressUpdateMode: .fraction,
        progressUpdatePhases: [.changed, .ended, .cancelled],  // L67; .began is not forwarded
        decisionInput: .positionVsAnchor(imageHeight: photoZoomImageHeight),
        completionThreshold: nil,                     // no distance threshold (L71–82)
        thresholdComparison: .greaterThan,            // unused without a threshold
        velocityMeasure: .projected,
        flick: nil,
        cancelVelocity: .below(0),                    // vy < 0 cancels
        offAxisFlick: .ignore,
        rule: .vetoOnly,
        beginRule: .any,                              // PagingCollectionViewController L153–168
        onGestureCancelled: .ignore,                  // only .ended decides
        maximumTouches: nil,
        completion: .fixed(
            finish: TimedCurve(duration: photoZoomFinishDuration, curve: .easeInOut),
            cancel: TimedCurve(duration: photoZoomCancelDuration,
                               curve: .spring(dampingRatio: photoZoomCancelDampingRatio, initialVelocity: .zero))),
        interactiveCallbackTiming: .afterAnimation    // in the completion blocks
    )
}
