/// Every number the pan stage uses, with where it comes from (Flutter's `constants.dart`
/// idea: one place to read the model's assumptions). Sources are summarised in
/// `docs/velocity-and-slop.md`.
package enum PanConstants {
    // MARK: Units

    /// iOS points per millimetre: 163 points per inch (the original iPhone's 163 ppi;
    /// Retina screens multiply pixels, not points, so every iPhone keeps ≈163 pt/inch)
    /// divided by 25.4 mm per inch ≈ 6.417 pt/mm. The dismissal models (Transition,
    /// EasyTransitions, PhotoZoomAnimator) state their thresholds in points, so a physical
    /// millimetre on the recording has to become the points an iPhone would report.
    package static let iOSPointsPerMillimetre: Double = 163.0 / 25.4

    // MARK: Slop

    /// UIKit pan "hysteresis" before `.began`, in points: ≈10 pt as measured by developers
    /// (flutter/flutter issues #163339, #87950). Apple publishes no value.
    package static let touchscreenSlopPoints: Double = 10

    /// Touchpad slop in millimetres: libinput's `min_move` for a two-finger gesture
    /// (`1.5 + 0.5·(n−2)` mm, `tp_gesture_detect_motion_gestures`), the distance after
    /// which libinput commits a two-finger motion to a scroll. It is converted by the
    /// scale, so it stays a physical distance whatever `--scale` says.
    package static let touchpadSlopMillimetres: Double = 1.5

    /// Fewest fingers for a touchpad pan: one finger moves the pointer (libinput's
    /// POINTER_MOTION state), two or more scroll/swipe.
    package static let touchpadMinimumFingers: Int = 2

    // MARK: Velocity (Flutter `VelocityTracker`, Android `LeastSquaresVelocityTrackerStrategy`)

    /// Samples kept per pointer (`_historySize`, `HISTORY_SIZE`).
    package static let historySize: Int = 20
    /// Samples older than this (relative to the newest) are left out of the estimate, µs
    /// (`_horizonMilliseconds`, `HORIZON` = 100 ms).
    package static let horizonMicroseconds: Int64 = 100_000
    /// A gap longer than this between consecutive samples ends the window, and a release
    /// this long after the last movement has no velocity, µs
    /// (`_assumePointerMoveStoppedMilliseconds`, `ASSUME_POINTER_STOPPED_TIME` = 40 ms).
    package static let assumePointerStoppedMicroseconds: Int64 = 40_000
    /// Fewer samples than this in the window → velocity zero (`_minSampleSize`).
    package static let minimumSampleCount: Int = 3
    /// Degree of the least-squares polynomial (LSQ2).
    package static let leastSquaresDegree: Int = 2
    /// A Gram–Schmidt column norm below this means the samples are linearly dependent
    /// (Flutter `precisionErrorTolerance`).
    package static let precisionErrorTolerance: Double = 1e-10

    /// Flutter's `IOSScrollViewFlingVelocityTracker` weights for the finite-difference
    /// velocities of the three newest sample pairs, oldest pair first (flutter PR #60501).
    package static let iOSWeights: (older: Double, previous: Double, newest: Double) = (0.6, 0.35, 0.05)
}
