import TouchTapeDismissal
import TouchTapeFormats

/// Keeps a whole run as a ``ReplayReport`` (``ReplayEngine/run(_:problems:progress:)``, the HTML
/// page, the API): memory grows with the tracks, about 6 KB each; `touchtape replay`'s
/// text, JSON and JUnit reports are streamed instead (``ReportStream``).
package final class ReplayReportCollector: ReplayReportSink {
    /// The run so far.
    package private(set) var report = ReplayReport(profile: "", tracks: [])

    /// An empty collector.
    package init() {}

    package func begin(_ heading: ReportHeading) {
        report = ReplayReport(profile: heading.profile, overrides: heading.overrides, tracks: [], shard: heading.shard)
        report.settings = heading.settings
    }

    package func track(_ replayed: ReplayedTrack, seconds: Double?) {
        let track = replayed.report
        report.tracks.append(track)
        if let seconds { report.trackSeconds[.init(file: track.file, track: track.track)] = seconds }
    }

    package func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?) {
        if let error { report.errors.append(error) }
        if let warning { report.warnings.append(warning) }
        if let seconds { report.fileSeconds[file] = seconds }
    }

    package func finish(_ tally: ReplayTally) {
        report.notes = tally.notes
        report.probesNotMade = tally.probesNotMade
    }
}

/// Keeps every replayed track whole, with its transcript and sample frames, beside the
/// report (``ReplayReportCollector``): what the API's result, the HTML page's plots and
/// pictures need, from the same run as the report (no second pass).
package final class ReplayedTrackCollector: ReplayReportSink {
    /// The report so far.
    package var report: ReplayReport { reports.report }
    /// The tracks so far, in report order.
    package private(set) var tracks: [ReplayedTrack] = []
    private let reports = ReplayReportCollector()

    /// An empty collector.
    package init() {}

    /// The HTML page of what was collected (every track's plot), under `settings`.
    package func page(settings: DismissalSettings) -> String {
        HTMLReportRenderer.render(report, transcripts: tracks.map(\.transcript), settings: settings)
    }

    /// Writes ``page(settings:)`` to `output` and commits it (`replay --html`).
    package func writePage(settings: DismissalSettings, to output: OutputFile) throws(OutputError) {
        try output.write(page(settings: settings))
        try output.commit()
    }

    package func begin(_ heading: ReportHeading) { reports.begin(heading) }
    package func track(_ replayed: ReplayedTrack, seconds: Double?) {
        tracks.append(replayed)
        reports.track(replayed, seconds: seconds)
    }
    package func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?) {
        reports.endFile(file, seconds: seconds, error: error, warning: warning)
    }
    package func finish(_ tally: ReplayTally) { reports.finish(tally) }
}
