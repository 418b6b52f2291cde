import TouchTapeEvents

/// One output of the pan recognizer: what `UIPanGestureRecognizer` would hand the
/// dismissal controller at this moment.
package struct PanSample: Hashable, Sendable, Codable {
    /// Seconds since the track's first frame (the virtual clock's time base).
    package var time: Double
    /// Began, changed, ended or cancelled.
    package var phase: PanPhase
    /// Translation of the contacts' centroid since `began`, in points (+y down).
    package var translation: Vector2
    /// Velocity in points per second (+y down).
    package var velocity: Vector2
    /// Fingers down when this sample was taken (at `ended`: the count before lifting).
    package var fingerCount: Int
    /// On a `.began` sample: the movement from where the fingers came down to where the pan
    /// was recognised (what the slop swallowed), in points. It is what UIKit's
    /// `translation(in:)` reads in `gestureRecognizerShouldBegin`, where Transition chooses
    /// the direction; the dismissal contract's `shouldBegin` hook gets it as the translation. Zero on
    /// every other sample.
    package var slopTranslation: Vector2

    /// A value from its parts.
    package init(time: Double, phase: PanPhase, translation: Vector2, velocity: Vector2, fingerCount: Int,
                slopTranslation: Vector2 = .zero) {
        self.time = time
        self.phase = phase
        self.translation = translation
        self.velocity = velocity
        self.fingerCount = fingerCount
        self.slopTranslation = slopTranslation
    }
}
