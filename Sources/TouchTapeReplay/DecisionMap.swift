import TouchTapeEvents
import TouchTapeDismissal

/// A whole run as one SVG picture: each track released with a transition is a point at
/// (release progress, release velocity along the dismiss axis), over the finish and cancel
/// regions of the current settings; labelled tracks are coloured by whether they came out
/// as labelled (`as-labelled`, `not-as-labelled`), unlabelled ones grey. The regions come
/// from ``ReleaseRules`` (the checks' reading of the settings) for an on-axis release, so
/// the picture is what a tuner moves by changing the threshold or the flick velocity.
public enum DecisionMap {
    public static func svg(_ report: ReplayReport, settings: DismissalSettings, width: Double = 760, height: Double = 460,
                           idPrefix: String = "") -> String {
        var c = SVGCanvas(width: width, height: height, right: 30, idPrefix: idPrefix)
        let edge = settings.edge
        let points = report.tracks.enumerated().compactMap { i, t -> (Int, TrackReport, Double, Double)? in
            guard let p = t.releaseProgress, let v = t.releaseVelocity, t.outcome != .none else { return nil }
            return (i + 1, t, p, edge.component(of: v))
        }
        let vMax = SVGCanvas.niceCeil(max(points.map { abs($0.3) }.max() ?? 0, settings.flick?.minimumVelocity ?? 0, 200) * 1.1)
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
        let folder = TextReportRenderer.commonFolder(report.tracks.map(\.file))
        for (number, t, p, v) in points {
            let cls: String
            switch t.expected {
            case nil: cls = "unlabelled"
            case let e?: cls = t.outcome.expected == e ? "as-labelled" : "not-as-labelled"
            }
            let x = c.x(min(max(p, 0), 1), progress), y = c.y(v, velocity)
            let name = "\(t.file.dropFirst(folder.count)) #\(t.track)"
            c.circle(x, y, r: 6, cls: cls, id: "track-\(number)",
                     title: "\(name): \(t.outcome.rawValue)\(t.expected.map { " (labelled \($0.rawValue))" } ?? "") — \(t.explanation.summary)")
            c.text("\(number)", x + 8, y - 6, cls: "small")
        }
        c.text("release progress (fraction of \(TextReportRenderer.fixed(settings.divisor, 0)) pt)", (c.left + c.right) / 2,
               c.height - 12, cls: "label", id: "x-axis-label", anchor: "middle")
        c.text("release velocity towards \(edge) (pt/s)", 18, (c.top + c.bottom) / 2, cls: "label", id: "velocity-axis-label",
               anchor: "middle", rotate: true)
        let skipped = report.tracks.count - points.count
        c.text("Decision map — \(report.profile)", c.left, 18, cls: "title", id: "outcome")
        for (i, item) in [("as-labelled", "as labelled"), ("not-as-labelled", "not as labelled"), ("unlabelled", "unlabelled")].enumerated() {
            let lx = c.right - 330 + Double(i) * 115
            c.circle(lx, 14, r: 5, cls: item.0)
            c.text(item.1, lx + 9, 18, cls: "small")
        }
        c.text("green area finishes, red cancels; numbers: order in the report; \(points.count) with a transition"
               + (skipped > 0 ? ", \(skipped) without (none) not shown" : ""), c.left, 34, cls: "small")
        return c.rendered(title: "Decision map")
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
