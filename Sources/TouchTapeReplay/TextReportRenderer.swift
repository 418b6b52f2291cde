/// The human report: a header, one table row per track, the failed checks spelled out
/// under the table, notes, and the closing `N passed, N failed` line.
public enum TextReportRenderer {
    static let columns = ["file", "track", "kind", "fingers", "progress", "velocity (pt/s)", "outcome", "expected", "failed checks"]

    /// The whole report in this format.
    public static func render(_ report: ReplayReport) -> String {
        var lines: [String] = []
        var header = "TouchTape replay — profile \(report.profile)"
        if !report.overrides.isEmpty { header += " (" + report.overrides.joined(separator: ", ") + ")" }
        if let shard = report.shard { header += ", shard \(shard)" }
        lines.append(header)
        lines.append("")
        let rows = report.tracks.map { t -> [String] in
            [
                t.file, String(t.track), t.deviceKind.rawValue, String(t.fingers),
                t.releaseProgress.map { fixed($0, 3) } ?? "-",
                t.releaseVelocity.map { "(\(fixed($0.x, 0)), \(fixed($0.y, 0)))" } ?? "-",
                t.outcome.rawValue + (t.outcome == .none ? " (\(t.reason))" : ""),
                t.expected?.rawValue ?? "-",
                t.failedChecks.isEmpty ? "-" : t.failedChecks.map(\.name).joined(separator: ","),
            ]
        }
        lines += table([columns] + rows)
        let failures = report.tracks.flatMap { t in t.failedChecks.map { "\(t.file) track \(t.track): \($0.name): \($0.detail)" } }
        if !failures.isEmpty {
            lines.append("")
            lines.append("Failed checks:")
            lines += failures.map { "  " + $0 }
        }
        if !report.errors.isEmpty {
            lines.append("")
            lines.append("Could not read:")
            lines += report.errors.flatMap { e in e.message.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
        }
        let notes = report.tracks.flatMap { t in t.notes.map { "\(t.file) track \(t.track): \($0)" } } + report.notes
        if !notes.isEmpty {
            lines.append("")
            lines.append("Notes:")
            lines += notes.map { "  " + $0 }
        }
        lines.append("")
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    static func table(_ rows: [[String]]) -> [String] {
        guard let first = rows.first else { return [] }
        var widths = first.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ row: [String]) -> String {
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ")
        }
        var out = [line(first), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        out += rows.dropFirst().map(line)
        return out
    }

    /// `value` with exactly `digits` decimals (no Foundation formatting, so output is the same everywhere).
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        guard value.isFinite, abs(value) * scale < 1e18 else { return "\(value)" }  // beyond Int64 arithmetic
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        var text = String(whole)
        if digits > 0 {
            let frac = String(Int64(scaled) - whole * Int64(scale))
            text += "." + String(repeating: "0", count: digits - frac.count) + frac
        }
        return (value < 0 && scaled != 0 ? "-" : "") + text
    }
}
