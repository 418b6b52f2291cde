/// `touchtape sweep`'s reports: text (100 columns) and JSON (fixed key order and rounding).
///
/// Written a piece at a time (``SweepWriter``): the heading, each track as it is swept,
/// then the agreements, so a sweep of a million tracks holds none of them. The whole-report
/// functions here give the same bytes.
package enum SweepRenderer {
    package static func text(_ r: SweepReport) -> String { whole(r, .text) }
    package static func json(_ r: SweepReport) -> String { whole(r, .json) }

    private static func whole(_ r: SweepReport, _ format: SweepWriter.Format) -> String {
        var writer = SweepWriter(format)
        var out = writer.begin(r.heading)
        for t in r.tracks { out += writer.track(t) }
        return out + writer.finish(r.summary)
    }

    /// `[a, b)`: half-open, as the flips are (the outcome changes *at* b), its ends with
    /// enough digits to tell a boundary from its rounded neighbour (`[0, 2318.9651)`, not
    /// `[0, 2319]`, which 2319 fails); a range that runs to the end of the swept one closes
    /// with `]` on that end.
    static func interval(_ r: Range<Double>, _ digits: Int, sweptTo end: Double) -> String {
        let lower = r.lowerBound == 0 ? TextReportRenderer.fixed(0, digits) : exact(r.lowerBound, digits)
        if r.upperBound == end.nextUp { return "[\(lower), \(TextReportRenderer.fixed(end, digits))]" }
        return "[\(lower), \(exact(r.upperBound, digits)))"
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

    /// The two settings together: how much of the grid agrees with every label, and the
    /// recommended pair with its margin (or, with none, the most tracks right at once).
    static func regionText(_ region: SettingsRegion) -> [String] {
        let (heading, sentences) = regionSentences(region)
        return [""] + TextReportRenderer.wrap(heading, indent: "  ") + sentences.flatMap { TextReportRenderer.wrap("  " + $0, indent: "    ") }
    }

    /// ``regionText(_:)``'s heading and sentences, unwrapped (the HTML page's paragraph).
    static func regionSentences(_ region: SettingsRegion) -> (heading: String, sentences: [String]) {
        let n = TextReportRenderer.fixed
        let added = region.hasThreshold ? "" : "; no threshold in the settings, so each point adds one"
        let heading = region.sweepsFlick
            ? "Threshold and flick velocity together (\(region.steps + 1) × \(region.steps + 1) points\(added)):"
            : "Threshold (\(region.steps + 1) points; no flick rule in the settings to tune\(added)):"
        guard region.labelled > 0 else { return (heading, ["no tracks labelled finish or cancel"]) }
        let flick = { (v: Double?) -> String in v.map { ", flick velocity \(n($0, 0)) \(region.unit.symbol)/s" } ?? "" }
        guard let r = region.recommendation else {
            let best = region.best
            return (heading, ["nowhere: at most \(best.right) of \(region.labelled) labelled tracks as labelled at once"
                + " (e.g. threshold \(n(region.threshold(best.column), 3))\(flick(region.sweepsFlick ? region.flickVelocity(best.row) : nil)))"])
        }
        return (heading, [
            "every labelled track as labelled at \(region.agreeingPoints) of \(region.points) points",
            "recommended: threshold \(n(r.threshold, 3))\(flick(r.flickVelocity));"
                + " the region's edge is \(r.steps) grid step\(r.steps == 1 ? "" : "s") away: margin at least ±\(n(r.thresholdMargin, 3))"
                + " on the threshold" + (r.flickMargin.map { " and ±\(n($0, 0)) \(region.unit.symbol)/s on the flick velocity" } ?? ""),
        ])
    }

    static func regionJSON(_ region: SettingsRegion) -> JSONValue {
        let best = region.best
        return .object([
            ("grid", .object([("threshold", .array([.number(region.thresholdRange.lowerBound), .number(region.thresholdRange.upperBound)])),
                              ("flickVelocity", region.sweepsFlick
                                ? .array([.number(region.flickRange.lowerBound), .number(region.flickRange.upperBound)]) : .null),
                              ("steps", .integer(region.steps))])),
            ("labelled", .integer(region.labelled)),
            ("pointsAgreeing", .integer(region.agreeingPoints)),
            ("recommended", region.recommendation.map { r in
                .object([("threshold", .number(r.threshold)), ("flickVelocity", r.flickVelocity.map(JSONValue.number) ?? .null),
                         ("gridSteps", .integer(r.steps)), ("thresholdMargin", .number(r.thresholdMargin)),
                         ("flickVelocityMargin", r.flickMargin.map(JSONValue.number) ?? .null)])
            } ?? .null),
            ("mostRight", .object([("tracks", .integer(best.right)), ("threshold", .number(region.threshold(best.column))),
                                   ("flickVelocity", region.sweepsFlick ? .number(region.flickVelocity(best.row)) : .null)])),
        ])
    }

    /// Enough digits to show a boundary that rounds to a neighbour of the current value.
    static func exact(_ v: Double, _ digits: Int) -> String {
        TextReportRenderer.fixed(v, digits + 3)
    }
}

/// A sweep report written as the sweep goes: ``begin(_:)``, ``track(_:)`` for each track,
/// ``finish(_:)``; each returns the text to write next.
package struct SweepWriter: Sendable {
    package enum Format: Sendable { case text, json }
    package let format: Format
    private var folder = ""
    private var thresholdEnd = 1.0
    private var flickEnd = 5000.0
    private var unitSymbol = "pt"
    /// What the flick velocity axis is called: settings without a flick rule get one added
    /// to sweep it, and the words say so.
    private var flickName = "flick velocity"
    /// The same for the threshold.
    private var thresholdName = "threshold"
    /// The rules take no flick (``EffectiveSettings/flickIgnored``): the flick velocity axis
    /// says so instead of sweeping a setting with no effect.
    private var flickIgnored = false
    private static let noFlickTaken = "the rules take no flick (a flick velocity has no effect under them): nothing to tune"
    private var lastFile = ""
    private var tracksWritten = 0

    package init(_ format: Format) { self.format = format }

    package mutating func begin(_ h: SweepReport.Heading) -> String {
        folder = h.folder
        thresholdEnd = h.thresholdRange.upperBound
        unitSymbol = h.settings.unit.symbol
        flickEnd = h.flickRange.upperBound
        flickIgnored = h.settings.flickIgnored
        if h.settings.entries.contains(where: { $0.key == SessionSetting.flickVelocity.jsonKey && $0.value == .null }) {
            flickName = flickIgnored ? "flick velocity" : "flick velocity (no flick rule: one added)"
        }
        if h.settings.entries.contains(where: { $0.key == SessionSetting.threshold.jsonKey && $0.value == .null }) {
            thresholdName = "threshold (none in the settings: one added)"
        }
        switch format {
        case .text:
            let n = TextReportRenderer.fixed
            var lines = ["TouchTape sweep — threshold \(n(h.thresholdRange.lowerBound, 3))…\(n(h.thresholdRange.upperBound, 3)),"
                         + " flick velocity \(n(h.flickRange.lowerBound, 0))…\(n(h.flickRange.upperBound, 0)) \(h.settings.unit.symbol)/s"]
            lines += TextReportRenderer.wrap("settings: " + h.settings.text, indent: "  ")
            if !folder.isEmpty { lines += TextReportRenderer.wrap("folder: \(folder)", indent: "  ") }
            return TextReportRenderer.joined(lines)
        case .json:
            var out = "{\n"
            member("settings", h.settings.json, into: &out)
            out += ",\n"
            member("ranges", .object([("threshold", .array([.number(h.thresholdRange.lowerBound), .number(h.thresholdRange.upperBound)])),
                                      ("flickVelocity", .array([.number(h.flickRange.lowerBound), .number(h.flickRange.upperBound)]))]),
                   into: &out)
            out += ",\n  \"tracks\": "
            return out
        }
    }

    package mutating func track(_ t: SweepReport.Track) -> String {
        defer { tracksWritten += 1 }
        switch format {
        case .text:
            var lines: [String] = []
            if t.file != lastFile {
                lines.append("")
                lines += TextReportRenderer.wrap(String(t.file.dropFirst(folder.count)), indent: "    ")
                lastFile = t.file
            }
            lines += TextReportRenderer.wrap("  track \(t.track): \(t.outcome.rawValue)"
                + (t.expected.map { " (labelled \($0.rawValue))" } ?? "") + " — \(t.explanation)", indent: "      ")
            lines += TextReportRenderer.wrap("    \(thresholdName): " + SweepRenderer.describe(t.threshold, digits: 3, unit: ""), indent: "      ")
            lines += TextReportRenderer.wrap("    \(thresholdName), flicks off: " + SweepRenderer.describe(t.thresholdNoFlick, digits: 3, unit: ""),
                                             indent: "      ")
            lines += TextReportRenderer.wrap("    \(flickName): " + (flickIgnored ? Self.noFlickTaken
                : SweepRenderer.describe(t.flickVelocity, digits: 1, unit: " \(unitSymbol)/s")), indent: "      ")
            return TextReportRenderer.joined(lines)
        case .json:
            var out = tracksWritten == 0 ? "[\n    " : ",\n    "
            JSONValue.object([
                ("file", .string(t.file)), ("track", .integer(t.track)),
                ("expected", t.expected.map { .string($0.rawValue) } ?? .null),
                ("outcome", .string(t.outcome.rawValue)), ("explanation", .string(t.explanation)),
                ("threshold", Self.axis(t.threshold)), ("thresholdNoFlick", Self.axis(t.thresholdNoFlick)),
                ("flickVelocity", Self.axis(t.flickVelocity)),
            ]).render(into: &out, indent: 2)
            return out
        }
    }

    package mutating func finish(_ s: SweepReport.Summary) -> String {
        switch format {
        case .text:
            var lines: [String] = []
            if !s.errors.isEmpty {
                lines += ["", "Could not read:"] + s.errors.flatMap(\.reportLines)
            }
            lines.append("")
            lines.append("Every labelled track as labelled:")
            for a in s.agreements {
                let name = a.axis == "threshold" ? thresholdName : a.axis == "thresholdNoFlick" ? "\(thresholdName), flicks off" : flickName
                let digits = a.axis == "flickVelocity" ? 1 : 3
                if a.axis == "flickVelocity", flickIgnored {
                    lines += TextReportRenderer.wrap("  \(name): " + Self.noFlickTaken, indent: "    ")
                } else if a.labelled == 0 {
                    lines.append("  \(name): no tracks labelled finish or cancel")
                } else if a.conflicts.isEmpty {
                    let end = sweptEnd(a)
                    let unit = a.axis == "flickVelocity" ? " \(unitSymbol)/s" : ""
                    let recommended = a.recommended(sweptTo: end).map { r in
                        "; recommended \(TextReportRenderer.fixed(r.value, digits))\(unit) (margin ±\(TextReportRenderer.fixed(r.margin, digits))\(unit))"
                    } ?? ""
                    lines += TextReportRenderer.wrap("  \(name): " + a.ranges.map { SweepRenderer.interval($0, digits, sweptTo: end) }
                        .joined(separator: ", ") + recommended,
                                                     indent: "    ")
                } else {
                    let more = a.unnamedConflicts > 0 ? "; and \(a.unnamedConflicts) more right nowhere" : ""
                    lines += TextReportRenderer.wrap("  \(name): nowhere; conflicting: "
                        + a.conflicts.map { String($0.dropFirst(folder.count)) }.joined(separator: "; ") + more, indent: "    ")
                }
            }
            lines += SweepRenderer.regionText(s.region)
            return TextReportRenderer.joined(lines)
        case .json:
            var out = tracksWritten == 0 ? "[]" : "\n  ]"
            out += ",\n"
            member("labelledAgree", .object(s.agreements.map { a in
                (a.axis, .object([
                    ("ranges", .array(a.ranges.map { .array([.number($0.lowerBound), .number($0.upperBound.nextDown)]) })),
                    ("conflicts", .array(a.conflicts.map(JSONValue.string))),
                    ("unnamedConflicts", .integer(a.unnamedConflicts)),
                    ("labelled", .integer(a.labelled)),
                    ("recommended", (a.axis == "flickVelocity" && flickIgnored ? nil : a.recommended(sweptTo: sweptEnd(a))).map { r in
                        .object([("value", .number(r.value)), ("margin", .number(r.margin))])
                    } ?? .null),
                ] + (a.axis == "flickVelocity" ? [("ignoredByTheRules", .bool(flickIgnored))] : [])))
            }), into: &out)
            out += ",\n"
            member("region", SweepRenderer.regionJSON(s.region), into: &out)
            out += ",\n"
            member("errors", .array(s.errors.map { .object([("file", .string($0.file)), ("message", .string($0.message))]) }), into: &out)
            return out + "\n}\n"
        }
    }

    static func axis(_ a: SweepReport.Axis) -> JSONValue {
        .object([
            ("current", a.current.map(JSONValue.number) ?? .null),
            ("boundaries", .array(a.boundaries.map { b in
                .object([("value", .number(b.value)), ("below", .string(b.below.rawValue)), ("above", .string(b.above.rawValue))])
            })),
            ("margin", a.margin.map(JSONValue.number) ?? .null),
            ("onBoundary", .bool(a.onBoundary)),
        ])
    }

    /// The end of the range `a`'s setting was swept over.
    private func sweptEnd(_ a: SweepReport.Agreement) -> Double { a.axis == "flickVelocity" ? flickEnd : thresholdEnd }

    /// `  "key": value`, at the document's first level.
    private func member(_ key: String, _ value: JSONValue, into out: inout String) {
        out += "  "
        JSONValue.string(key).render(into: &out)
        out += ": "
        value.render(into: &out, indent: 1)
    }
}

import TouchTapeFormats

extension SweepWriter {
    /// Sweeps `sources` and writes the report to `output` as it goes, in chunks of about
    /// 64 KiB: memory stays flat in the number of tracks. The caller commits `output`.
    /// `nil`: `cancelled` (a stop signal) ended the sweep before its end.
    package static func write(_ sources: [RecordingSource], configuration: ReplayConfiguration,
                             thresholdRange: ClosedRange<Double>, flickRange: ClosedRange<Double>,
                             format: Format, to output: OutputFile,
                             cancelled: () -> Bool = { false }, locking: ReadLocking = .standard,
                             problems: [RecordingError] = []) throws(OutputError) -> SweepReport.Summary? {
        var writer = SweepWriter(format)
        var pending = writer.begin(SweepReport.heading(sources, configuration: configuration,
                                                       thresholdRange: thresholdRange, flickRange: flickRange))
        let chunk = ReportStream.defaultChunkBytes
        let summary = try SweepReport.stream(sources, configuration: configuration, thresholdRange: thresholdRange,
                                             flickRange: flickRange, cancelled: cancelled, locking: locking,
                                             problems: problems) { (t: SweepReport.Track) throws(OutputError) in
            pending += writer.track(t)
            if pending.utf8.count >= chunk {
                try output.write(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        guard let summary else { return nil }
        try output.write(pending + writer.finish(summary))
        return summary
    }
}
