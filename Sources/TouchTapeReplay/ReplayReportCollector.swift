import TouchTapeFormats

/// Keeps a whole run as a ``ReplayReport`` (``ReplayRunner/run(_:progress:)``, the HTML
/// page, the API): memory grows with the tracks, about 6 KB each; `touchtape replay`'s
/// text, JSON and JUnit reports are streamed instead (``ReportStream``).
public final class ReplayReportCollector: ReplayReportSink {
    /// The run so far.
    public private(set) var report = ReplayReport(profile: "", tracks: [])

    /// An empty collector.
    public init() {}

    public func begin(_ heading: ReportHeading) {
        report = ReplayReport(profile: heading.profile, overrides: heading.overrides, tracks: [], shard: heading.shard)
        report.settings = heading.settings
    }

    public func track(_ track: TrackReport, seconds: Double?) {
        report.tracks.append(track)
        if let seconds { report.trackSeconds[.init(file: track.file, track: track.track)] = seconds }
    }

    public func endFile(_ file: String, seconds: Double?, error: UnreadableFile?) {
        if let error { report.errors.append(error) }
        if let seconds { report.fileSeconds[file] = seconds }
    }

    public func finish(_ tally: ReplayTally) {
        report.notes = tally.notes
    }
}
