@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats

/// The text report written as a run goes (``ReportWriter``; the layout is
/// ``TextReportRenderer``'s). The columns are as wide as their headings (a wider cell
/// pushes the rest of its row only), so a row can be written before the rows below it
/// are known; a file's heading is written with its first track, the files that could not
/// be read, the files with no track, the notes and the closing `N passed, N failed` at the end.
package struct TextReportWriter: ReportWriter {
    /// How the report is laid out for its reader.
    package struct Presentation: Hashable, Sendable {
        /// The width lines are wrapped to (a terminal's own; 80 when unknown).
        package var width = TextReportRenderer.width
        /// ANSI colour: failures red, warnings yellow, a clean summary green (`--color`, `NO_COLOR`).
        package var color = false
        /// Only failing tracks, unreadable files and the summaries (`--quiet`).
        package var quiet = false

        package init(width: Int = TextReportRenderer.width, color: Bool = false, quiet: Bool = false) {
            self.width = max(width, 40)
            self.color = color
            self.quiet = quiet
        }

        /// How a report is shown where it goes: a terminal's width (`columns`, 80 when
        /// unknown) and colour as `choice` says for a terminal and `environment`; a file or
        /// pipe gets 80 columns.
        package init(toTerminal: Bool, columns: Int?, color choice: ColorChoice, environment: [String: String], quiet: Bool) {
            self.init(width: toTerminal ? columns ?? TextReportRenderer.width : TextReportRenderer.width,
                      color: choice.enabled(isTerminal: toTerminal, environment: environment), quiet: quiet)
        }
    }

    /// A failed track, for the short summary at the end.
    private struct Failure {
        var file: String
        var track: String
        var checks: [String]
    }

    private let presentation: Presentation
    private var folder = ""
    private var currentFile: String?
    private var headerWritten = false
    private var failures: [Failure] = []
    private var failureCount = 0
    /// The summary lists this many failed tracks, then counts the rest (memory stays flat).
    package static let summaryLimit = 50

    /// A writer for one report.
    package init(_ presentation: Presentation = Presentation()) {
        self.presentation = presentation
    }

    package mutating func begin(_ heading: ReportHeading, into out: inout String) {
        folder = heading.folder
        var title = "TouchTape replay — profile \(heading.profile)"
        if !heading.overrides.isEmpty { title += " (" + heading.overrides.joined(separator: ", ") + ")" }
        if let shard = heading.shard { title += ", shard \(shard)" }
        var lines = wrap(title, indent: "")
        if !heading.settings.entries.isEmpty {
            lines += wrap("settings: " + heading.settings.entries.dropFirst().map(\.text).joined(separator: ", "), indent: "  ")
        }
        if !folder.isEmpty { lines += wrap("folder: \(folder)", indent: "  ") }
        append(lines, to: &out)
    }

    package mutating func track(_ t: TrackReport, seconds: Double?, into out: inout String) {
        let failed = !t.failedChecks.isEmpty
        if failed {
            failureCount += 1
            if failures.count < Self.summaryLimit {
                failures.append(Failure(file: String(t.file.dropFirst(folder.count)),
                                        track: "track \(t.track)" + (t.probe.map { " probe \($0)" } ?? ""),
                                        checks: t.failedChecks.map(\.name)))
            }
        }
        if presentation.quiet, !failed { return }
        var lines: [(String, Style)] = []
        if !headerWritten {
            headerWritten = true
            lines.append(("", .plain))
            lines += TextReportRenderer.lines(TextReportRenderer.columns(t.unit), TextReportRenderer.columnWidths(t.unit)).map { ("  " + $0, .plain) }
        }
        if currentFile != t.file {
            currentFile = t.file
            lines.append(("", .plain))
            lines += plain(wrap(String(t.file.dropFirst(folder.count)), indent: "    "))
            lines += plain(wrap("  device: \"\(t.deviceName)\", \(t.deviceKind.rawValue), protocol \(t.touchProtocol.name)",
                                indent: "    "))
            // The same for every track of a file (``TrackReport/assumptions``): said once.
            for a in t.assumptions { lines += plain(wrap("  assumed: \(a)", indent: "    ")) }
        }
        lines += TextReportRenderer.lines(TextReportRenderer.row(t), TextReportRenderer.columnWidths(t.unit)).map { ("  " + $0, failed ? .red : .plain) }
        lines += plain(wrap("      why: \(t.explanation.summary)", indent: "        "))
        for c in t.failedChecks { lines += wrap("      FAILED \(c.name): \(c.detail)", indent: "        ").map { ($0, .red) } }
        if t.expected != nil || t.userNote != nil {
            // A probe's expected outcome is the declared rules', not a recorder's label.
            var label = (t.probe == nil ? "      label: " : "      rules: ")
                + (t.expected.map { $0 == .none ? "expect none (must not dismiss)" : "expect \($0.rawValue)" } ?? "no expected outcome")
            if let note = t.userNote { label += "; note: \(note)" }
            lines += plain(wrap(label, indent: "        "))
        }
        for d in t.diagnostics { lines += plain(wrap("      tool: \(d)", indent: "        ")) }
        if let stability = t.stability { lines += plain(wrap("      stability: \(stability.summary)", indent: "        ")) }
        append(lines, to: &out)
    }

    package mutating func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?,
                                  into out: inout String) {}

    package mutating func finish(_ tally: ReplayTally, emit: (String) throws(OutputError) -> Void) throws(OutputError) {
        var lines: [(String, Style)] = []
        if !tally.errors.isEmpty {
            lines.append(("", .plain))
            lines.append(("Could not read:", .red))
            lines += tally.errors.flatMap { e in e.reportLines.map { ($0, Style.red) } }
        }
        // Files read whole that yield no track: `FILE: 0 tracks (no gesture found)`, one line
        // each (unwrapped, like the errors above), under --strict as errors.
        let strictErrors = tally.warnings.filter(\.isError), warnings = tally.warnings.filter { !$0.isError }
        if !strictErrors.isEmpty {
            lines.append(("", .plain))
            lines.append(("Errors (--strict):", .red))
            lines += strictErrors.map { ("  " + $0.message, .red) }
        }
        if let unmatched = tally.unmatched {
            lines.append(("", .plain))
            lines += wrap("Error: \(unmatched.message)", indent: "  ").map { ($0, .red) }
            lines += wrap("  hint: \(unmatched.hint)", indent: "    ").map { ($0, .red) }
        }
        if !warnings.isEmpty {
            lines.append(("", .plain))
            lines.append(("Warnings:", .yellow))
            lines += warnings.map { ("  " + $0.message, .yellow) }
        }
        if !tally.notes.isEmpty {
            lines.append(("", .plain))
            lines.append(("Notes:", .plain))
            lines += plain(tally.notes.flatMap { wrap("  " + $0, indent: "    ") })
        }
        // The failures once more, one line each, where the reader's eye ends (pytest's
        // short summary): what to open, without scrolling back through the passes.
        if failureCount > 0 {
            lines.append(("", .plain))
            lines.append(("Failed (\(failureCount) track\(failureCount == 1 ? "" : "s")):", .red))
            for f in failures {
                lines += wrap("  \(f.file) \(f.track): \(f.checks.joined(separator: ", "))", indent: "      ").map { ($0, .red) }
            }
            if failureCount > failures.count { lines.append(("  … and \(failureCount - failures.count) more", .red)) }
        }
        lines.append(("", .plain))
        let clean = tally.failed == 0 && tally.errorCount == 0
        lines.append((tally.summaryLine, !clean ? .red : tally.warningCount > 0 ? .yellow : .green))
        var out = ""
        append(lines, to: &out)
        try emit(out)
    }

    /// The colour a line is written in (when ``Presentation/color`` is on).
    private enum Style {
        case plain, red, green, yellow

        var code: String? {
            switch self {
            case .plain: return nil
            case .red: return "31"
            case .green: return "32"
            case .yellow: return "33"
            }
        }
    }

    private func wrap(_ text: String, indent: String) -> [String] {
        TextReportRenderer.wrap(text, indent: indent, width: presentation.width)
    }

    private func plain(_ lines: [String]) -> [(String, Style)] { lines.map { ($0, .plain) } }

    private func append(_ lines: [String], to out: inout String) {
        append(plain(lines), to: &out)
    }

    /// Each line made terminal-safe first (names and notes come from recordings; without
    /// colour that is ``TextReportRenderer/joined(_:)``), then coloured: the only escape
    /// sequences in the text are these.
    private func append(_ lines: [(String, Style)], to out: inout String) {
        guard presentation.color else {
            out += TextReportRenderer.joined(lines.map(\.0))
            return
        }
        for (line, style) in lines {
            let safe = TextExcerpt.terminalSafe(line)
            out += style.code.map { safe.isEmpty ? "" : "\u{1B}[\($0)m" + safe + "\u{1B}[0m" } ?? safe
            out += "\n"
        }
    }
}
