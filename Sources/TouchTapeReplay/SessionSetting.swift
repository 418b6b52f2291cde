import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapePan

/// The settings table: every setting a user can give a replay or a live session, once.
///
/// The command line's options (`--KEY`), `touchtape.yml`'s keys (`KEY:`), a report's
/// header words and JSON `settings` keys, the `touchtape replay` line that reproduces a
/// session and live's keys all read their names, help, ranges and parsing from here, so
/// one setting is one row and the places that spell it cannot drift apart.
///
/// | setting | option / yml key | JSON key | value |
/// |---|---|---|---|
/// | ``profile`` | `profile` | `profile` | a ``DismissalProfile`` name |
/// | ``threshold`` | `threshold` | `threshold` | fraction 0…1 |
/// | ``flickVelocity`` | `flick-velocity` | `flickVelocity` | pt/s |
/// | ``flick`` | `flick` (`--no-flick`) | — (`flickVelocity` null) | true / false |
/// | ``edge`` | `edge` | `edge` | a ``DismissEdge`` |
/// | ``distance`` | `distance` | `distance` | pt |
/// | ``scale`` | `scale` | `scale` | pt/mm |
/// | ``resolutionFallback`` | `resolution-fallback` | `resolutionFallback` | `100mm` or `7.68/mm` |
/// | ``velocity`` | `velocity` | `velocity` | a ``VelocityStrategy`` |
/// | ``slop`` | `slop` | `slop` | pt |
/// | ``beganTranslation`` | `began-translation` | `beganTranslation` | zero / slop |
/// | ``deviceSize`` | `device-size` | `deviceSize` | `276x155mm` |
package enum SessionSetting: String, CaseIterable, Hashable, Sendable {
    case profile
    case threshold
    case flickVelocity = "flick-velocity"
    case flick
    case edge
    case distance
    case scale
    case resolutionFallback = "resolution-fallback"
    case velocity
    case slop
    case beganTranslation = "began-translation"
    case deviceSize = "device-size"

    /// The command line's option name without `--`, and `touchtape.yml`'s key.
    package var key: String { rawValue }

    /// The key of a report's JSON `settings` object and of a JUnit property.
    package var jsonKey: String {
        switch self {
        case .flickVelocity: return "flickVelocity"
        case .resolutionFallback: return "resolutionFallback"
        case .beganTranslation: return "beganTranslation"
        case .deviceSize: return "deviceSize"
        default: return rawValue
        }
    }

    /// The setting in words, for a report's header and live's message line (`flick velocity`).
    package var words: String { rawValue.replacingOccurrences(of: "-", with: " ") }

    /// The option's help (the command line and `docs/reference.md`).
    package var help: String {
        switch self {
        case .profile:
            return "Which library's rules the controller follows: "
                + DismissalProfile.allCases.map { "\($0.rawValue) (\($0.libraryName))" }.joined(separator: ", ")
                + ". Default: touchtape.yml's, else transition."
        case .threshold:
            return "Completion threshold (fraction). Under photozoom (no threshold of its own) the release must pass it as well as the anchor test."
        case .flickVelocity: return "Minimum flick velocity per second, in the profile's unit (pt, dp, lpx or px)."
        case .flick: return "Turn flicks on or off (--no-flick), whatever touchtape.yml says."
        case .edge: return "Direction of the dismissing pan on screen (bottom: panning down dismisses; default: the profile's, bottom, or right for flutter, swipedismiss and composeswipe)."
        case .distance: return "Progress divisor in the profile's unit (the view's size along the pan)."
        case .scale: return "The profile's units per millimetre of finger travel (default: iOS 6.417 pt/mm, 163 per inch; Android and Flutter 6.299 dp/mm, 160 per inch; Android pixels at density 2.625: 16.535 px/mm)."
        case .resolutionFallback:
            return "For devices that report resolution 0: '100mm' (the longer axis spans 100 mm, the default) or '7.68/mm' (units per millimetre)."
        case .velocity:
            return "Velocity estimator of the pan: lsq2 (least squares, the default), ios (UIScrollView-like weights) or impulse."
        case .slop:
            return "Pan slop in the profile's unit: how far the fingers move before a pan begins (default: the toolkit's, 10 pt under UIKit, 18 under Flutter, 8 dp under Android, 5 pt under React Navigation; 1.5 mm on touchpads)."
        case .beganTranslation:
            return "What a pan's .began carries: zero (the slop swallowed, the default) or slop (the movement that began the pan; later translations count from touch-down). UIKit's choice is not public."
        case .deviceSize:
            return "The touch surface's size, e.g. 276x155mm, over what the device reports (default: its resolution, else a udev hwdb fix or libinput size quirk stored in the recording, else those installed here, else --resolution-fallback)."
        }
    }

    /// How a numeric setting is read and range-checked (`nil` for the others).
    package var number: NumberOption? {
        switch self {
        case .threshold: return .threshold
        case .flickVelocity: return .flickVelocity
        case .distance: return .distance
        case .scale: return .scale
        case .slop: return .slop
        default: return nil
        }
    }

    /// The words a setting that is one of a list takes, in order (`nil` for the others).
    package var choices: [String]? {
        switch self {
        case .profile: return DismissalProfile.allCases.map(\.rawValue)
        case .flick: return ["true", "false"]
        case .edge: return DismissEdge.allCases.map(\.rawValue)
        case .velocity: return VelocityStrategy.allCases.map(\.rawValue)
        case .beganTranslation: return PanGesture.BeganTranslation.allCases.map(\.rawValue)
        default: return nil
        }
    }

    /// One press of live's keys for this setting (`[` `]`, `-` `+`), in its unit; `nil`
    /// where live has no stepping key. On a fixed grid, so the printed
    /// `touchtape replay --threshold 0.4` is the value in force, not 0.39999….
    package var liveStep: Double? {
        switch self {
        case .threshold: return 0.05
        case .flickVelocity: return 100
        default: return nil
        }
    }

    /// The value `settings` gives this setting as the command line would spell it (`0.4`,
    /// `100mm`, `false`), or `nil` where it leaves it to the profile (flicks: only when off).
    package func typed(in settings: SessionSettings) -> String? {
        switch self {
        case .profile: return settings.profile.rawValue
        case .threshold: return settings.threshold.map(DecimalText.shortest)
        case .flickVelocity: return settings.flickVelocity.map(DecimalText.shortest)
        case .flick: return settings.flickEnabled ? nil : "false"
        case .edge: return settings.edge?.rawValue
        case .distance: return settings.distance.map(DecimalText.shortest)
        case .scale: return settings.scale.map(DecimalText.shortest)
        case .resolutionFallback: return settings.resolutionFallback?.argument
        case .velocity: return settings.velocity?.rawValue
        case .slop: return settings.slop.map(DecimalText.shortest)
        case .beganTranslation: return settings.beganTranslation?.rawValue
        case .deviceSize: return settings.deviceSize?.argument
        }
    }

    /// Sets this setting from what the user typed, read as the command line reads it.
    /// - Parameter option: how the user wrote the setting (`--threshold`, `threshold:`),
    ///   for the error.
    package func set(_ text: String, in settings: inout SessionSettings, option: String) throws(OptionValueError) {
        func word<Value: RawRepresentable>(_ make: (String) -> Value?) throws(OptionValueError) -> Value where Value.RawValue == String {
            guard let value = make(text) else { throw unknownWord(text, option: option) }
            return value
        }
        switch self {
        case .profile: settings.profile = try word { DismissalProfile.named($0) }
        case .threshold: settings.threshold = try number!.named(option).parse(text)
        case .flickVelocity: settings.flickVelocity = try number!.named(option).parse(text)
        case .flick:
            switch text {
            case "true": settings.flickEnabled = true
            case "false": settings.flickEnabled = false
            default: throw unknownWord(text, option: option)
            }
        case .edge: settings.edge = try word(DismissEdge.init(rawValue:))
        case .distance: settings.distance = try number!.named(option).parse(text)
        case .scale: settings.scale = try number!.named(option).parse(text)
        case .resolutionFallback: settings.resolutionFallback = try ResolutionFallback.parse(text, option: option)
        case .velocity: settings.velocity = try word(VelocityStrategy.init(rawValue:))
        case .slop: settings.slop = try number!.named(option).parse(text)
        case .beganTranslation: settings.beganTranslation = try word(PanGesture.BeganTranslation.init(rawValue:))
        case .deviceSize:
            guard let size = DeviceSize(text) else {
                throw OptionValueError(option: option, value: TextExcerpt.make(text), problem: "not a size",
                                       expected: "give width x height in millimetres, each 1 to 10000, e.g. 276x155mm")
            }
            settings.deviceSize = size
        }
    }

    /// Reads `text` as this setting would be set, without keeping it: the command line's
    /// check at parse time, so a bad value is refused naming the option as typed.
    package func checked(_ text: String, option: String) throws(OptionValueError) -> String {
        var scratch = SessionSettings()
        try set(text, in: &scratch, option: option)
        return text
    }

    /// `other`'s value of this setting copied into `settings`.
    package func copy(from other: SessionSettings, into settings: inout SessionSettings) {
        switch self {
        case .profile: settings.profile = other.profile
        case .threshold: settings.threshold = other.threshold
        case .flickVelocity: settings.flickVelocity = other.flickVelocity
        case .flick: settings.flickEnabled = other.flickEnabled
        case .edge: settings.edge = other.edge
        case .distance: settings.distance = other.distance
        case .scale: settings.scale = other.scale
        case .resolutionFallback: settings.resolutionFallback = other.resolutionFallback
        case .velocity: settings.velocity = other.velocity
        case .slop: settings.slop = other.slop
        case .beganTranslation: settings.beganTranslation = other.beganTranslation
        case .deviceSize: settings.deviceSize = other.deviceSize
        }
    }

    /// The override in a report's header (`threshold 0.4`, `no flick`), or `nil` when
    /// `settings` leaves this setting to the profile. The profile is named apart.
    package func overrideDescription(in settings: SessionSettings) -> String? {
        guard self != .profile, let typed = typed(in: settings) else { return nil }
        if self == .flickVelocity, settings.profile.settings.rule == .vetoOnly {
            return "\(words) \(typed) ignored: \(settings.profile.rawValue)'s rules take no flick"
        }
        return self == .flick ? "no flick" : "\(words) \(typed)"
    }

    /// The `touchtape replay` options that give this setting's value in `settings` (`[]`
    /// when it is the profile's).
    package func replayArguments(in settings: SessionSettings) -> [String] {
        guard let typed = typed(in: settings) else { return [] }
        return self == .flick ? ["--no-flick"] : ["--\(key)", typed]
    }

    private func unknownWord(_ text: String, option: String) -> OptionValueError {
        let list = choices ?? []
        return OptionValueError(option: option, value: TextExcerpt.make(text), problem: "unknown \(words)",
                                expected: "give one of " + list.joined(separator: ", "))
    }
}
