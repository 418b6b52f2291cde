@_spi(Pipeline) import TouchTapeEvents

/// Everything the pan recognizer can be told: unit scale, slop and finger rules per
/// device kind, and the velocity estimator. Defaults model UIKit on an iPhone.
///
/// ```swift
/// var settings = PanSettings()
/// settings.touchscreenFingers.maximum = 1     // Transition's maximumNumberOfTouches = 1
/// settings.velocityStrategy = .iOSWeighted
/// ```
package struct PanSettings: Hashable, Sendable {
    /// Points per millimetre (translations and velocities come out in points).
    /// Default ``PanConstants/iOSPointsPerMillimetre`` (163 pt per inch).
    package var scale: Double
    /// Distance in points the centroid must move from where the pan could start before
    /// `.began` on a touchscreen (UIKit's ≈10 pt hysteresis).
    package var touchscreenSlop: Double
    /// The same on a touchpad; `nil` = libinput's 1.5 mm two-finger threshold at the
    /// current ``scale`` (≈ 9.6 pt at the default scale).
    package var touchpadSlopOverride: Double?
    /// Finger counts a touchscreen pan accepts.
    package var touchscreenFingers: FingerCountRule
    /// Finger counts a touchpad pan accepts.
    package var touchpadFingers: FingerCountRule
    /// How the release velocity is estimated.
    package var velocityStrategy: VelocityStrategy
    /// What `.began` carries and where later translations count from (UIKit's is not
    /// public, so it is a setting; ``PanGesture/BeganTranslation``).
    package var beganTranslation: PanGesture.BeganTranslation = .zero

    /// A value from its parts.
    package init(
        scale: Double = PanConstants.iOSPointsPerMillimetre,
        touchscreenSlop: Double = PanConstants.touchscreenSlopPoints,
        touchpadSlop: Double? = nil,
        touchscreenFingers: FingerCountRule = .any,
        touchpadFingers: FingerCountRule = .touchpad,
        velocityStrategy: VelocityStrategy = .leastSquares
    ) {
        self.scale = scale
        self.touchscreenSlop = touchscreenSlop
        self.touchpadSlopOverride = touchpadSlop
        self.touchscreenFingers = touchscreenFingers
        self.touchpadFingers = touchpadFingers
        self.velocityStrategy = velocityStrategy
    }

    /// The default settings a track of `kind` is replayed with.
    ///
    /// One ``PanSettings`` carries the values for every kind (a slop and a finger rule
    /// each for touchscreens and touchpads) and ``PanRecognizer`` picks by its device
    /// kind, so one settings value can replay a folder of mixed recordings. The result
    /// is therefore ``init(scale:touchscreenSlop:touchpadSlop:touchscreenFingers:touchpadFingers:velocityStrategy:)``
    /// with its defaults for every `kind`; what differs per kind is read through
    /// ``slop(for:)`` and ``fingerRule(for:)``:
    ///
    /// | kind | slop | fingers |
    /// |---|---|---|
    /// | touchscreen (and other) | 10 pt (UIKit's measured hysteresis) | any count |
    /// | touchpad | 1.5 mm × scale ≈ 9.63 pt (libinput two-finger `min_move`) | 2 or more |
    ///
    /// ```swift
    /// let settings = PanSettings.defaults(for: .touchpad)
    /// settings.slop(for: .touchpad)   // ≈ 9.63
    /// ```
    package static func defaults(for kind: DeviceKind) -> PanSettings {
        switch kind {
        case .touchscreen, .touchpad, .other: return PanSettings()
        }
    }

    /// Touchpad slop in points: the override, or 1.5 mm × ``scale``.
    package var touchpadSlop: Double {
        touchpadSlopOverride ?? PanConstants.touchpadSlopMillimetres * scale
    }

    /// The slop in points for a device kind (`.other` is treated as a touchscreen: direct
    /// positions, no pointer to move).
    package func slop(for kind: DeviceKind) -> Double {
        switch kind {
        case .touchscreen, .other: return touchscreenSlop
        case .touchpad: return touchpadSlop
        }
    }

    /// The finger-count rule for a device kind (`.other` as a touchscreen).
    package func fingerRule(for kind: DeviceKind) -> FingerCountRule {
        switch kind {
        case .touchscreen, .other: return touchscreenFingers
        case .touchpad: return touchpadFingers
        }
    }

    /// These settings with `maximumNumberOfTouches` applied the UIKit way: to touches
    /// only. A touchpad pan reaches an iOS app as scroll events without touches
    /// (`allowedScrollTypesMask`), which the touch limit does not constrain (our reading,
    /// not verified on a device), so the touchpad rule is left alone.
    package func limitingTouches(to maximum: Int?) -> PanSettings {
        var copy = self
        copy.touchscreenFingers.maximum = maximum
        return copy
    }

    /// Points per millimetre that make sense: 0.01 (a wall display seen from afar) to
    /// 1000 (no screen is that dense; iOS is 6.417). Outside it every translation is
    /// either 0 or so large that nothing downstream means anything.
    package static let scaleRange: ClosedRange<Double> = 0.01...1000

    /// Slops that make sense, in points: 0 (every movement is a pan) to 1000 (more than
    /// the longest screen's points; beyond it no pan could ever begin).
    package static let slopRange: ClosedRange<Double> = 0...1000

    /// The settings unchanged, or the first field that cannot work.
    package func validated() throws(SettingError) -> PanSettings {
        func check(_ ok: Bool, _ setting: String, _ value: String, _ hint: String) throws(SettingError) {
            if !ok { throw SettingError(setting: setting, value: value, hint: hint) }
        }
        try check(Self.scaleRange.contains(scale), "scale", "\(scale)",
                  "give points per millimetre in 0.01…1000, e.g. 6.417 (163 pt per inch)")
        try check(Self.slopRange.contains(touchscreenSlop), "touchscreenSlop", "\(touchscreenSlop)", "give points in 0…1000, e.g. 10")
        // Only a slop that was given: the derived one (1.5 mm at the scale) is as sensible as
        // the scale it follows (--scale 700 made it 1050 pt, refused as a touchpadSlop the
        // user never typed).
        if let override = touchpadSlopOverride {
            try check(Self.slopRange.contains(override), "touchpadSlop", "\(override)", "give points in 0…1000, e.g. 9.6")
        }
        for (name, rule) in [("touchscreenFingers", touchscreenFingers), ("touchpadFingers", touchpadFingers)] {
            try check(rule.isSatisfiable, name, "\(rule.minimum)...\(rule.maximum.map(String.init) ?? "")",
                      "the maximum must be at least the minimum, or no pan can ever begin")
        }
        return self
    }
}
