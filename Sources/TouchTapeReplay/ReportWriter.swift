import TouchTapeFormats

/// A report format written a piece at a time, as a replay run goes: the heading, each
/// track as it is reported, each file as it ends, then the closing tally. Each call
/// appends its text to `out` (the last hands its text to `emit`, in pieces); the writer
/// never keeps the tracks, only what its format must hold back (JUnit's suites, whose
/// counts come first, held in a scratch file past 256 KiB), so `touchtape replay` needs
/// the same memory for a 10 M-event recording as for a short one (``ReportStream``
/// writes the pieces out as they come).
///
/// A whole ``ReplayReport`` goes through the same calls (``render(_:)``), so the report
/// written at the end of a run and the one streamed during it are one code.
package protocol ReportWriter {
    /// Before the first track.
    mutating func begin(_ heading: ReportHeading, into out: inout String)
    /// One track, as soon as it is reported; `seconds` is its wall-clock time when the run is timed.
    mutating func track(_ track: TrackReport, seconds: Double?, into out: inout String)
    /// The same track's text as UTF-8 bytes (what ``ReportStream`` writes): by default the
    /// text above; a writer that makes bytes (JSON) appends them without making a string.
    mutating func track(_ track: TrackReport, seconds: Double?, into out: inout [UInt8])
    /// A file is done: after its tracks, or when it could not be read (`error`), or when it
    /// was read but yields no track (`warning`).
    mutating func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?,
                          into out: inout String)
    /// After the last file: the rest of the report, handed to `emit` in order (in
    /// pieces when the writer held text back); a failure of `emit` (or of the writer's
    /// scratch file) is thrown.
    mutating func finish(_ tally: ReplayTally, emit: (String) throws(OutputError) -> Void) throws(OutputError)
}

extension ReportWriter {
    package mutating func track(_ track: TrackReport, seconds: Double?, into out: inout [UInt8]) {
        var text = ""
        self.track(track, seconds: seconds, into: &text)
        out += text.utf8
    }

    /// A whole report through the calls a run makes: each file's tracks in order (files
    /// in the order their tracks come, then files that only have an error or a warning),
    /// each file ended with its error, warning and time.
    package mutating func render(_ report: ReplayReport) -> String {
        var out = ""
        begin(report.heading, into: &out)
        var files: [String] = []
        var byFile: [String: [TrackReport]] = [:]
        for t in report.tracks {
            if byFile[t.file] == nil { files.append(t.file) }
            byFile[t.file, default: []].append(t)
        }
        var errorByFile: [String: UnreadableFile] = [:]
        for e in report.errors {
            if byFile[e.file] == nil, errorByFile[e.file] == nil { files.append(e.file) }
            errorByFile[e.file] = errorByFile[e.file] ?? e
        }
        var warningByFile: [String: FileWarning] = [:]
        for w in report.warnings {
            if byFile[w.file] == nil, errorByFile[w.file] == nil, warningByFile[w.file] == nil { files.append(w.file) }
            warningByFile[w.file] = warningByFile[w.file] ?? w
        }
        for file in files {
            for t in byFile[file] ?? [] {
                track(t, seconds: report.trackSeconds[.init(file: t.file, track: t.track)], into: &out)
            }
            endFile(file, seconds: report.fileSeconds[file], error: errorByFile[file], warning: warningByFile[file], into: &out)
        }
        // Only a scratch file can fail here (the text goes to memory): then the report
        // says so in place of what it could not hold.
        do throws(OutputError) {
            try finish(report.tally) { out += $0 }
        } catch {
            out += "\n[report incomplete: \(error.description)]\n"
        }
        return out
    }
}
