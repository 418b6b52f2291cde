import ArgumentParser
import Foundation
import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
import TouchTapeTracks
import TouchTapePan
import TouchTapeDismissal
import TouchTapeReplay

/// `touchtape replay`: every track of every recording through the pipeline, checked.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded gestures into a dismissal controller and check that it behaves.",
        discussion: """
        Exit status: 0 all checks passed, 1 a check failed, 2 bad input or usage.
        Checks: \(StandardChecks.names.joined(separator: ", ")).
        """)

    @Argument(help: "Recordings or folders (recursively). Default: Recordings/.")
    var paths: [String] = []
    @Option(help: "transition, easytransitions or photozoom.") var profile: String = "transition"
    @Option(help: "Completion threshold (fraction). Under photozoom (no threshold of its own) the release must pass it as well as the anchor test.") var threshold: Double?
    @Option(name: .customLong("flick-velocity"), help: "Minimum flick velocity, points per second.") var flickVelocity: Double?
    @Flag(name: .customLong("no-flick"), help: "Turn flicks off.") var noFlick = false
    @Option(help: "Direction of the dismissing pan on screen: top, bottom, left, right (bottom: panning down dismisses).") var edge: String?
    @Option(help: "Progress divisor in points (the view's size along the pan).") var distance: Double?
    @Option(help: "Points per millimetre of finger travel (default 6.417: 163 pt per inch, iOS).") var scale: Double?
    @Option(name: .customLong("resolution-fallback"),
            help: "For devices that report resolution 0: '100mm' (the longer axis spans 100 mm, the default) or '7.68/mm' (units per millimetre).")
    var resolutionFallback: String?
    @Option(help: "text, json or junit.") var format: String = "text"
    @Option(help: "Write the report to this file instead of standard output.") var output: String?

    func run() async throws {
        guard let reportFormat = ReportFormat(rawValue: format) else { throw fail("--format must be text, json or junit, not '\(format)'") }
        guard let chosen = DismissalProfile.named(profile) else {
            throw fail("unknown profile '\(profile)'", hint: "use transition, easytransitions or photozoom")
        }
        var settings = chosen.settings
        var overrides: [String] = []
        if let threshold {
            guard threshold.isFinite, threshold >= 0 else { throw fail("--threshold must be a fraction ≥ 0") }
            settings.completionThreshold = threshold; overrides.append("threshold \(threshold)")
        }
        if let flickVelocity {
            guard flickVelocity.isFinite, flickVelocity >= 0 else { throw fail("--flick-velocity must be ≥ 0 points/s") }
            if var rule = settings.flick { rule.minimumVelocity = flickVelocity; settings.flick = rule }
            else { settings.flick = .init(minimumVelocity: flickVelocity, comparison: .greaterThanOrEqual) }
            overrides.append("flick velocity \(flickVelocity)")
        }
        if noFlick { settings.flick = nil; overrides.append("no flick") }
        if let edge {
            guard let e = DismissEdge(rawValue: edge) else { throw fail("--edge must be top, bottom, left or right") }
            settings.edge = e; overrides.append("edge \(edge)")
        }
        if let distance {
            guard distance.isFinite, distance > 0 else { throw fail("--distance must be > 0 points") }
            settings.progressDistance = distance; overrides.append("distance \(distance)")
        }
        do { settings = try settings.validated() } catch { throw fail("\(error)") }
        var pan = PanSettings()
        if let scale {
            guard scale.isFinite, scale > 0 else { throw fail("--scale must be > 0 points per millimetre") }
            pan.scale = scale; overrides.append("scale \(scale)")
        }
        var fallback = ResolutionFallback.standard
        if let text = resolutionFallback {
            guard let parsed = ResolutionFallback(text) else {
                throw fail("--resolution-fallback must look like '100mm' or '7.68/mm', not '\(text)'")
            }
            fallback = parsed
            overrides.append("resolution fallback \(text)")
        }
        let configuration = ReplayConfiguration(profileName: chosen.rawValue, dismissal: settings, pan: pan,
                                                resolutionFallback: fallback)

        let roots = paths.isEmpty ? ["Recordings"] : paths
        for root in roots where !FileManager.default.fileExists(atPath: root) {
            throw fail("no such file or folder: '\(root)'")
        }
        let sources: [RecordingSource]
        do { sources = try RecordingLocator.sources(for: roots) } catch { throw fail("\(error)") }
        guard !sources.isEmpty else { throw fail("no recordings found under \(roots.joined(separator: ", "))") }

        var tracks: [TrackReport] = []
        for source in sources {
            let recording: Recording
            do { recording = try RecordingReader.read(source); try recording.requireTouchDevice() } catch { throw fail("\(error)") }
            let units = MillimetreConversion(description: recording.description, fallback: fallback)
            for track in recording.tracks(units: units) {
                let t = ReplayPipeline.transcript(for: track, file: source.eventsPath, configuration: configuration)
                tracks.append(TrackReport(transcript: t, deviceName: recording.description.name, checks: ReplayPipeline.check(t)))
            }
        }
        let report = ReplayReport(profile: chosen.rawValue, overrides: overrides, tracks: tracks)
        let text = reportFormat.render(report)
        if let output {
            try writeOutput(text, to: output)
            writeStandardError(report.summaryLine + "\n")
        } else {
            try writeStandardOutput(text)
        }
        if report.failed > 0 { throw ExitCode(ExitStatus.checkFailed) }
    }
}
