import ArgumentParser
import Foundation
import TouchTapePan
import TouchTapeDismissal
import TouchTapeFrames
import TouchTapeReplay

/// The profile and setting options `replay` and `live` share, mapped onto the library's
/// one ``SessionSettings`` type (the CLI only maps arguments; ranges are checked there).
struct SessionSettingsOptions: ParsableArguments {
    @Option(help: "Which library's rules the controller follows: transition (Transition's PanInteractionController), easytransitions (EasyTransitions), photozoom (PhotoZoomAnimator). Default: touchtape.yml's, else transition.")
    var profile: DismissalProfile?

    // `.unconditional`: a negative value (`--threshold -0.1`) is read as the value and
    // rejected by its range check, instead of looking like an unknown option.
    @Option(parsing: .unconditional,
            help: "Completion threshold (fraction). Under photozoom (no threshold of its own) the release must pass it as well as the anchor test.",
            transform: { try SettingArgument($0, .threshold) })
    var threshold: SettingArgument?

    @Option(name: .customLong("flick-velocity"), parsing: .unconditional,
            help: "Minimum flick velocity, points per second.",
            transform: { try SettingArgument($0, .flickVelocity) })
    var flickVelocity: SettingArgument?

    @Flag(inversion: .prefixedNo, help: "Turn flicks on or off (--no-flick), whatever touchtape.yml says.")
    var flick: Bool?

    @Option(help: "Direction of the dismissing pan on screen (bottom: panning down dismisses).")
    var edge: DismissEdge?

    @Option(parsing: .unconditional, help: "Progress divisor in points (the view's size along the pan).",
            transform: { try NumberOption.distance.parse($0) })
    var distance: Double?

    @Option(parsing: .unconditional, help: "Points per millimetre of finger travel (default 6.417: 163 pt per inch, iOS).",
            transform: { try NumberOption.scale.parse($0) })
    var scale: Double?

    @Option(name: .customLong("resolution-fallback"),
            help: "For devices that report resolution 0: '100mm' (the longer axis spans 100 mm, the default) or '7.68/mm' (units per millimetre).",
            transform: { try ResolutionFallback.parse($0) })
    var resolutionFallback: ResolutionFallback?

    @Option(help: "Velocity estimator of the pan: lsq2 (least squares, the default), ios (UIScrollView-like weights) or impulse.")
    var velocity: VelocityStrategy?

    @Option(parsing: .unconditional, help: "Pan slop in points: how far the fingers move before a pan begins (default 10 on touchscreens, 1.5 mm on touchpads).",
            transform: { try NumberOption.slop.parse($0) })
    var slop: Double?

    @Option(name: .customLong("began-translation"),
            help: "What a pan's .began carries: zero (the slop swallowed, the default) or slop (the movement that began the pan; later translations count from touch-down). UIKit's choice is not public.")
    var beganTranslation: PanGesture.BeganTranslation?

    @Option(help: "Read settings from this file instead of the nearest touchtape.yml at or above the current folder.")
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Read no touchtape.yml.")
    var noConfig = false

    /// The settings the command line gives, alone.
    var settings: SessionSettings {
        SessionSettings(profile: profile ?? .transition, threshold: threshold?.value, flickVelocity: flickVelocity?.value,
                        flickEnabled: flick ?? true, edge: edge, distance: distance, scale: scale,
                        resolutionFallback: resolutionFallback, velocity: velocity, slop: slop,
                        beganTranslation: beganTranslation)
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
        do { return (settings, try settings.configuration(), project) } catch { throw fail(error.description) }
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

/// `F` (a value) or `A...B` (a range, for sweep), each number read by the option's
/// ``NumberOption`` (finite, in range).
enum SettingArgument {
    case value(Double)
    case range(ClosedRange<Double>)

    init(_ argument: String, _ option: NumberOption) throws {
        self = argument.contains("...") ? .range(try option.parseRange(argument)) : .value(try option.parse(argument))
    }

    var value: Double? { if case .value(let v) = self { return v } else { return nil } }
    var range: ClosedRange<Double>? { if case .range(let r) = self { return r } else { return nil } }
}

extension ReportFormat: ExpressibleByArgument {}

extension ResolutionFallback: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public static var defaultCompletionKind: CompletionKind { .list(["100mm"]) }
}

extension ReplayShard: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

// ArgumentParser prints "The value 'X' is invalid for '--option <option>': " and then this.
extension OptionValueError: LocalizedError {
    public var errorDescription: String? { reason }
}
