import TouchTapeFrames
import TouchTapePan
import TouchTapeDismissal

/// The settings a replay or a live session runs under: a library profile and the user's
/// overrides of it, as values. `touchtape replay`, `touchtape live` (whose keys change
/// them while it runs) and later commands share this one type, so the same words mean
/// the same settings everywhere, and a live session can print the `touchtape replay`
/// command line that reproduces it.
///
/// ```swift
/// var settings = SessionSettings(profile: .easytransitions)
/// settings.threshold = 0.4
/// let configuration = try settings.configuration()   // validated
/// settings.replayArguments                           // ["--profile", "easytransitions", "--threshold", "0.4"]
/// ```
package struct SessionSettings: Hashable, Sendable {
    /// The profile the run follows.
    package var profile: DismissalProfile
    /// Completion threshold (fraction of the progress distance); `nil`: the profile's.
    package var threshold: Double?
    /// Minimum flick velocity in points per second; `nil`: the profile's.
    package var flickVelocity: Double?
    /// `false` turns flicks off whatever the profile or ``flickVelocity`` say.
    package var flickEnabled: Bool
    /// The direction of the dismissing pan; `nil`: the profile's.
    package var edge: DismissEdge?
    /// The progress divisor in points; `nil`: the profile's.
    package var distance: Double?
    /// Points per millimetre of finger travel; `nil`: iOS's 163 points per inch.
    package var scale: Double?
    /// The assumption for devices reporting resolution 0; `nil`: ``ResolutionFallback/standard``.
    package var resolutionFallback: ResolutionFallback?
    /// The pan's velocity estimator; `nil`: least squares (``VelocityStrategy/leastSquares``).
    package var velocity: VelocityStrategy?
    /// The pan slop in points, on touchscreens and touchpads alike; `nil`: 10 pt on
    /// touchscreens, 1.5 mm on touchpads.
    package var slop: Double?
    /// What `.began` carries; `nil`: zero (the slop swallowed).
    package var beganTranslation: PanGesture.BeganTranslation?
    /// The touch surface's size over what the device says; `nil`: the device's, a stored
    /// quirk's, or the resolution fallback.
    package var deviceSize: DeviceSize?

    /// A value from its parts.
    package init(profile: DismissalProfile = .transition, threshold: Double? = nil, flickVelocity: Double? = nil,
                flickEnabled: Bool = true, edge: DismissEdge? = nil, distance: Double? = nil, scale: Double? = nil,
                resolutionFallback: ResolutionFallback? = nil, velocity: VelocityStrategy? = nil, slop: Double? = nil,
                beganTranslation: PanGesture.BeganTranslation? = nil) {
        self.beganTranslation = beganTranslation
        self.velocity = velocity
        self.slop = slop
        self.profile = profile
        self.threshold = threshold
        self.flickVelocity = flickVelocity
        self.flickEnabled = flickEnabled
        self.edge = edge
        self.distance = distance
        self.scale = scale
        self.resolutionFallback = resolutionFallback
    }

    /// The dismissal settings in force: the profile's, with the overrides applied.
    package func dismissalSettings() throws(SessionSettingsError) -> DismissalSettings {
        var settings = profile.settings
        // Ranges are checked once, by the settings types' own `validated()`.
        if let threshold { settings.completionThreshold = threshold }
        if let flickVelocity {
            if var rule = settings.flick { rule.minimumVelocity = flickVelocity; settings.flick = rule }
            else { settings.flick = .init(minimumVelocity: flickVelocity, comparison: .greaterThanOrEqual) }
        }
        if !flickEnabled { settings.flick = nil }
        if let edge { settings.edge = edge }
        if let distance { settings.progressDistance = distance }
        do { return try settings.validated() } catch {
            throw SessionSettingsError(setting: nil, message: "\(error)")
        }
    }

    /// The pan recognizer's settings in force.
    package func panSettings() throws(SessionSettingsError) -> PanSettings {
        var pan = PanSettings()
        // The profile's unit and slop unless the user gives them: an Android profile's pan
        // is in dp or pixels, Flutter's slop is 18 logical px.
        pan.scale = scale ?? profile.unit.perMillimetre
        if let toolkitSlop = profile.touchscreenSlop { pan.touchscreenSlop = toolkitSlop }
        if let velocity { pan.velocityStrategy = velocity }
        if let slop { pan.touchscreenSlop = slop; pan.touchpadSlopOverride = slop }
        if let beganTranslation { pan.beganTranslation = beganTranslation }
        do { return try pan.validated() } catch { throw SessionSettingsError(setting: nil, message: "\(error)") }
    }

    /// The resolution assumption in force, within its sane range.
    package func validatedResolutionFallback() throws(SessionSettingsError) -> ResolutionFallback {
        do { return try (resolutionFallback ?? .standard).validated() } catch {
            throw SessionSettingsError(setting: nil, message: "\(error)")
        }
    }

    /// Everything a ``ReplaySession`` needs, validated.
    package func configuration() throws(SessionSettingsError) -> ReplayConfiguration {
        ReplayConfiguration(profileName: profile.rawValue, dismissal: try dismissalSettings(), pan: try panSettings(),
                            resolutionFallback: try validatedResolutionFallback(), deviceSize: deviceSize)
    }

    /// The overrides in words, in the settings table's order, for a report's header
    /// (`threshold 0.4`); the profile is named apart.
    package var overrideDescriptions: [String] {
        SessionSetting.allCases.compactMap { $0.overrideDescription(in: self) }
    }

    /// The `touchtape replay` options that reproduce these settings.
    package var replayArguments: [String] {
        SessionSetting.allCases.flatMap { $0.replayArguments(in: self) }
    }

    /// These settings with every setting `other` gives replacing this one's: `other`'s
    /// non-`nil` values, its profile when `profileSet`, its flicks when `flickSet`.
    /// (defaults < configuration file < command line.)
    package func overlaid(by other: SessionSettings, profileSet: Bool, flickSet: Bool) -> SessionSettings {
        var result = self
        for setting in SessionSetting.allCases {
            let given: Bool
            switch setting {
            case .profile: given = profileSet
            case .flick: given = flickSet
            default: given = setting.typed(in: other) != nil
            }
            if given { setting.copy(from: other, into: &result) }
        }
        return result
    }
}

/// A setting out of its range.
package struct SessionSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The option's name (`threshold`), `nil` when the combination is at fault.
    package var setting: String?
    /// What went wrong, in one line.
    package var message: String

    /// A value from its parts.
    package init(setting: String?, message: String) {
        self.setting = setting
        self.message = message
    }

    /// The text messages and reports print.
    package var description: String { setting.map { "--\($0) \(message)" } ?? message }
}

extension ResolutionFallback {
    /// The command-line spelling that parses back to this value (`100mm`, `7.68/mm`).
    package var argument: String {
        switch self {
        case .longerAxis(let millimetres): return "\(Self.compact(millimetres))mm"
        case .unitsPerMillimetre(let units): return "\(Self.compact(units))/mm"
        }
    }

    private static func compact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
