import TouchTapeEvents
import TouchTapeFormats

/// The text report written as a run goes (``ReportWriter``; the layout is
/// ``TextReportRenderer``'s). The columns are as wide as their headings (a wider cell
/// pushes the rest of its row only), so a row can be written before the rows below it
/// are known; a file's heading is written with its first track, the files that could not
/// be read, the notes and the closing `N passed, N failed` at the end.
package struct TextReportWriter: ReportWriter {
    private var folder = ""
    private var currentFile: String?

    /// A writer for one report.
    package init() {}

    package mutating func begin(_ heading: ReportHeading, into out: inout String) {
        folder = heading.folder
        var title = "TouchTape replay — profile \(heading.profile)"
        if !heading.overrides.isEmpty { title += " (" + heading.overrides.joined(separator: ", ") + ")" }
        if let shard = heading.shard { title += ", shard \(shard)" }
        var lines = TextReportRenderer.wrap(title, indent: "")
        if !heading.settings.entries.isEmpty {
            lines += TextReportRenderer.wrap("settings: " + heading.settings.entries.dropFirst().map(\.text).joined(separator: ", "),
                                             indent: "  ")
        }
        if !folder.isEmpty { lines += TextReportRenderer.wrap("folder: \(folder)", indent: "  ") }
        append(lines, to: &out)
    }

    package mutating func track(_ t: TrackReport, seconds: Double?, into out: inout String) {
        var lines: [String] = []
        if currentFile == nil {
            lines.append("")
            lines.append("  " + TextReportRenderer.line(TextReportRenderer.columns, TextReportRenderer.columnWidths))
        }
        if currentFile != t.file {
            currentFile = t.file
            lines.append("")
            lines += TextReportRenderer.wrap(String(t.file.dropFirst(folder.count)), indent: "    ")
            lines += TextReportRenderer.wrap("  device: \"\(t.deviceName)\", \(t.deviceKind.rawValue), protocol \(t.touchProtocol.name)",
                                             indent: "    ")
            // The same for every track of a file (``TrackReport/assumptions``): said once.
            for a in t.assumptions { lines += TextReportRenderer.wrap("  assumed: \(a)", indent: "    ") }
        }
        lines.append("  " + TextReportRenderer.line(TextReportRenderer.row(t), TextReportRenderer.columnWidths))
        lines += TextReportRenderer.wrap("      why: \(t.explanation.summary)", indent: "        ")
        for c in t.failedChecks { lines += TextReportRenderer.wrap("      FAILED \(c.name): \(c.detail)", indent: "        ") }
        if t.expected != nil || t.userNote != nil {
            var label = "      label: " + (t.expected.map { $0 == .none ? "expect none (must not dismiss)" : "expect \($0.rawValue)" }
                ?? "no expected outcome")
            if let note = t.userNote { label += "; note: \(note)" }
            lines += TextReportRenderer.wrap(label, indent: "        ")
        }
        for d in t.diagnostics { lines += TextReportRenderer.wrap("      tool: \(d)", indent: "        ") }
        if let stability = t.stability { lines += TextReportRenderer.wrap("      stability: \(stability.summary)", indent: "        ") }
        append(lines, to: &out)
    }

    package mutating func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, into out: inout String) {}

    package mutating func finish(_ tally: ReplayTally, emit: (String) throws(OutputError) -> Void) throws(OutputError) {
        var lines: [String] = []
        if !tally.errors.isEmpty {
            lines.append("")
            lines.append("Could not read:")
            lines += tally.errors.flatMap { e in
                e.message.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            }
        }
        if !tally.notes.isEmpty {
            lines.append("")
            lines.append("Notes:")
            lines += tally.notes.flatMap { TextReportRenderer.wrap("  " + $0, indent: "    ") }
        }
        lines.append("")
        lines.append(tally.summaryLine)
        var out = ""
        append(lines, to: &out)
        try emit(out)
    }

    private func append(_ lines: [String], to out: inout String) {
        out += TextReportRenderer.joined(lines)
    }
}
