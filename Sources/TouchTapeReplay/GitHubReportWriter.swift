@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats

/// `--format github`: GitHub Actions workflow commands, so a failure shows on the pull
/// request, on the recording's line: one `::error` per failed track (its file, the line its
/// first frame starts on, the failed checks), one per file that could not be read, one
/// `::warning` per file with no track (`::error` under `--strict`), and a closing `::notice`
/// with the tally (`::warning` when only warnings, `::error` when anything failed). Passing
/// tracks write nothing.
///
/// Text from a recording (file names, notes) is made terminal-safe first, as in every report
/// (the log is shown in a terminal view); then the values are escaped as the Actions toolkit
/// does (`escapeData`, `escapeProperty`): `%`, CR and LF in the message; those and `:` and `,`
/// in the properties. Lines of a message are joined with an escaped LF.
///
/// ```text
/// ::error file=Recordings/pan.evemu,line=512,title=touchtape%3A track 1 probe threshold+0%3A expected-outcome::labelled finish, got cancel (…)
/// ::notice title=touchtape replay (transition)::280 passed, 1 failed
/// ```
package struct GitHubReportWriter: ReportWriter {
    private var profile = ""

    /// A writer for one report.
    package init() {}

    package mutating func begin(_ heading: ReportHeading, into out: inout String) {
        profile = heading.profile
    }

    package mutating func track(_ track: TrackReport, seconds: Double?, into out: inout String) {
        let failed = track.failedChecks
        guard !failed.isEmpty else { return }
        let name = "track \(track.track)" + (track.probe.map { " probe \($0)" } ?? "")
        var properties = [("file", track.file)]
        if let line = track.line { properties.append(("line", String(line))) }
        properties.append(("title", "touchtape: \(name): " + failed.map(\.name).joined(separator: ", ")))
        let message = failed.map { "\($0.name): \($0.detail)" }
            + ["outcome \(track.outcome.rawValue)" + (track.expected.map { ", labelled \($0.rawValue)" } ?? "")
               + " — \(track.explanation.summary)"]
            + (track.probe.map { probe in track.notes.filter { $0.hasPrefix("probe \(probe):") } } ?? [])
        out += Self.command("error", properties, message.joined(separator: "\n"))
    }

    package mutating func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?,
                                  into out: inout String) {
        if let error {
            out += Self.command("error", [("file", error.file)] + (error.line.map { [("line", "\($0)")] } ?? [])
                                + [("title", "touchtape: cannot read the recording")], error.message)
        }
        if let warning {
            out += Self.command(warning.isError ? "error" : "warning",
                                [("file", warning.file), ("title", "touchtape: no gesture found")], warning.message)
        }
    }

    package mutating func finish(_ tally: ReplayTally, emit: (String) throws(OutputError) -> Void) throws(OutputError) {
        if let unmatched = tally.unmatched {
            try emit(Self.command("error", [("title", "touchtape: \(unmatched.option) matched nothing")],
                                  "\(unmatched.message)\nhint: \(unmatched.hint)"))
        }
        var summary = "\(tally.passed) passed, \(tally.failed) failed"
        if !tally.errors.isEmpty { summary += ", \(tally.errors.count) could not be read" }
        if !tally.warnings.isEmpty { summary += ", \(tally.warnings.count) with no track" }
        if let unmatched = tally.unmatched { summary += ", \(unmatched.option) matched nothing" }
        let failed = tally.failed > 0 || tally.errorCount > 0
        try emit(Self.command(failed ? "error" : tally.warningCount > 0 ? "warning" : "notice",
                              [("title", "touchtape replay (\(profile))")], summary))
    }

    /// `::NAME key=value,…::message` and a newline.
    static func command(_ name: String, _ properties: [(String, String)], _ message: String) -> String {
        let props = properties.map { "\($0.0)=\(escapeProperty(TextExcerpt.terminalSafe($0.1)))" }.joined(separator: ",")
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { TextExcerpt.terminalSafe(String($0)) }
        return "::\(name)\(props.isEmpty ? "" : " " + props)::\(escapeData(lines.joined(separator: "\n")))\n"
    }

    /// The Actions toolkit's `escapeData`: `%`, CR and LF.
    static func escapeData(_ s: String) -> String { escape(s, property: false) }

    /// The Actions toolkit's `escapeProperty`: ``escapeData`` plus `:` and `,`.
    static func escapeProperty(_ s: String) -> String { escape(s, property: true) }

    private static func escape(_ s: String, property: Bool) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
