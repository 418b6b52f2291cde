import TouchTapeEvents
import TouchTapeDismissal

/// A whole run as one SVG picture: each track released with a transition is a point at
/// (release progress, release velocity along the dismiss axis), over the finish and cancel
/// regions of the current settings; labelled tracks are coloured by whether they came out
/// as labelled (`as-labelled`, `not-as-labelled`), unlabelled ones grey. The regions come
/// from ``ReleaseRules`` (the checks' reading of the settings) for an on-axis release, so
/// the picture is what a tuner moves by changing the threshold or the flick velocity.
package enum DecisionMap {
    /// One track released with a transition: what the map draws of it.
    package struct Point: Hashable, Sendable {
        /// Its place in the report (1-based), the label drawn beside it.
        package var number: Int
        /// `as-labelled`, `not-as-labelled` or `unlabelled`.
        package var cls: String
        package var progress: Double
        /// Along the dismiss axis, towards the edge.
        package var velocity: Double
        /// The tooltip: outcome, label and why.
        package var title: String

        /// `nil` for a track without a transition (nothing to place).
        package init?(_ t: TrackReport, number: Int, folder: String, edge: DismissEdge) {
            guard let p = t.releaseProgress, let v = t.releaseVelocity, t.outcome != .none else { return nil }
            self.number = number
            let name = "\(t.file.dropFirst(folder.count)) #\(t.track)"
            switch t.expected {
            case nil: cls = "unlabelled"
            case let e?: cls = t.outcome.expected == e ? "as-labelled" : "not-as-labelled"
            }
            progress = p
            velocity = edge.component(of: v)
            title = "\(name): \(t.outcome.rawValue)\(t.expected.map { " (labelled \($0.rawValue))" } ?? "") — \(t.explanation.summary)"
        }
    }

    package static func svg(_ report: ReplayReport, settings: DismissalSettings, width: Double = 760, height: Double = 460,
                           idPrefix: String = "") -> String {
        let folder = TextReportRenderer.commonFolder(report.tracks.map(\.file))
        let points = report.tracks.enumerated().compactMap { Point($1, number: $0 + 1, folder: folder, edge: settings.edge) }
        var out = ""
        render(profile: report.profile, settings: settings, count: points.count, skipped: report.tracks.count - points.count,
               largestVelocity: points.map { abs($0.velocity) }.max() ?? 0, width: width, height: height, idPrefix: idPrefix,
               points: { draw in for p in points { draw(p) } }, emit: { out += $0 })
        return out
    }

    /// The one drawing: regions, axes, the threshold and flick lines, titles and legend,
    /// then each point `points` hands to its argument, in order; `emit` gets the text.
    static func render<E: Error>(profile: String, settings: DismissalSettings, count: Int, skipped: Int, largestVelocity: Double,
                                 width: Double = 760, height: Double = 460, idPrefix: String = "",
                                 points: ((Point) -> Void) throws(E) -> Void, emit: (String) throws(E) -> Void) throws(E) {
        var c = SVGCanvas(width: width, height: height, right: 30, idPrefix: idPrefix)
        let edge = settings.edge
        let vMax = SVGCanvas.niceCeil(max(largestVelocity, settings.flick?.minimumVelocity ?? 0, 200) * 1.1)
        let velocity = -vMax...vMax
        let progress = 0.0...1.0

        // Regions: a grid of cells, each decided at its centre.
        let rules = ReleaseRules(settings: settings)
        let columns = 100, rows = 80
        let cw = (c.right - c.left) / Double(columns), ch = (c.bottom - c.top) / Double(rows)
        for row in 0..<rows {
            let v = velocity.upperBound - (Double(row) + 0.5) * (vMax * 2 / Double(rows))
            var run: (start: Int, finish: Bool)? = nil
            func flush(_ end: Int) {
                guard let r = run else { return }
                c.rect(c.left + Double(r.start) * cw, c.top + Double(row) * ch, Double(end - r.start) * cw + 0.5, ch + 0.5,
                       cls: r.finish ? "finish-region" : "cancel-region")
            }
            for col in 0..<columns {
                let p = (Double(col) + 0.5) / Double(columns)
                let finish = finishes(rules, progress: p, velocity: v, edge: edge, divisor: settings.divisor)
                if run?.finish != finish { flush(col); run = (col, finish) }
            }
            flush(columns)
        }
        c.axis(progress, side: "bottom", ticks: 10, digits: 1)
        c.axis(velocity, side: "left", ticks: 10, digits: 0)
        c.line(c.left, c.y(0, velocity), c.right, c.y(0, velocity), cls: "zero")
        if let threshold = settings.completionThreshold {
            c.line(c.x(threshold, progress), c.top, c.x(threshold, progress), c.bottom, cls: "threshold", id: "threshold-line")
            c.text("threshold \(TextReportRenderer.fixed(threshold, 3))", c.x(threshold, progress) + 4, c.top + 14, cls: "small")
        }
        if let flick = settings.flick?.minimumVelocity {
            c.line(c.left, c.y(flick, velocity), c.right, c.y(flick, velocity), cls: "flick", id: "flick-line")
            c.text("flick \(TextReportRenderer.fixed(flick, 0)) pt/s", c.right - 4, c.y(flick, velocity) - 5, cls: "small", anchor: "end")
        }
        c.text("release progress (fraction of \(TextReportRenderer.fixed(settings.divisor, 0)) pt)", (c.left + c.right) / 2,
               c.height - 12, cls: "label", id: "x-axis-label", anchor: "middle")
        c.text("release velocity towards \(edge) (pt/s)", 18, (c.top + c.bottom) / 2, cls: "label", id: "velocity-axis-label",
               anchor: "middle", rotate: true)
        c.text("Decision map — \(profile)", c.left, 18, cls: "title", id: "outcome")
        for (i, item) in [("as-labelled", "as labelled"), ("not-as-labelled", "not as labelled"), ("unlabelled", "unlabelled")].enumerated() {
            let lx = c.right - 330 + Double(i) * 115
            c.circle(lx, 14, r: 5, cls: item.0)
            c.text(item.1, lx + 9, 18, cls: "small")
        }
        c.text("green area finishes, red cancels; numbers: order in the report; \(count) with a transition"
               + (skipped > 0 ? ", \(skipped) without (none) not shown" : ""), c.left, 34, cls: "small")
        try emit(c.renderedHead(title: "Decision map"))
        // The points last, on top of everything, each written as it comes. `draw` does not
        // throw (a typed-throwing one crashes this compiler, Swift 6.3.1): a failed write is
        // kept and thrown after `points` returns, and the points after it are skipped.
        var pending = ""
        var failure: E?
        try withoutActuallyEscaping(emit) { (write: @escaping (String) throws(E) -> Void) throws(E) in
            try points { point in
                guard failure == nil else { return }
                var dot = c
                dot.body.removeAll()
                let x = dot.x(min(max(point.progress, 0), 1), progress), y = dot.y(point.velocity, velocity)
                dot.circle(x, y, r: 6, cls: point.cls, id: "track-\(point.number)", title: point.title)
                dot.text("\(point.number)", x + 8, y - 6, cls: "small")
                pending += dot.body.joined(separator: "\n") + "\n"
                if pending.utf8.count >= 64 * 1024 {
                    do throws(E) { try write(pending) } catch { failure = error }
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        if let failure { throw failure }
        try emit(pending + c.renderedTail)
    }

    /// The outcome of an on-axis release at `progress` moving at `velocity` towards the edge.
    static func finishes(_ rules: ReleaseRules, progress: Double, velocity: Double, edge: DismissEdge, divisor: Double) -> Bool {
        let unit: Vector2
        switch edge {
        case .bottom: unit = Vector2(x: 0, y: 1)
        case .top: unit = Vector2(x: 0, y: -1)
        case .right: unit = Vector2(x: 1, y: 0)
        case .left: unit = Vector2(x: -1, y: 0)
        }
        switch rules.velocityVerdict(unit * velocity) {
        case .forwardFlick: return true
        case .cancelVelocity: return false
        case .none:
            return rules.positionPasses(progress: progress, rawProgress: progress, translation: unit * (progress * divisor))?.passes ?? true
        }
    }
}

import TouchTapeFormats

/// The decision map of a run as it goes (`touchtape plot --map`): each track's point is
/// put aside in an unlinked scratch file (``SpillFile``) as the track is reported, since
/// the velocity scale needs the run's fastest release; ``write(to:)`` then draws
/// the map and streams the points into it. Memory is flat in the number of tracks.
package final class DecisionMapSink: ReplayReportSink {
    private let spill: SpillFile
    private var profile = ""
    private var folder = ""
    private let settings: DismissalSettings
    private var reported = 0
    private var placed = 0
    private var largestVelocity = 0.0

    /// A sink for a run under `settings`, its scratch file in `$TMPDIR` (else `/tmp`).
    package init(settings: DismissalSettings) throws(OutputError) {
        self.settings = settings
        spill = try SpillFile()
    }

    package func begin(_ heading: ReportHeading) {
        profile = heading.profile
        folder = heading.folder
    }

    package func track(_ track: ReplayedTrack, seconds: Double?) throws(OutputError) {
        reported += 1
        guard let point = DecisionMap.Point(track.report, number: reported, folder: folder, edge: settings.edge) else { return }
        placed += 1
        largestVelocity = max(largestVelocity, abs(point.velocity))
        try spill.write("\(point.number)\t\(point.cls)\t\(point.progress)\t\(point.velocity)\t\(Self.escaped(point.title))\n")
    }

    package func endFile(_ file: String, seconds: Double?, error: UnreadableFile?) {}
    package func finish(_ tally: ReplayTally) {}

    /// Draws the map over the settings' regions into `output` (which the caller commits).
    package func write(to output: OutputFile) throws(OutputError) {
        try DecisionMap.render(profile: profile, settings: settings, count: placed, skipped: reported - placed,
                               largestVelocity: largestVelocity,
                               points: { (draw: (DecisionMap.Point) -> Void) throws(OutputError) in
            var carried = ""
            try spill.drain { (piece: String) throws(OutputError) in
                carried += piece
                while let newline = carried.firstIndex(of: "\n") {
                    if let point = Self.point(carried[..<newline]) { draw(point) }
                    carried = String(carried[carried.index(after: newline)...])
                }
            }
        }, emit: { (text: String) throws(OutputError) in try output.write(text) })
    }

    /// A title on one line of the scratch file: backslash, tab and line breaks escaped.
    static func escaped(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\r\n": out += "\\r\\n"
            default: out.append(ch)
            }
        }
        return out
    }

    static func unescaped(_ s: Substring) -> String {
        var out = ""
        var escape = false
        for ch in s {
            if escape {
                switch ch {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.append(ch)
                }
                escape = false
            } else if ch == "\\" {
                escape = true
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// A line of the scratch file back as a point (the file is this sink's own).
    static func point(_ line: Substring) -> DecisionMap.Point? {
        let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
        guard fields.count == 5, let number = Int(fields[0]), let p = Double(fields[2]), let v = Double(fields[3]) else { return nil }
        return DecisionMap.Point(number: number, cls: String(fields[1]), progress: p, velocity: v, title: unescaped(fields[4]))
    }
}

extension DecisionMap.Point {
    init(number: Int, cls: String, progress: Double, velocity: Double, title: String) {
        self.number = number
        self.cls = cls
        self.progress = progress
        self.velocity = velocity
        self.title = title
    }
}
