@_spi(Pipeline) import TouchTapeEvents

/// The human report, for an 80-column terminal (or the terminal's own width): a header with the settings in force,
/// then per file its name (relative to the folder the files share) and device, the
/// assumptions made for it (once), and its tracks, each with a line saying why it came out
/// as it did; the user's label and note (`label:`) apart from the tool's diagnostics
/// (`tool:`); failed checks spelled out under their track; the closing `N passed, N failed`.
package enum TextReportRenderer {
    /// The width the report is wrapped to when nothing says otherwise (the command line
    /// gives a terminal's own width): 80, the width a terminal has when nothing is known.
    package static let width = 80
    static let columns = ["track", "fingers", "progress", "velocity (pt/s)", "outcome", "expected", "checks"]

    /// The headings under a profile's unit (`velocity (dp/s)`).
    static func columns(_ unit: PlatformUnit) -> [String] {
        columns.map { $0 == "velocity (pt/s)" ? "velocity (\(unit.symbol)/s)" : $0 }
    }

    /// The columns' widths under a profile's unit: at least the points headings' widths.
    static func columnWidths(_ unit: PlatformUnit) -> [Int] {
        zip(columnWidths, columns(unit)).map { max($0, $1.count) }
    }

    /// The columns' widths: their headings'.
    static let columnWidths = columns.map(\.count)

    /// The whole report in this format (through ``TextReportWriter``, as a streamed run writes it).
    package static func render(_ report: ReplayReport) -> String {
        var writer = TextReportWriter()
        return writer.render(report)
    }

    static func row(_ t: TrackReport) -> [String] {
        let skipped = t.skippedChecks.count
        let checks = t.failedChecks.isEmpty
            ? "ok" + (skipped > 0 ? " (\(skipped) skipped)" : "")
            : "FAILED \(t.failedChecks.count)"   // named, with their detail, on the lines below
        return [
            t.probe.map { "\(t.track) \($0)" } ?? String(t.track), String(t.fingers),
            t.releaseProgress.map { fixed($0, 3) } ?? "-",
            t.releaseVelocity.map { "(\(fixed($0.x, 0)), \(fixed($0.y, 0)))" } ?? "-",
            t.outcome.rawValue, t.expected?.rawValue ?? "-", checks,
        ]
    }

    /// A table row: each cell padded to its column's width, two spaces apart. A cell wider
    /// than its column (a probe row's `1 flick-back-diagonal`) ends its line and the row goes
    /// on on the next, each later cell under its heading: pushed right instead, the rest of a
    /// probe row stood under the wrong headings and ran past 80 columns.
    static func lines(_ row: [String], _ widths: [Int]) -> [String] {
        var lines: [String] = []
        var line = ""
        var start = 0   // where the cell's column starts
        for (i, cell) in row.enumerated() {
            line += String(repeating: " ", count: max(0, start - line.count)) + cell
            start += widths[i] + 2
            if i < row.count - 1, line.count > start - 2 {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The folder (ending in `/`) every path lies in, `""` when they share none.
    static func commonFolder(_ paths: [String]) -> String {
        guard var prefix = paths.first.map({ Substring($0) }) else { return "" }
        for path in paths.dropFirst() {
            prefix = prefix.prefix(zip(prefix, path).prefix { $0 == $1 }.count)
        }
        guard let slash = prefix.lastIndex(of: "/") else { return "" }
        return String(prefix[...slash])
    }

    /// `text` broken at spaces (or at `separator`: the live view's legend keeps its groups of
    /// keys whole) into lines of at most ``width`` columns (a single word longer than that
    /// stays whole); continuation lines start with `indent`.
    package static func wrap(_ text: String, indent: String, width: Int = width, separator: String = " ") -> [String] {
        var lines: [String] = []
        let lead = text.prefix { $0 == " " }
        var current = String(lead)
        var started = false
        for word in text.dropFirst(lead.count).split(separator: separator) {
            if !started {
                current += word
                started = true
            } else if current.count + separator.count + word.count <= width {
                current += separator + word
            } else {
                lines.append(current)
                current = indent + word
            }
        }
        lines.append(current)
        return lines
    }

    /// Lines of a text report as one text: each made terminal-safe (file and device names,
    /// notes and read errors come from recordings), each ended with a newline.
    package static func joined(_ lines: [String]) -> String {
        var out = ""
        for line in lines {
            out += TextExcerpt.terminalSafe(line)
            out += "\n"
        }
        return out
    }

    /// `value` with exactly `digits` decimals (``DecimalText/fixed(_:_:)``).
    package static func fixed(_ value: Double, _ digits: Int) -> String {
        DecimalText.fixed(value, digits)
    }
}
