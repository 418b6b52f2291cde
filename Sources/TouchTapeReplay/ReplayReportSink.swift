import TouchTapeFormats

/// Where a ``ReplayEngine`` run goes as it happens: a report written as the run goes
/// (``ReportStream``), or the whole ``ReplayReport`` kept for a page that needs every
/// track at once (``ReplayReportCollector``). A class: it is the run's side effect.
///
/// The calls come in this order: ``begin(_:)``; per file, its tracks then
/// ``endFile(_:seconds:error:warning:)``; ``finish(_:)``. A thrown ``OutputError`` (the report
/// could not be written) stops the run.
package protocol ReplayReportSink: AnyObject {
    /// Before the first file.
    func begin(_ heading: ReportHeading) throws(OutputError)
    /// A track, as soon as it is reported (its report row, transcript and sample frames);
    /// `seconds`: its wall-clock time, when the run is timed.
    func track(_ track: ReplayedTrack, seconds: Double?) throws(OutputError)
    /// A file is done, after its tracks, or could not be read (`error`), or was read and
    /// yields no track (`warning`).
    func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?) throws(OutputError)
    /// After the last file.
    func finish(_ tally: ReplayTally) throws(OutputError)
}
