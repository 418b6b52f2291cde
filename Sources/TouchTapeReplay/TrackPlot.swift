@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// One track as an SVG picture (`touchtape plot`): progress against time with the
/// threshold line, the release point and the completion animation to 1 or 0; the pan's
/// velocity along the dismiss axis on a second axis with the flick velocity marked; the
/// outcome and why in the title. Elements carry ids (`progress-line`, `threshold-line`,
/// `release-point`, `velocity-line`, `flick-line`, `completion-line`, `x-axis-label`,
/// `progress-axis-label`, `velocity-axis-label`, `outcome`) so tests and pages can find them.
package enum TrackPlot {
    package static func svg(_ t: Transcript, explanation: String? = nil, width: Double = 760, height: Double = 380,
                           idPrefix: String = "") -> String {
        let why = explanation.map { TextReportRenderer.wrap($0, indent: "", width: 120) } ?? []
        var c = SVGCanvas(width: width, height: height, top: why.count > 1 ? 58 : 44, idPrefix: idPrefix)
        let s = t.settings
        let edge = s.edge
        let end = max(t.completionFrames.last?.time ?? 0, t.samples.last?.time ?? 0, t.decision?.time ?? 0, 0.1)
        let time = 0...SVGCanvas.niceCeil(end * 1.02)
        let progress = 0.0...1.0
        let velocities = t.samples.map { edge.component(of: $0.velocity) }
        let flick = s.flick.map(\.minimumVelocity)
        let vMax = SVGCanvas.niceCeil(max((velocities.map(abs).max() ?? 0), flick ?? 0, 100) * 1.05)
        let velocity = -vMax...vMax

        c.axis(time, side: "bottom", ticks: 5, digits: time.upperBound <= 1 ? 2 : 1)
        // Two y-axes, two grids told apart: progress solid grey with blue numbers, velocity
        // dotted orange with orange numbers.
        c.axis(progress, side: "left", ticks: 5, digits: 1, labelClass: "tick-label-progress")
        c.axis(velocity, side: "right", ticks: 4, digits: 0, gridClass: "grid-velocity", labelClass: "tick-label-velocity")
        c.line(c.left, c.y(0, velocity), c.right, c.y(0, velocity), cls: "zero")

        if let threshold = s.completionThreshold {
            c.line(c.left, c.y(threshold, progress), c.right, c.y(threshold, progress), cls: "threshold", id: "threshold-line")
            c.text("threshold \(TextReportRenderer.fixed(threshold, 3))", c.left + 6, c.y(threshold, progress) - 5, cls: "small")
        }
        for boundary in velocityBoundaries(s) {
            let y = c.y(boundary.value, velocity)
            c.line(c.left, y, c.right, y, cls: boundary.cls, id: boundary.id)
            let baseline = boundary.value >= 0 ? y - 5 : y + 13
            let w = 5.9 * Double(boundary.words.count)
            c.rect(c.right - 8 - w, baseline - 10, w + 4, 13, cls: "label-bg")
            c.text(boundary.words, c.right - 6, baseline, cls: "small", anchor: "end")
        }
        c.polyline(zip(t.samples, velocities).map { (c.x($0.0.time, time), c.y($0.1, velocity)) }, cls: "velocity", id: "velocity-line")
        c.polyline(t.updates.map { (c.x($0.time, time), c.y($0.progress, progress)) }, cls: "progress", id: "progress-line")
        if let d = t.decision {
            var completion = [(c.x(d.time, time), c.y(d.progress, progress))]
            completion += t.completionFrames.map { (c.x($0.time, time), c.y(min(max($0.value, 0), 1), progress)) }
            if t.completionFrames.isEmpty == false { c.polyline(completion, cls: "completion", id: "completion-line") }
            c.circle(c.x(d.time, time), c.y(d.progress, progress), r: 5.5, cls: "release", id: "release-point",
                     title: "release at \(TextReportRenderer.fixed(d.time, 3)) s: progress \(TextReportRenderer.fixed(d.progress, 3)), "
                        + "velocity \(TextReportRenderer.fixed(edge.component(of: d.velocity), 0)) \(s.unit.symbol)/s")
        }

        c.text("time (s)", c.right, c.height - 12, cls: "label", id: "x-axis-label", anchor: "end")
        c.text("progress (fraction of \(TextReportRenderer.fixed(s.divisor, 0)) \(s.unit.symbol))", 18, (c.top + c.bottom) / 2,
               cls: "label", id: "progress-axis-label", anchor: "middle", rotate: true)
        c.text("velocity towards \(edge) (\(s.unit.symbol)/s)", c.width - 14, (c.top + c.bottom) / 2,
               cls: "label", id: "velocity-axis-label", anchor: "middle", rotate: true)
        let name = t.file.split(separator: "/").last.map(String.init) ?? t.file
        c.text("\(name) track \(t.track) — \(t.profileName): \(t.outcome.rawValue)"
               + (t.annotation.expected.map { " (labelled \($0.rawValue))" } ?? ""), c.left, 18, cls: "title", id: "outcome")
        for (i, line) in why.prefix(2).enumerated() {
            let text = i == 1 && why.count > 2 ? String(line.prefix(117)) + "…" : line
            c.text(text, c.left, 34 + Double(i) * 14, cls: "small", id: i == 0 ? "explanation" : nil)
        }
        // Legend.
        let ly = c.height - 8
        for (i, item) in [("legend-progress", "progress"), ("legend-velocity", "velocity"), ("legend-threshold", "threshold")].enumerated() {
            let lx = c.left + Double(i) * 110
            c.rect(lx, ly - 8, 14, 4, cls: item.0)
            c.text(item.1, lx + 18, ly - 3, cls: "small")
        }
        return c.rendered(title: "\(name) track \(t.track): progress and velocity")
    }

    /// Every velocity the rule compares a release with, on the plot's axis (velocity along
    /// the dismiss direction): the flick towards the edge, Transition's flick against it
    /// (which cancels), and a cancel velocity (EasyTransitions' −5, PhotoZoomAnimator's 0).
    /// Under the 2-D rule the flick reads |v|, which equals the plotted value on the axis.
    static func velocityBoundaries(_ s: DismissalSettings) -> [(value: Double, words: String, cls: String, id: String)] {
        var out: [(value: Double, words: String, cls: String, id: String)] = []
        let n = { (v: Double) in TextReportRenderer.fixed(v, 0) }
        if let flick = s.flick, s.rule != .vetoOnly {
            let measure = s.velocityMeasure == .magnitude2D ? "|v|" : "v"
            let m = flick.minimumVelocity
            out.append((m, "flick towards \(s.edge) finishes: \(measure) \(flick.comparison.symbol) \(n(m)) \(s.unit.symbol)/s", "flick", "flick-line"))
            if s.cancelVelocity == .oppositeFlick {
                // On the plotted axis (velocity towards the edge) a projected flick the other
                // way is v ≤ −m (it said `v >= 700` beside a line at −700); |v| reads as it is.
                let words = s.velocityMeasure == .magnitude2D
                    ? "|v| \(flick.comparison.symbol) \(n(m))"
                    : "v \(flick.comparison.symbol.replacingOccurrences(of: ">", with: "<")) \(n(-m))"
                out.append((-m, "flick towards \(s.edge.opposite) cancels: \(words) \(s.unit.symbol)/s", "flick", "opposite-flick-line"))
            }
        }
        switch s.cancelVelocity {
        case .atOrBelow(let limit)?: out.append((limit, "cancels: v <= \(n(limit)) \(s.unit.symbol)/s", "cancel-velocity", "cancel-velocity-line"))
        case .below(let limit)?: out.append((limit, "cancels: v < \(n(limit)) \(s.unit.symbol)/s", "cancel-velocity", "cancel-velocity-line"))
        case .oppositeFlick?, nil: break
        }
        return out
    }
}
