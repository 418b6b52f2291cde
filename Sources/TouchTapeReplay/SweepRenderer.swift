/// `touchtape sweep`'s reports: text (100 columns) and JSON (fixed key order and rounding).
public enum SweepRenderer {
    public static func text(_ r: SweepReport) -> String {
        let n = TextReportRenderer.fixed
        var lines = ["TouchTape sweep — threshold \(n(r.thresholdRange.lowerBound, 3))…\(n(r.thresholdRange.upperBound, 3)),"
                     + " flick velocity \(n(r.flickRange.lowerBound, 0))…\(n(r.flickRange.upperBound, 0)) pt/s"]
        lines += TextReportRenderer.wrap("settings: " + r.settings.text, indent: "  ")
        let folder = TextReportRenderer.commonFolder(r.tracks.map(\.file) + r.errors.map(\.file))
        if !folder.isEmpty { lines += TextReportRenderer.wrap("folder: \(folder)", indent: "  ") }
        var lastFile = ""
        for t in r.tracks {
            if t.file != lastFile {
                lines.append("")
                lines += TextReportRenderer.wrap(String(t.file.dropFirst(folder.count)), indent: "    ")
                lastFile = t.file
            }
            lines += TextReportRenderer.wrap("  track \(t.track): \(t.outcome.rawValue)"
                + (t.expected.map { " (labelled \($0.rawValue))" } ?? "") + " — \(t.explanation)", indent: "      ")
            lines += TextReportRenderer.wrap("    threshold: " + describe(t.threshold, digits: 3, unit: ""), indent: "      ")
            lines += TextReportRenderer.wrap("    threshold, flicks off: " + describe(t.thresholdNoFlick, digits: 3, unit: ""), indent: "      ")
            lines += TextReportRenderer.wrap("    flick velocity: " + describe(t.flickVelocity, digits: 1, unit: " pt/s"), indent: "      ")
        }
        if !r.errors.isEmpty {
            lines += ["", "Could not read:"] + r.errors.map { "  " + $0.message }
        }
        lines.append("")
        lines.append("Every labelled track as labelled:")
        let labelled = r.tracks.filter { $0.expected != nil }.count
        for a in r.agreements {
            let name = a.axis == "threshold" ? "threshold" : a.axis == "thresholdNoFlick" ? "threshold, flicks off" : "flick velocity"
            let digits = a.axis == "flickVelocity" ? 1 : 3
            if labelled == 0 {
                lines.append("  \(name): no labelled tracks")
            } else if a.conflicts.isEmpty {
                lines += TextReportRenderer.wrap("  \(name): " + a.ranges.map { interval($0, digits) }.joined(separator: ", "), indent: "    ")
            } else {
                lines += TextReportRenderer.wrap("  \(name): nowhere; conflicting: " + a.conflicts.map { String($0.dropFirst(folder.count)) }
                    .joined(separator: "; "), indent: "    ")
            }
        }
        return TextReportRenderer.joined(lines)
    }

    /// `[a, b)` with the value's digits; an upper end of the range prints as `]`.
    static func interval(_ r: Range<Double>, _ digits: Int) -> String {
        "[\(TextReportRenderer.fixed(r.lowerBound, digits)), \(TextReportRenderer.fixed(r.upperBound.nextDown, digits))]"
    }

    static func describe(_ a: SweepReport.Axis, digits: Int, unit: String) -> String {
        let n = { (v: Double) in TextReportRenderer.fixed(v, digits) }
        guard !a.boundaries.isEmpty else { return "no flip in the range" }
        var words = a.boundaries.map { "\($0.below.rawValue) below \(exact($0.value, digits))\(unit), \($0.above.rawValue) from it" }
            .joined(separator: "; ")
        if let current = a.current {
            words += " (current \(n(current))\(unit)"
            if a.onBoundary { words += ", ON THE BOUNDARY: the tie rule decides" }
            else if let m = a.margin { words += ", margin \(m >= 0 ? "+" : "")\(n(m))" }
            words += ")"
        }
        return words
    }

    /// Enough digits to show a boundary that rounds to a neighbour of the current value.
    static func exact(_ v: Double, _ digits: Int) -> String {
        TextReportRenderer.fixed(v, digits + 3)
    }

    public static func json(_ r: SweepReport) -> String {
        func axis(_ a: SweepReport.Axis) -> JSONValue {
            .object([
                ("current", a.current.map(JSONValue.number) ?? .null),
                ("boundaries", .array(a.boundaries.map { b in
                    .object([("value", .number(b.value)), ("below", .string(b.below.rawValue)), ("above", .string(b.above.rawValue))])
                })),
                ("margin", a.margin.map(JSONValue.number) ?? .null),
                ("onBoundary", .bool(a.onBoundary)),
            ])
        }
        let doc = JSONValue.object([
            ("settings", r.settings.json),
            ("ranges", .object([("threshold", .array([.number(r.thresholdRange.lowerBound), .number(r.thresholdRange.upperBound)])),
                                ("flickVelocity", .array([.number(r.flickRange.lowerBound), .number(r.flickRange.upperBound)]))])),
            ("tracks", .array(r.tracks.map { t in
                .object([
                    ("file", .string(t.file)), ("track", .integer(t.track)),
                    ("expected", t.expected.map { .string($0.rawValue) } ?? .null),
                    ("outcome", .string(t.outcome.rawValue)), ("explanation", .string(t.explanation)),
                    ("threshold", axis(t.threshold)), ("thresholdNoFlick", axis(t.thresholdNoFlick)),
                    ("flickVelocity", axis(t.flickVelocity)),
                ])
            })),
            ("labelledAgree", .object(r.agreements.map { a in
                (a.axis, .object([
                    ("ranges", .array(a.ranges.map { .array([.number($0.lowerBound), .number($0.upperBound.nextDown)]) })),
                    ("conflicts", .array(a.conflicts.map(JSONValue.string))),
                ]))
            })),
            ("errors", .array(r.errors.map { .object([("file", .string($0.file)), ("message", .string($0.message))]) })),
        ])
        return doc.rendered() + "\n"
    }
}
