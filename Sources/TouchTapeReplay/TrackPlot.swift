@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// One track as an SVG picture (`touchtape plot`): progress against time with the
/// position boundary the rules compare the release with (the threshold, Compose's distance,
/// and for a projecting rule the release projected ahead), the release point and the
/// completion animation to 1 or 0; the pan's velocity along the dismiss axis as the flick
/// rule reads it on a second axis with the flick velocity marked; the outcome and why in the
/// title. Elements carry ids (`progress-line`, `threshold-line`, `projected-release`,
/// `release-point`, `velocity-line`, `flick-line`, `completion-line`, `x-axis-label`,
/// `progress-axis-label`, `velocity-axis-label`, `outcome`) so tests and pages can find them.
package enum TrackPlot {
    /// - Parameter span: the track's length in seconds, first frame to last, when known: the
    ///   time axis covers it (a track with no pan has no samples to measure it by, and its
    ///   axis stood at an arbitrary 0.1 s).
    package static func svg(_ t: Transcript, explanation: String? = nil, width: Double = 760, height: Double = 380,
                           idPrefix: String = "", span: Double? = nil) -> String {
        let why = explanation.map { TextReportRenderer.wrap($0, indent: "", width: 120) } ?? []
        var c = SVGCanvas(width: width, height: height, top: why.count > 1 ? 58 : 44, idPrefix: idPrefix)
        let s = t.settings
        let edge = s.edge
        let end = max(t.completionFrames.last?.time ?? 0, t.samples.last?.time ?? 0, t.decision?.time ?? 0, span ?? 0.1, 0.01)
        let time = 0...SVGCanvas.niceTimeCeil(end * 1.02)
        let progress = 0.0...1.0
        let rules = ReleaseRules(settings: s)
        let velocities = t.samples.map { rules.flickReading(of: $0.velocity) }
        let flick = s.flick.map(\.minimumVelocity)
        let vMax = SVGCanvas.niceCeil(max((velocities.map(abs).max() ?? 0), flick ?? 0, 100) * 1.05)
        let velocity = -vMax...vMax

        let timeTicks = SVGCanvas.roundTicks(time.upperBound)
        c.axis(time, side: "bottom", ticks: timeTicks.ticks, digits: timeTicks.digits)
        // Two y-axes, two grids told apart: progress solid grey with blue numbers, velocity
        // dotted orange with orange numbers.
        c.axis(progress, side: "left", ticks: 5, digits: 1, labelClass: "tick-label-progress")
        c.axis(velocity, side: "right", ticks: 4, digits: 0, gridClass: "grid-velocity", labelClass: "tick-label-velocity")
        c.line(c.left, c.y(0, velocity), c.right, c.y(0, velocity), cls: "zero")

        let boundaries = positionBoundaries(s)
        for (i, b) in boundaries.enumerated() {
            c.line(c.left, c.y(b.value, progress), c.right, c.y(b.value, progress), cls: "threshold", id: i == 0 ? "threshold-line" : nil)
        }
        let flickLines = velocityBoundaries(s)
        for boundary in flickLines {
            let y = c.y(boundary.value, velocity)
            c.line(c.left, y, c.right, y, cls: boundary.cls, id: boundary.id)
        }
        var labels = LineLabels(left: c.left, right: c.right, top: c.top, bottom: c.bottom)
        labels.lines = boundaries.map { c.y($0.value, progress) } + flickLines.map { c.y($0.value, velocity) }
        let velocityPoints = zip(t.samples, velocities).map { (c.x($0.0.time, time), c.y($0.1, velocity)) }
        c.polyline(velocityPoints, cls: "velocity", id: "velocity-line")
        labels.add(curve: velocityPoints)
        // The progress held from the last update to the release (a rule that updates on
        // `.changed` alone sends none at `.ended`).
        var held = t.updates.map { (c.x($0.time, time), c.y($0.progress, progress)) }
        if let d = t.decision, let last = t.updates.last, last.time < d.time { held.append((c.x(d.time, time), c.y(last.progress, progress))) }
        c.polyline(held, cls: "progress", id: "progress-line")
        labels.add(curve: held)
        if let d = t.decision, case .projection(let seconds, _) = s.decisionInput, s.completionThreshold != nil {
            // The value the threshold is compared with: the release projected ahead.
            let projected = d.rawProgress + edge.component(of: d.velocity) * seconds / s.divisor
            let x = c.x(d.time, time), y = c.y(min(max(projected, 0), 1), progress)
            c.line(x, c.y(d.progress, progress), x, y, cls: "projection")
            c.circle(x, y, r: 4.5, cls: "projected", id: "projected-release",
                     title: "the release projected \(TextReportRenderer.fixed(seconds, 3)) s ahead: progress \(TextReportRenderer.fixed(projected, 3))"
                        + (projected > 1 || projected < 0 ? " (drawn at the edge)" : ""))
            labels.add(curve: [(x, c.y(d.progress, progress)), (x, y)])
            labels.dots.append((x, y, 4.5))
        }
        var completion: [(Double, Double)] = []
        if let d = t.decision {
            completion = [(c.x(d.time, time), c.y(d.progress, progress))]
            completion += t.completionFrames.map { (c.x($0.time, time), c.y(min(max($0.value, 0), 1), progress)) }
            if !t.completionFrames.isEmpty { labels.add(curve: completion) }
            labels.dots.append((c.x(d.time, time), c.y(d.progress, progress), 5.5))
        }
        // Each line's words where they cross no curve, dot, other line or other words (on a
        // backing, so a curve they cannot avoid does not cross them): the thresholds' at the
        // left above their line first, the flicks' at the right on the side away from zero.
        func words(_ text: String, line: Double, right: Bool, below: Bool) {
            let spot = labels.place(text, line: line, right: right, below: below)
            c.rect(spot.box.x0, spot.box.y0, spot.box.x1 - spot.box.x0, spot.box.y1 - spot.box.y0, cls: "label-bg")
            c.text(text, spot.x, spot.baseline, cls: "small", anchor: spot.anchor)
        }
        for b in boundaries { words(b.words, line: c.y(b.value, progress), right: false, below: false) }
        for b in flickLines { words(b.words, line: c.y(b.value, velocity), right: true, below: b.value < 0) }
        if let d = t.decision {
            if !t.completionFrames.isEmpty { c.polyline(completion, cls: "completion", id: "completion-line") }
            c.circle(c.x(d.time, time), c.y(d.progress, progress), r: 5.5, cls: "release", id: "release-point",
                     title: "release at \(TextReportRenderer.fixed(d.time, 3)) s: progress \(TextReportRenderer.fixed(d.progress, 3)), "
                        + "velocity \(TextReportRenderer.fixed(rules.flickReading(of: d.velocity), 0)) \(s.unit.symbol)/s")
        }

        c.text("time (s)", c.right, c.height - 12, cls: "label", id: "x-axis-label", anchor: "end")
        c.text("progress (fraction of \(TextReportRenderer.fixed(s.divisor, 0)) \(s.unit.symbol))", 18, (c.top + c.bottom) / 2,
               cls: "label", id: "progress-axis-label", anchor: "middle", rotate: true)
        c.text("velocity towards \(edge) (\(s.unit.symbol)/s)", c.width - 14, (c.top + c.bottom) / 2,
               cls: "label", id: "velocity-axis-label", anchor: "middle", rotate: true)
        let name = t.file.split(separator: "/").last.map(String.init) ?? t.file
        let rest = " track \(t.track) — \(t.profileName): \(t.outcome.rawValue)" + (t.annotation.expected.map { " (labelled \($0.rawValue))" } ?? "")
        // The title in bold 14 px (about 8.2 px a character) fits the picture: a long file
        // name gives up its middle, never the outcome.
        let room = Int((c.width - c.left - 4) / 8.2) - rest.count
        c.text(Self.shortened(name, to: max(room, 12)) + rest, c.left, 18, cls: "title", id: "outcome")
        for (i, line) in why.prefix(2).enumerated() {
            let text = i == 1 && why.count > 2 ? String(line.prefix(117)) + "…" : line
            c.text(text, c.left, 34 + Double(i) * 14, cls: "small", id: i == 0 ? "explanation" : nil)
        }
        if t.samples.isEmpty {
            // Nothing to draw but the rules: say why, in the middle, rather than leave it blank.
            c.text("no pan: the recognizer handed the controller nothing (why: above)", (c.left + c.right) / 2, (c.top + c.bottom) / 2 - 24,
                   cls: "label", id: "no-pan", anchor: "middle")
        }
        // Legend: what is drawn, no more.
        let ly = c.height - 8
        var lx = c.left
        var legend: [(String, String)] = []
        if !t.updates.isEmpty { legend.append(("legend-progress", "progress")) }
        if !t.samples.isEmpty { legend.append(("legend-velocity", s.velocityMeasure == .magnitude2D ? "velocity (±|v|)" : "velocity")) }
        if !boundaries.isEmpty { legend.append(("legend-threshold", boundaries.count == 1 && s.completionThreshold != nil ? "threshold" : "position boundary")) }
        for item in legend {
            c.rect(lx, ly - 8, 14, 4, cls: item.0)
            c.text(item.1, lx + 18, ly - 3, cls: "small")
            lx += 30 + 6.2 * Double(item.1.count)
        }
        if t.decision != nil {
            c.circle(lx + 5, ly - 6, r: 4, cls: "release")
            c.text("release", lx + 14, ly - 3, cls: "small")
            lx += 68
            if !t.completionFrames.isEmpty {
                c.line(lx, ly - 6, lx + 14, ly - 6, cls: "completion")
                c.text("completion", lx + 18, ly - 3, cls: "small")
            }
        }
        return c.rendered(title: "\(name) track \(t.track): progress and velocity")
    }

    /// `name` with its middle replaced by `…` when longer than `limit` characters.
    static func shortened(_ name: String, to limit: Int) -> String {
        guard name.count > limit, limit > 3 else { return name }
        let keep = limit - 1
        return String(name.prefix((keep + 1) / 2)) + "…" + String(name.suffix(keep / 2))
    }

    /// The positions the rules compare a release with, on the progress axis: the threshold;
    /// Compose's distance in its place (moving forward it must be passed; under anchored
    /// dragging, moving back, the same distance from the dismissed end must not be); for a
    /// projecting rule the threshold the projected release is compared with.
    static func positionBoundaries(_ s: DismissalSettings) -> [(value: Double, words: String)] {
        let u = s.unit.symbol
        if case .distance(let points) = s.decisionInput {
            let fraction = points / s.divisor
            var out = [(fraction, "distance \(TextReportRenderer.fixed(points, 0)) \(u): moving on finishes past it")]
            if s.rule == .anchored {
                out.append((1 - fraction, "moving back: cancels before \(TextReportRenderer.fixed(points, 0)) \(u) from the end"))
            }
            return out
        }
        guard let threshold = s.completionThreshold else { return [] }
        if case .projection(let seconds, _) = s.decisionInput {
            return [(threshold, "threshold \(TextReportRenderer.fixed(threshold, 3)) on the release projected \(TextReportRenderer.fixed(seconds, 3)) s ahead (○)")]
        }
        return [(threshold, "threshold \(TextReportRenderer.fixed(threshold, 3))")]
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

/// Where the words of a plot's horizontal lines go: at the left or the right end of their
/// line, above or below it, the first of those spots (preferred one first) whose box crosses
/// no curve, dot, other line or words already placed, else the one that crosses fewest.
struct LineLabels {
    struct Box { var x0, y0, x1, y1: Double }
    /// A spot: where the text starts or ends (`anchor`), its baseline and its box.
    struct Spot { var x: Double; var baseline: Double; var anchor: String; var box: Box }

    let left: Double, right: Double, top: Double, bottom: Double
    /// Segments of the curves drawn.
    private var segments: [((Double, Double), (Double, Double))] = []
    /// Dots drawn: centre and radius.
    var dots: [(Double, Double, Double)] = []
    /// The heights of the horizontal lines drawn.
    var lines: [Double] = []
    private var placed: [Box] = []

    /// About 5.7 px a character of the 11 px `small` text.
    static let characterWidth = 5.7

    init(left: Double, right: Double, top: Double, bottom: Double) {
        (self.left, self.right, self.top, self.bottom) = (left, right, top, bottom)
    }

    mutating func add(curve points: [(Double, Double)]) {
        if points.count == 1 { dots.append((points[0].0, points[0].1, 1)) }
        for i in points.indices.dropFirst() { segments.append((points[i - 1], points[i])) }
    }

    /// The spot for `words` on the line at height `line`, marked as taken.
    mutating func place(_ words: String, line: Double, right preferRight: Bool, below preferBelow: Bool) -> Spot {
        let w = Self.characterWidth * Double(words.count)
        var candidates: [Spot] = []
        for atRight in [preferRight, !preferRight] {
            for below in [preferBelow, !preferBelow] {
                let baseline = below ? line + 13 : line - 5
                let x = atRight ? right - 6 : left + 6
                let x0 = atRight ? x - w - 2 : x - 2
                candidates.append(Spot(x: x, baseline: baseline, anchor: atRight ? "end" : "start",
                                       box: Box(x0: x0, y0: baseline - 10, x1: x0 + w + 4, y1: baseline + 3)))
            }
        }
        // Each spot's cost once; the first of the cheapest wins.
        let costs = candidates.map { cost($0.box, line: line) }
        let best = candidates[costs.firstIndex(of: costs.min()!)!]
        placed.append(best.box)
        return best
    }

    /// How much a box is in the way (0: free); ties keep the earlier, preferred, spot.
    private func cost(_ b: Box, line: Double) -> Int {
        var n = b.y0 < top || b.y1 > bottom ? 100 : 0
        n += lines.count { $0 != line && $0 > b.y0 && $0 < b.y1 } * 4
        n += placed.count { $0.x0 < b.x1 && b.x0 < $0.x1 && $0.y0 < b.y1 && b.y0 < $0.y1 } * 8
        n += dots.count { d in
            let dx = max(b.x0 - d.0, 0, d.0 - b.x1), dy = max(b.y0 - d.1, 0, d.1 - b.y1)
            return dx * dx + dy * dy < d.2 * d.2
        } * 8
        n += segments.count { crosses($0.0, $0.1, b) }
        return n
    }

    /// Whether the segment from `p` to `q` passes through `b` (Liang–Barsky clipping).
    private func crosses(_ p: (Double, Double), _ q: (Double, Double), _ b: Box) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let dx = q.0 - p.0, dy = q.1 - p.1
        for (edge, distance) in [(-dx, p.0 - b.x0), (dx, b.x1 - p.0), (-dy, p.1 - b.y0), (dy, b.y1 - p.1)] {
            if edge == 0 {
                if distance < 0 { return false }
                continue
            }
            let t = distance / edge
            if edge < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            if t0 > t1 { return false }
        }
        return true
    }
}
