/// A setting that cannot work, with the field it is in and what to do about it: the one
/// error of the settings types' own `validated()` (``DismissalSettings``, the pan
/// recognizer's `PanSettings`, `ResolutionFallback`). The command line and `touchtape.yml`
/// check their values before these types see them, and name the option or key the user
/// wrote; this error is what a Swift caller building settings by hand gets.
package struct SettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's name in the settings type.
    package var setting: String
    /// The offending value, as text.
    package var value: String
    /// What to change.
    package var hint: String

    /// An error naming the setting, its value and a hint.
    package init(setting: String, value: String, hint: String) {
        self.setting = setting
        self.value = value
        self.hint = hint
    }

    /// `invalid SETTING VALUE: hint`.
    package var description: String { "invalid \(setting) \(value): \(hint)" }
}

extension DismissalSettings {
    /// The completion threshold is a fraction of the progress: 0 finishes on any
    /// movement, 1 only at the full distance.
    package static let thresholdRange: ClosedRange<Double> = 0...1
    /// Flick velocities in points per second: a real finger flicks at up to ≈ 10 000 pt/s;
    /// a million is beyond any gesture and keeps every product finite.
    package static let flickVelocityRange: ClosedRange<Double> = 0...1_000_000
    /// The progress divisor in points: more than 0, at most 1 000 000 (a screen is at most
    /// a few thousand points; more would only push every pan's progress to 0).
    package static let progressDistanceRange: ClosedRange<Double> = Double.leastNormalMagnitude...1_000_000

    /// The settings unchanged, or the first field that would make the model meaningless
    /// (a zero divisor, a negative duration…).
    package func validated() throws(SettingError) -> DismissalSettings {
        func check(_ ok: Bool, _ setting: String, _ value: Double, _ hint: String) throws(SettingError) {
            if !ok { throw SettingError(setting: setting, value: "\(value)", hint: hint) }
        }
        try check(Self.progressDistanceRange.contains(progressDistance), "progressDistance", progressDistance,
                  "give the view size along the pan in points, more than 0 and at most 1000000, e.g. 844")
        try check(distanceMultiplier.isFinite && distanceMultiplier > 0, "distanceMultiplier", distanceMultiplier,
                  "Transition asserts panDistanceMultiplier > 0; use 1 for the plain view size")
        try check(progressClamp.lowerBound.isFinite && progressClamp.upperBound.isFinite, "progressClamp",
                  progressClamp.upperBound, "use finite bounds such as 0...1")
        if let completionThreshold {
            try check(Self.thresholdRange.contains(completionThreshold), "completionThreshold", completionThreshold,
                      "the threshold is a fraction of the progress: use a value in 0…1, e.g. 0.5")
        }
        if let flick {
            try check(Self.flickVelocityRange.contains(flick.minimumVelocity), "minimumFlickVelocity",
                      flick.minimumVelocity, "use a speed in points per second in 0…1000000, e.g. 1200")
        }
        switch decisionInput {
        case .positionVsAnchor(let h0):
            try check(h0.isFinite && h0 >= 0, "imageHeight", h0, "give the unzoomed image height in points, e.g. 450")
        case .projection(let seconds, _):
            try check(seconds.isFinite && seconds >= 0 && seconds <= 10, "projectionSeconds", seconds,
                      "give how far ahead the release is projected, in seconds from 0 to 10, e.g. 0.3")
        case .distance(let points):
            try check(Self.progressDistanceRange.contains(points), "positionalDistance", points,
                      "give the distance to pass in points, more than 0, e.g. 56")
        case .clampedFraction, .rawFraction:
            break
        }
        if let margin = flick?.crossAxisMargin {
            try check(margin.isFinite && margin >= 0, "crossAxisMargin", margin, "use a speed in points per second, e.g. 400")
        }
        if let maximumTouches {
            try check(maximumTouches >= 1, "maximumTouches", Double(maximumTouches), "use at least 1, or no limit")
        }
        switch completion {
        case .remainingFraction(let duration, _, _, _):
            try check(duration.isFinite && duration >= 0, "completionDuration", duration, "use seconds, e.g. 0.5")
        case .percentDriven(let duration, let speed, _):
            try check(duration.isFinite && duration >= 0, "completionDuration", duration, "use seconds, e.g. 1.0")
            try check(speed.isFinite && speed > 0, "completionSpeed", speed, "UIKit requires completionSpeed > 0")
        case .fixed(let finish, let cancel):
            try check(finish.duration.isFinite && finish.duration >= 0, "finishDuration", finish.duration, "use seconds, e.g. 0.25")
            try check(cancel.duration.isFinite && cancel.duration >= 0, "cancelDuration", cancel.duration, "use seconds, e.g. 0.5")
        }
        return self
    }
}
