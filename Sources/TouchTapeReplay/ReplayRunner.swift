import TouchTapeFormats
import TouchTapeDismissal

/// A whole replay run in one call: recordings → one ``ReplaySession`` each → a
/// ``ReplayReport``. A file that cannot be read is reported as an ``UnreadableFile`` and
/// the run goes on with the next one, so the report always holds every other result.
///
/// ```swift
/// let settings = SessionSettings(profile: .easytransitions)
/// let runner = ReplayRunner(settings: settings, configuration: try settings.configuration())
/// let report = runner.run(try RecordingLocator.sources(for: ["Recordings"]))
/// print(ReportFormat.text.render(report))
/// ```
public struct ReplayRunner {
    /// The settings in force.
    public var settings: SessionSettings
    /// The replay configuration (rules, pan settings, display).
    public var configuration: ReplayConfiguration
    /// Replay only this shard's tracks.
    public var shard: ReplayShard?
    /// Stop after the first file with a failed check or a read error.
    public var failFast: Bool
    /// A wall clock in seconds, to time each file for JUnit; `nil`: not timed.
    public var clock: (() -> Double)?

    /// A value from its parts.
    public init(settings: SessionSettings, configuration: ReplayConfiguration, shard: ReplayShard? = nil,
                failFast: Bool = false, clock: (() -> Double)? = nil) {
        self.settings = settings
        self.configuration = configuration
        self.shard = shard
        self.failFast = failFast
        self.clock = clock
    }

    /// Replays `sources` in order; `progress` after each track and each file.
    public func run(_ sources: [RecordingSource], progress: (ReplayProgress) -> Void = { _ in }) -> ReplayReport {
        var report = ReplayReport(profile: settings.profile.rawValue, overrides: settings.overrideDescriptions,
                                  tracks: [], shard: shard)
        report.settings = EffectiveSettings(configuration: configuration)
        for (done, source) in sources.enumerated() {
            let file = source.eventsPath
            let start = clock?()
            // When each track began: a fresh controller is made at each track's first frame.
            let starts = TrackStarts()
            var reported: [Int] = []
            var stop = false
            do {
                let notes = try RecordingReplay.run(source, configuration: configuration, makeController: { configuration in
                    if let clock { starts.times.append(clock()) }
                    return DismissalController(settings: configuration.dismissal)
                }) { result in
                    guard shard?.contains(file: file, track: result.report.track) ?? true else { return }
                    report.tracks.append(result.report)
                    reported.append(result.report.track)
                    progress(ReplayProgress(filesDone: done, filesTotal: sources.count, tracksDone: report.tracks.count))
                    if failFast, !result.report.passed { stop = true }
                }
                if shard?.contains(file: file, track: 0) ?? true { report.notes += notes.map { "\(file): \($0)" } }
            } catch {
                if shard?.contains(file: file, track: 0) ?? true {
                    report.errors.append(Self.unreadable(file: file, error: error))
                    if failFast { stop = true }
                }
            }
            if let start, let end = clock?() {
                report.fileSeconds[file] = end - start
                // Track N (numbered from 1, in the order they began) lasts until track N + 1 begins.
                for track in reported where track >= 1 && track <= starts.times.count {
                    let next = track < starts.times.count ? starts.times[track] : end
                    report.trackSeconds[.init(file: file, track: track)] = max(0, next - starts.times[track - 1])
                }
            }
            progress(ReplayProgress(filesDone: done + 1, filesTotal: sources.count, tracksDone: report.tracks.count))
            if stop { break }
        }
        return report
    }

    /// The clock readings at each track's start, collected by the controller factory
    /// (which the session calls once per track, as the track begins).
    private final class TrackStarts {
        var times: [Double] = []
    }

    static func unreadable(file: String, error: any Error) -> UnreadableFile {
        guard let error = error as? RecordingError else {
            return UnreadableFile(file: file, kind: "error", message: "\(file): \(error)", isIOFailure: false)
        }
        return UnreadableFile(file: file, kind: error.kind.rawValue, message: error.description,
                              isIOFailure: error.kind == .ioFailure)
    }
}
