import ArgumentParser
import TouchTapeDismissal
import TouchTapeFrames
import TouchTapeReplay

/// The profile and setting options `replay` and `live` share, mapped onto the library's
/// one ``SessionSettings`` type (the CLI only maps arguments; ranges are checked there).
struct SessionSettingsOptions: ParsableArguments {
    @Option(help: "Which library's rules the controller follows.")
    var profile: DismissalProfile = .transition

    // `.unconditional`: a negative value (`--threshold -0.1`) is read as the value and
    // rejected by its range check, instead of looking like an unknown option.
    @Option(parsing: .unconditional,
            help: "Completion threshold (fraction). Under photozoom (no threshold of its own) the release must pass it as well as the anchor test.")
    var threshold: Double?

    @Option(name: .customLong("flick-velocity"), parsing: .unconditional, help: "Minimum flick velocity, points per second.")
    var flickVelocity: Double?

    @Flag(name: .customLong("no-flick"), help: "Turn flicks off.")
    var noFlick = false

    @Option(help: "Direction of the dismissing pan on screen (bottom: panning down dismisses).")
    var edge: DismissEdge?

    @Option(parsing: .unconditional, help: "Progress divisor in points (the view's size along the pan).")
    var distance: Double?

    @Option(parsing: .unconditional, help: "Points per millimetre of finger travel (default 6.417: 163 pt per inch, iOS).")
    var scale: Double?

    @Option(name: .customLong("resolution-fallback"),
            help: "For devices that report resolution 0: '100mm' (the longer axis spans 100 mm, the default) or '7.68/mm' (units per millimetre).")
    var resolutionFallback: ResolutionFallback?

    var settings: SessionSettings {
        SessionSettings(profile: profile, threshold: threshold, flickVelocity: flickVelocity, flickEnabled: !noFlick,
                        edge: edge, distance: distance, scale: scale, resolutionFallback: resolutionFallback)
    }

    /// The validated configuration, or exit 2 with the setting at fault.
    func configuration() throws -> (SessionSettings, ReplayConfiguration) {
        let settings = settings
        do { return (settings, try settings.configuration()) } catch { throw fail(error.description) }
    }
}

extension DismissalProfile: ExpressibleByArgument {
    /// Case, `-` and `_` are ignored (`EasyTransitions`, `photo-zoom`).
    public init?(argument: String) { guard let profile = Self.named(argument) else { return nil }; self = profile }
}

extension DismissEdge: ExpressibleByArgument {}

extension ReportFormat: ExpressibleByArgument {}

extension ResolutionFallback: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public static var defaultCompletionKind: CompletionKind { .list(["100mm"]) }
}

extension ReplayShard: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
