import TouchTapeFrames
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapePan
import TouchTapeDismissal
import TouchTapeReplay

/// Replays recordings into an app's own controller (or a built-in profile) and checks
/// every track: the API behind `touchtape replay`, for tests.
///
/// The controller is made fresh for every track by `makeController`, so no state leaks
/// from one gesture to the next; `rules` are what it declares (edge, distance, threshold,
/// flick), and the checks hold its recorded UIKit calls to them.
///
/// ```swift
/// let replay = ControllerReplay(rules: .declared(distance: 800, threshold: 0.4, flickVelocity: 1000)) {
///     CardDismissal()
/// }
/// let run = replay.run(try Recordings(path: "Recordings"), tracks: .labelled)
/// print(ReportFormat.text.render(run.report))
/// for failure in run.failures { print(failure) }
/// ```
public struct ControllerReplay<Controller: InteractiveDismissalController> {
    /// The report header's name for this controller.
    public var name: String
    /// The declared rules, pan settings and virtual display every track is replayed with.
    package var configuration: ReplayConfiguration
    /// Makes the fresh controller of each track.
    package var makeController: (ReplayConfiguration) -> Controller
    /// Also replay every track's probes (on by default): the track driven to either side
    /// of each boundary of `rules`, each of which must come out as the rules say. A
    /// controller that passes the recordings alone may still put a boundary elsewhere.
    public var probes = true
    /// Also say how easily each track's outcome flips under this controller (40 realistic
    /// perturbations of the track's frames); off by default.
    public var stability = false
    /// What each pan's `.began` gesture carries (`PanGesture.BeganTranslation`): zero by
    /// default. UIKit's choice is not public API, so replay under both when a controller
    /// reads the translation at `.began`.
    public var beganTranslation: PanGesture.BeganTranslation {
        get { configuration.pan.beganTranslation }
        set { configuration.pan.beganTranslation = newValue }
    }

    /// - Parameters:
    ///   - name: the report header's name (the controller type's by default).
    ///   - rules: what the controller declares; the checks' oracle.
    ///   - makeController: a fresh controller for each track.
    public init(name: String = String(describing: Controller.self), rules: DismissalSettings,
                makeController: @escaping () -> Controller) {
        self.init(name: name, rules: rules, pan: PanSettings(), makeController: makeController)
    }

    /// With the pan recognizer's settings and the size assumed for devices that report no
    /// resolution (the command line's `--slop`, `--points-per-mm`, `--resolution-fallback`).
    package init(name: String = String(describing: Controller.self), rules: DismissalSettings,
                 pan: PanSettings, resolutionFallback: ResolutionFallback = .standard,
                 makeController: @escaping () -> Controller) {
        self.name = name
        self.configuration = ReplayConfiguration(profileName: name, dismissal: rules, pan: pan,
                                                 resolutionFallback: resolutionFallback)
        self.makeController = { _ in makeController() }
    }

    /// A replay with a full configuration; the factory gets it (the built-in profiles
    /// build their controller from its settings).
    package init(name: String, configuration: ReplayConfiguration,
                 makeController: @escaping (ReplayConfiguration) -> Controller) {
        self.name = name
        self.configuration = configuration
        self.makeController = makeController
    }

    /// The one replay engine, set up for this controller (what every `run` runs).
    package func engine(tracks: TrackFilter = .all) -> ReplayEngine<Controller> {
        var engine = ReplayEngine(name: name, configuration: configuration, tracks: tracks, makeController: makeController)
        engine.probes = probes
        engine.stability = stability
        return engine
    }

    /// Replays every track of `recordings` that `tracks` selects. A file that cannot be
    /// read becomes a report error; the others still run.
    public func run(_ recordings: Recordings, tracks: TrackFilter = .all) -> ControllerReplayResult {
        run(recordings.sources, tracks: tracks, only: nil)
    }

    /// Replays one track (one of ``Recordings/tracks()``, say, as a Swift Testing argument),
    /// with its probes, exactly as ``run(_:tracks:)`` replays it among the others.
    public func run(_ track: RecordedTrack) -> ControllerReplayResult {
        run([track.source], tracks: .all, only: track.number)
    }

    private func run(_ sources: [RecordingSource], tracks: TrackFilter, only number: Int?) -> ControllerReplayResult {
        let instances = ControllerInstanceLog()
        var engine = self.engine(tracks: tracks)
        let makeController = self.makeController
        engine.makeController = { configuration in
            let controller = makeController(configuration)
            instances.note(controller)
            return controller
        }
        let collector = ReplayedTrackCollector()
        // A collector never fails to write, so the run cannot throw here.
        _ = try? engine.run(sources, into: [number.map { OneTrack(number: $0, into: collector) } ?? collector])
        return ControllerReplayResult(report: collector.report, tracks: collector.tracks,
                                      reusedControllerCount: instances.reusedCount)
    }
}

extension ControllerReplay where Controller == DismissalController {
    /// A built-in profile, through the same contract as an app's controller: the report
    /// equals `touchtape replay --profile` with it.
    public init(profile: DismissalProfile) {
        // The defaults of a profile always validate.
        try! self.init(settings: SessionSettings(profile: profile))
    }

    /// A built-in profile with any overrides (the command line's settings).
    package init(settings: SessionSettings) throws(SessionSettingsError) {
        self.init(name: settings.profile.rawValue, configuration: try settings.configuration()) {
            DismissalController(settings: $0.dismissal)
        }
    }
}

/// The sink of a one-track run: passes on that track's replays (the track and its probes).
private final class OneTrack: ReplayReportSink {
    let number: Int
    let inner: ReplayedTrackCollector
    init(number: Int, into inner: ReplayedTrackCollector) {
        self.number = number
        self.inner = inner
    }
    func begin(_ heading: ReportHeading) { inner.begin(heading) }
    func track(_ replayed: ReplayedTrack, seconds: Double?) {
        if replayed.transcript.track == number { inner.track(replayed, seconds: seconds) }
    }
    func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?) {
        inner.endFile(file, seconds: seconds, error: error, warning: warning)
    }
    func finish(_ tally: ReplayTally) { inner.finish(tally) }
}

/// What a ``ControllerReplay`` found: the report (render it with `ReportFormat`) and
/// every replayed track with its transcript.
public struct ControllerReplayResult: Sendable {
    /// The report, as `touchtape replay` writes it (render it with `ReportFormat`).
    public var report: ReplayReport
    /// Every replayed track, in report order, with its transcript and sample frames.
    public var tracks: [ReplayedTrack]
    /// Tracks whose controller (a class instance) an earlier track had already been given:
    /// the factory must make a fresh controller for every track.
    public var reusedControllerCount: Int

    /// A result from a report and its tracks.
    package init(report: ReplayReport, tracks: [ReplayedTrack], reusedControllerCount: Int = 0) {
        self.report = report
        self.tracks = tracks
        self.reusedControllerCount = reusedControllerCount
    }

    /// Every failed check, located; empty when all passed.
    public var failures: [ReplayFailure] { tracks.flatMap(\.failures) }
    /// Files that could not be read.
    public var errors: [UnreadableFile] { report.errors }
    /// No failed check, no unreadable file, and a fresh controller for every track.
    public var passed: Bool { failures.isEmpty && errors.isEmpty && reusedControllerCount == 0 }
}

/// Runs a folder (or file) of recordings into a controller and returns the report: the
/// one-call form of ``ControllerReplay``.
///
/// ```swift
/// let report = try replayReport(path: "Recordings", rules: .declared(distance: 800, threshold: 0.4, flickVelocity: 1000)) {
///     CardDismissal()
/// }
/// print(report.summaryLine)   // "12 passed, 0 failed"
/// ```
public func replayReport<Controller: InteractiveDismissalController>(
    path: String, rules: DismissalSettings, tracks: TrackFilter = .all, makeController: @escaping () -> Controller
) throws(RecordingError) -> ReplayReport {
    ControllerReplay(rules: rules, makeController: makeController).run(try Recordings(path: path), tracks: tracks).report
}
