@_spi(Pipeline) import TouchTapeContract
@_spi(Pipeline) import TouchTapeEvents

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
    package var velocity: Vector2 {
        get { velocityEstimate.value }
        set { velocityEstimate = PanVelocity(newValue) }
    }
    /// The velocity, fitted when first read where the recognizer deferred it (``PanVelocity``).
    package var velocityEstimate: PanVelocity
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
        self.init(time: time, phase: phase, translation: translation, velocityEstimate: PanVelocity(velocity),
                  fingerCount: fingerCount, slopTranslation: slopTranslation)
    }

    /// A value whose velocity may be deferred.
    package init(time: Double, phase: PanPhase, translation: Vector2, velocityEstimate: PanVelocity, fingerCount: Int,
                slopTranslation: Vector2 = .zero) {
        self.time = time
        self.phase = phase
        self.translation = translation
        self.velocityEstimate = velocityEstimate
        self.fingerCount = fingerCount
        self.slopTranslation = slopTranslation
    }

    private enum CodingKeys: String, CodingKey {
        case time, phase, translation, velocity, fingerCount, slopTranslation
    }

    /// Decoded with the velocity as a value (the keys are those of the stored velocity before
    /// it was deferred).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(time: try c.decode(Double.self, forKey: .time), phase: try c.decode(PanPhase.self, forKey: .phase),
                  translation: try c.decode(Vector2.self, forKey: .translation),
                  velocity: try c.decode(Vector2.self, forKey: .velocity),
                  fingerCount: try c.decode(Int.self, forKey: .fingerCount),
                  slopTranslation: try c.decode(Vector2.self, forKey: .slopTranslation))
    }

    /// Encoded with the velocity fitted.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time, forKey: .time)
        try c.encode(phase, forKey: .phase)
        try c.encode(translation, forKey: .translation)
        try c.encode(velocity, forKey: .velocity)
        try c.encode(fingerCount, forKey: .fingerCount)
        try c.encode(slopTranslation, forKey: .slopTranslation)
    }
}
