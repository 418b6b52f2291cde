import ArgumentParser
import Foundation
import TouchTapePan
import TouchTapeDismissal
import TouchTapeFrames
import TouchTapeDevice
import TouchTapeReplay

/// The profile and setting options `replay`, `live`, `sweep`, `plot` and `compare` share.
typealias SessionSettingsOptions = SessionSettingsOptionsShowing<ProfileOptionShown>

/// Whether a command's help shows `--profile`: `compare` runs several profiles (its own
/// `--profiles`) and refuses the option, so it keeps it out of its help.
protocol ProfileOptionVisibility {
    static var visibility: ArgumentVisibility { get }
}

enum ProfileOptionShown: ProfileOptionVisibility {
    static var visibility: ArgumentVisibility { .default }
}

enum ProfileOptionHidden: ProfileOptionVisibility {
    static var visibility: ArgumentVisibility { .hidden }
}

/// The profile and setting options, mapped onto the library's one ``SessionSettings`` type
/// (the CLI only maps arguments; ranges are checked there); `--profile` shown in the help as
/// `Profile` says.
struct SessionSettingsOptionsShowing<Profile: ProfileOptionVisibility>: ParsableArguments {
    // Names, help and reading come from the settings table (`SessionSetting`); every
    // option's value is checked there as it is parsed, so a bad value is refused naming
    // the option. `.unconditional`: a negative value (`--threshold -0.1`) is read as the
    // value and rejected by its range check, instead of looking like an unknown option.
    @Option(name: .customLong(SessionSetting.profile.key), help: ArgumentHelp(SessionSetting.profile.help, visibility: Profile.visibility))
    var profile: DismissalProfile?

    @Option(name: .customLong(SessionSetting.threshold.key), parsing: .unconditional,
            help: ArgumentHelp(SessionSetting.threshold.help), transform: { try SettingArgument($0, .threshold) })
    var threshold: SettingArgument?

    @Option(name: .customLong(SessionSetting.flickVelocity.key), parsing: .unconditional,
            help: ArgumentHelp(SessionSetting.flickVelocity.help), transform: { try SettingArgument($0, .flickVelocity) })
    var flickVelocity: SettingArgument?

    @Flag(name: .customLong(SessionSetting.flick.key), inversion: .prefixedNo, help: ArgumentHelp(SessionSetting.flick.help))
    var flick: Bool?

    @Option(name: .customLong(SessionSetting.edge.key), help: ArgumentHelp(SessionSetting.edge.help))
    var edge: DismissEdge?

    @Option(name: .customLong(SessionSetting.distance.key), parsing: .unconditional,
            help: ArgumentHelp(SessionSetting.distance.help), transform: { try SessionSetting.distance.checked($0) })
    var distance: String?

    @Option(name: .customLong(SessionSetting.scale.key), parsing: .unconditional,
            help: ArgumentHelp(SessionSetting.scale.help), transform: { try SessionSetting.scale.checked($0) })
    var scale: String?

    @Option(name: .customLong(SessionSetting.resolutionFallback.key), parsing: .unconditional,
            help: ArgumentHelp(SessionSetting.resolutionFallback.help), completion: .list(["100mm"]), transform: { try SessionSetting.resolutionFallback.checked($0) })
    var resolutionFallback: String?

    @Option(name: .customLong(SessionSetting.velocity.key), help: ArgumentHelp(SessionSetting.velocity.help))
    var velocity: VelocityStrategy?

    @Option(name: .customLong(SessionSetting.slop.key), parsing: .unconditional,
            help: ArgumentHelp(SessionSetting.slop.help), transform: { try SessionSetting.slop.checked($0) })
    var slop: String?

    @Option(name: .customLong(SessionSetting.beganTranslation.key), help: ArgumentHelp(SessionSetting.beganTranslation.help))
    var beganTranslation: PanGesture.BeganTranslation?

    @Option(name: .customLong(SessionSetting.deviceSize.key), parsing: .unconditional, help: ArgumentHelp(SessionSetting.deviceSize.help),
            transform: { try SessionSetting.deviceSize.checked($0) })
    var deviceSize: String?

    @Option(help: "Read settings from this file instead of the nearest touchtape.yml at or above the current folder.")
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Read no touchtape.yml.")
    var noConfig = false

    /// The settings the command line gives, alone: each option as typed, read once more
    /// through the settings table (it was checked there when parsed).
    var settings: SessionSettings {
        var settings = SessionSettings()
        let typed: [(SessionSetting, String?)] = [
            (.profile, profile?.rawValue), (.threshold, threshold?.value.map { "\($0)" }),
            (.flickVelocity, flickVelocity?.value.map { "\($0)" }), (.flick, flick.map { "\($0)" }),
            (.edge, edge?.rawValue), (.distance, distance), (.scale, scale), (.resolutionFallback, resolutionFallback),
            (.velocity, velocity?.rawValue), (.slop, slop), (.beganTranslation, beganTranslation?.rawValue),
            (.deviceSize, deviceSize),
        ]
        for case let (setting, text?) in typed { try? setting.set(text, in: &settings, option: "--\(setting.key)") }
        return settings
    }

    /// The project configuration in force: `--config FILE`, else the nearest
    /// `touchtape.yml` upwards (none with `--no-config`); its errors exit 2 with file and line.
    func projectConfiguration() throws -> ProjectConfiguration? {
        guard !noConfig else { return nil }
        guard let path = config ?? ProjectConfiguration.find(from: FileManager.default.currentDirectoryPath) else { return nil }
        do {
            let loaded = try ProjectConfiguration.load(path: path)
            writeStandardError("touchtape: settings from \(path)\n")
            return loaded
        } catch { throw fail(error.description, hint: error.hint) }
    }

    /// The validated settings (profile defaults < touchtape.yml < command line) and the
    /// configuration file they came from, or exit 2 with the setting at fault.
    /// - Parameter ranges: `A...B` allowed (sweep); otherwise a range is a usage error.
    func configuration(ranges: Bool = false) throws -> (SessionSettings, ReplayConfiguration, ProjectConfiguration?) {
        if !ranges {
            for (name, argument) in [("threshold", threshold), ("flick-velocity", flickVelocity)] {
                if case .range? = argument { throw fail("--\(name) A...B is a range; only touchtape sweep takes one") }
            }
        }
        let project = try projectConfiguration()
        let base = project?.settings ?? SessionSettings()
        let settings = base.overlaid(by: settings, profileSet: profile != nil, flickSet: flick != nil)
        do {
            // The machine's libinput quirks and hwdb size a device that reports no resolution (the edge
            // reads them; the replay only matches them).
            var configuration = try settings.configuration()
            configuration.installedHints = InstalledDeviceHints.installed()
            return (settings, configuration, project)
        } catch { throw fail(error.description) }
    }
}

extension DismissalProfile: ExpressibleByArgument {
    /// Case, `-` and `_` are ignored (`EasyTransitions`, `photo-zoom`).
    public init?(argument: String) { guard let profile = Self.named(argument) else { return nil }; self = profile }
}

extension DismissEdge: ExpressibleByArgument {}

extension VelocityStrategy: ExpressibleByArgument {}
extension PanGesture.BeganTranslation: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

/// `F` (a value) or `A...B` (a range, for sweep), each number read by the setting's
/// ``NumberOption`` from the settings table (finite, in range).
enum SettingArgument {
    case value(Double)
    case range(ClosedRange<Double>)

    init(_ argument: String, _ setting: SessionSetting) throws {
        let option = setting.number!
        self = argument.contains("...") ? .range(try option.parseRange(argument)) : .value(try option.parse(argument))
    }

    var value: Double? { if case .value(let v) = self { return v } else { return nil } }
    var range: ClosedRange<Double>? { if case .range(let r) = self { return r } else { return nil } }
}

extension ReportFormat: ExpressibleByArgument {}


extension ReplayShard: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

// ArgumentParser prints "The value 'X' is invalid for '--option <option>': " and then this.
extension OptionValueError: LocalizedError {
    public var errorDescription: String? { reason }
}

extension SessionSetting {
    /// The option's value as typed, once the table has read it (`--KEY`).
    func checked(_ text: String) throws -> String { try checked(text, option: "--\(key)") }
}
