import Foundation
import TouchTapeFormats
import TouchTapeDismissal

/// The one replay engine: recordings → one ``ReplaySession`` each → a fresh controller per
/// track → sinks. `touchtape replay`, `sweep`'s and `plot`'s runs, the HTML page, the API
/// (``ControllerReplay`` in `TouchTape`) and the test helpers all run through it, so a
/// report means the same wherever it was made.
///
/// A file that cannot be read is reported as an ``UnreadableFile`` and the run goes on with
/// the next one, so the report always holds every other result. A file that is read but
/// yields no track is reported as a ``FileWarning`` (an error with ``strict``).
///
/// ``run(_:problems:into:progress:)`` hands each track to its sinks as soon as it is
/// reported and keeps only counts (``ReplayTally``), so a report streamed to a file
/// (``ReportStream``) needs the same memory for a 10 M-event recording as for a short one;
/// collectors (``ReplayReportCollector``, ``ReplayedTrackCollector``) keep what they need.
///
/// ```swift
/// let settings = SessionSettings(profile: .easytransitions)
/// let runner = ReplayRunner(settings: settings, configuration: try settings.configuration())
/// let report = runner.run(try RecordingLocator.sources(for: ["Recordings"]))
/// print(ReportFormat.text.render(report))
/// ```
package struct ReplayEngine<Controller: InteractiveDismissalController> {
    /// The report header's name: the profile's, or the app controller's.
    package var name: String
    /// The settings changed from the profile's, in words, for the report header.
    package var overrides: [String]
    /// The replay configuration (rules, pan settings, display).
    package var configuration: ReplayConfiguration
    /// Makes the fresh controller of each track, from the configuration.
    package var makeController: (ReplayConfiguration) -> Controller
    /// Which tracks are replayed into the sinks, by their label.
    package var tracks: TrackFilter
    /// Replay only this shard's tracks.
    package var shard: ReplayShard?
    /// Stop after the first file with a failed check or a read error.
    package var failFast: Bool
    /// A file that yields no track is an error (`replay --strict`), not a warning.
    package var strict = false
    /// Also replay each track's ``Probe``s (its boundary variants) into a fresh controller,
    /// each a row of the report after its track.
    package var probes = false
    /// Also analyse each recorded track's ``Stability`` (40 perturbations of its frames).
    package var stability = false
    /// Only these tracks (by number, in every file), `nil`: all.
    package var trackNumbers: Set<Int>?
    /// Only these probes (with ``probes``), `nil`: all; with a probe named, the recorded
    /// track itself is not a row, so `--track 3 --probe threshold+0` reproduces one row.
    package var probeKinds: Set<Probe.Kind>?
    /// A wall clock in seconds, to time each file and track for JUnit; `nil`: not timed.
    package var clock: (() -> Double)?
    /// Looked at every 4096 items and before each file (a signal arrived): when it says
    /// so, ``run(_:problems:into:progress:)`` stops there and does not finish its sinks, so a
    /// report being written is left incomplete for its writer to drop.
    package var cancelled: (() -> Bool)?
    /// How each recording is locked while it is read (a `label` rewriting it is waited for).
    package var locking: ReadLocking = .standard
    /// When and where the run is made, for JUnit (``ReportHeading/timestamp``); `nil`: not said.
    package var timestamp: String?
    /// See ``timestamp``.
    package var hostname: String?

    /// `date` in UTC as JUnit's `timestamp` attribute spells it (`2026-11-26T10:16:56`): the
    /// second it falls in once rounded to the millisecond, as Foundation's `DateFormatter`
    /// gives it. From the C library's `gmtime_r`: a `DateFormatter` made for it loaded ICU's
    /// calendar data, about 2 ms of every `replay` whatever its format (issue 26, tenth
    /// part). Dates from 1970 on; `nil` where the C library cannot say (the report then
    /// says what a report without a timestamp says).
    package static func junitTimestamp(_ date: Date) -> String? {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        var seconds = time_t(max(0, (milliseconds / 1000).rounded(.down)))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return nil }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// An engine from its parts.
    package init(name: String, overrides: [String] = [], configuration: ReplayConfiguration, tracks: TrackFilter = .all,
                shard: ReplayShard? = nil, failFast: Bool = false, clock: (() -> Double)? = nil,
                cancelled: (() -> Bool)? = nil, makeController: @escaping (ReplayConfiguration) -> Controller) {
        self.name = name
        self.overrides = overrides
        self.configuration = configuration
        self.makeController = makeController
        self.tracks = tracks
        self.shard = shard
        self.failFast = failFast
        self.clock = clock
        self.cancelled = cancelled
    }

    /// Replays `sources` in order and returns the whole report; `progress` after each
    /// track and each file.
    package func run(_ sources: [RecordingSource], problems: [RecordingError] = [],
                    progress: (ReplayProgress) -> Void = { _ in }) -> ReplayReport {
        let collector = ReplayReportCollector()
        // A collector never fails to write, so the run cannot throw here.
        _ = try? run(sources, problems: problems, into: [collector], progress: progress)
        return collector.report
    }

    /// The heading of a run over `sources`: the folder is the one they share.
    package func heading(for sources: [RecordingSource]) -> ReportHeading {
        var heading = ReportHeading(profile: name, overrides: overrides,
                      settings: EffectiveSettings(configuration: configuration), shard: shard,
                      folder: TextReportRenderer.commonFolder(sources.map(\.eventsPath)))
        heading.timestamp = timestamp
        heading.hostname = hostname
        return heading
    }

    /// Replays `sources` in order into `sinks`, each track as soon as it is reported;
    /// `progress` after each track and each file.
    ///
    /// - Returns: the counts, the unreadable files and the notes (so far, when ``cancelled``
    ///   stopped the run: then the sinks were not finished).
    /// - Throws: a sink's ``OutputError`` (the report could not be written), which stops the run.
    @discardableResult
    package func run(_ sources: [RecordingSource], problems: [RecordingError] = [], into sinks: [any ReplayReportSink],
                    progress: (ReplayProgress) -> Void = { _ in }) throws(OutputError) -> ReplayTally {
        let heading = heading(for: sources)
        for sink in sinks { try sink.begin(heading) }
        var tally = ReplayTally()
        // What the search of the folders met (a folder that cannot be listed, a dangling
        // link): a row each, in every format, before the recordings.
        for problem in problems where shard?.contains(file: problem.file, track: 0) ?? true {
            let unreadable = Self.unreadable(file: problem.file, error: problem)
            tally.errors.append(unreadable)
            for sink in sinks { try sink.endFile(problem.file, seconds: nil, error: unreadable, warning: nil) }
        }
        var tracksDone = 0
        /// Tracks the --track and label filters select, whatever the shard: what an empty
        /// shard is said to hold none of.
        var tracksSelected = 0
        for (done, source) in sources.enumerated() {
            if cancelled?() == true { return tally }
            let file = source.eventsPath
            let start = clock?()
            let starts = TrackStarts()
            var stop = false
            var unreadable: UnreadableFile?
            var warning: FileWarning?
            // Every track the file yields, before the shard, --track and label filters.
            var tracksInFile = 0
            do {
                let makeController = self.makeController
                let notes = try RecordingReplay.replay(source, configuration: configuration, makeController: { configuration in
                    if let clock { starts.began(at: clock()) }
                    return makeController(configuration)
                }, cancelled: { cancelled?() == true }, keepFrames: stability, locking: locking) { replayed in
                    tracksInFile += 1
                    var replayed = replayed
                    if stability {
                        let analysis = Stability.analyse(frames: replayed.frames, deviceKind: replayed.transcript.deviceKind,
                                                         outcome: replayed.report.outcome, configuration: configuration,
                                                         makeController: makeController)
                        replayed.result.report.stability = analysis
                        replayed.frames = []
                    }
                    let report = replayed.report
                    if trackNumbers?.contains(report.track) == true { tally.tracksFound.insert(report.track) }
                    guard trackNumbers?.contains(report.track) ?? true, tracks.includes(replayed.transcript.annotation) else { return }
                    tracksSelected += 1
                    guard shard?.contains(file: file, track: report.track) ?? true else { return }
                    let seconds = clock.flatMap { starts.seconds(of: report.track, now: $0()) }
                    if probeKinds == nil || !probes {
                        tally.add(report)
                        for sink in sinks { try sink.track(replayed, seconds: seconds) }
                    }
                    tracksDone += 1
                    if probes {
                        let made = ProbeMaker.probes(from: replayed.transcript.samples, rules: configuration.dismissal,
                                                      velocity: configuration.pan.velocityStrategy)
                        tally.probesNotMade += made.notMade.filter { probeKinds?.contains($0) ?? true }.count
                        for probe in made.probes where probeKinds?.contains(probe.kind) ?? true {
                            let row = probe.replay(of: replayed, configuration: configuration,
                                                   controller: makeController(configuration))
                            tally.add(row.report)
                            for sink in sinks { try sink.track(row, seconds: nil) }
                            if failFast, !row.report.passed { stop = true }
                        }
                    }
                    progress(ReplayProgress(filesDone: done, filesTotal: sources.count, tracksDone: tracksDone))
                    if failFast, !report.passed { stop = true }
                    if cancelled?() == true { throw Cancelled() }
                }
                if trackNumbers != nil { tally.mostTracksInAFile = max(tally.mostTracksInAFile, tracksInFile) }
                if shard?.contains(file: file, track: 0) ?? true {
                    tally.notes += notes.map { "\(file): \($0)" }
                    if tracksInFile == 0 {
                        warning = .noTracks(file: file, isError: strict)
                        if failFast, strict { stop = true }
                    }
                }
            } catch let failure as OutputError {
                throw failure
            } catch is Cancelled {
                return tally
            } catch is ReplayCancelled {
                return tally
            } catch {
                // A stop signal that ended the wait for the file's lock is the stop, not a fault of the file.
                if cancelled?() == true { return tally }
                if shard?.contains(file: file, track: 0) ?? true {
                    unreadable = Self.unreadable(file: file, error: error)
                    if failFast { stop = true }
                }
            }
            if let unreadable { tally.errors.append(unreadable) }
            if let warning { tally.warnings.append(warning) }
            let seconds = start.flatMap { start in clock.map { max(0, $0() - start) } }
            for sink in sinks { try sink.endFile(file, seconds: seconds, error: unreadable, warning: warning) }
            progress(ReplayProgress(filesDone: done + 1, filesTotal: sources.count, tracksDone: tracksDone))
            if stop {
                tally.filesNotReplayed = sources.count - done - 1
                break
            }
        }
        if let shard, tracksDone == 0, tracksSelected > 0 { tally.emptyShard = .init(shard: shard.description, tracks: tracksSelected) }
        tally.unmatched = .find(in: tally, tracks: trackNumbers, probes: probes && shard == nil ? probeKinds : nil)
        for sink in sinks { try sink.finish(tally) }
        return tally
    }

    /// The run was cancelled in the middle of a file.
    private struct Cancelled: Error {}

    /// When each track of a file began, by the controller factory (which the session
    /// calls once per track, as the track begins: track N is the Nth call). Track N
    /// lasts until track N + 1 begins, or, the last, until it is reported; a track is
    /// reported after the next one began, so its time is known then, and the starts of
    /// tracks already reported are let go.
    private final class TrackStarts {
        private var times: [Int: Double] = [:]
        private var began = 0
        private var released = 0

        func began(at time: Double) {
            began += 1
            times[began] = time
        }

        func seconds(of track: Int, now: Double) -> Double? {
            guard let start = times[track] else { return nil }
            let end = times[track + 1] ?? now
            while released < track {
                released += 1
                times[released] = nil
            }
            return max(0, end - start)
        }
    }

    package static func unreadable(file: String, error: any Error) -> UnreadableFile {
        guard let error = error as? RecordingError else {
            return UnreadableFile(file: file, kind: "error", message: "\(file): \(error)", isIOFailure: false)
        }
        return UnreadableFile(file: file, kind: error.kind.rawValue, message: error.description,
                              isIOFailure: error.kind == .ioFailure, line: error.line)
    }
}

/// The engine with TouchTape's own controller, following a profile and its overrides: what
/// `touchtape replay` runs.
package typealias ReplayRunner = ReplayEngine<DismissalController>

extension ReplayEngine where Controller == DismissalController {
    /// The built-in controller under `settings` (validated into `configuration`).
    package init(settings: SessionSettings, configuration: ReplayConfiguration, shard: ReplayShard? = nil,
                failFast: Bool = false, clock: (() -> Double)? = nil, cancelled: (() -> Bool)? = nil) {
        self.init(name: settings.profile.rawValue, overrides: settings.overrideDescriptions, configuration: configuration,
                  shard: shard, failFast: failFast, clock: clock, cancelled: cancelled) {
            DismissalController(settings: $0.dismissal)
        }
    }
}
