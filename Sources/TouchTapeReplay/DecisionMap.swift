import Foundation
@_spi(Pipeline) import TouchTapeEvents
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
        /// The release's velocity across the axis decides it otherwise than a release straight
        /// along the axis at ``velocity`` (``DecisionMap/placement(of:progress:rules:)``): the
        /// regions under the point do not say its verdict, and the point is ringed.
        package var sideways = false

        /// `nil` for a track without a transition (nothing to place).
        package init?(_ t: TrackReport, number: Int, folder: String, rules: ReleaseRules) {
            guard let p = t.releaseProgress, let v = t.releaseVelocity, t.outcome != .none else { return nil }
            self.number = number
            let name = "\(t.file.dropFirst(folder.count)) #\(t.track)"
            // As the `expected-outcome` check judged it: a track labelled none that cancels
            // under rules that begin on every pan is as labelled (it must not dismiss).
            switch t.expected {
            case nil: cls = "unlabelled"
            case let e?:
                let judged = t.checks.first { $0.name == ExpectedOutcomeCheck().name }.map { $0.status != .failed }
                cls = judged ?? (t.outcome.expected == e) ? "as-labelled" : "not-as-labelled"
            }
            progress = p
            let placed = DecisionMap.placement(of: v, progress: p, translation: t.release?.translation, rules: rules)
            velocity = placed.velocity
            sideways = placed.otherwise != nil
            title = "\(name): \(t.outcome.rawValue)\(t.expected.map { " (labelled \($0.rawValue))" } ?? "") — \(t.explanation.summary)"
            switch placed.otherwise {
            case .across?:
                let across = rules.settings.edge.axis == .vertical ? v.x : v.y
                title += " (ringed: its velocity across the axis, \(TextReportRenderer.fixed(across, 0)) \(rules.settings.unit.symbol)/s,"
                    + " decides it otherwise than the regions under it, which are for releases straight along the axis)"
            case .position?:
                let along = t.release.map { rules.settings.edge.component(of: $0.translation) } ?? 0
                let unit = rules.settings.unit.symbol
                let where_ = along < 0 ? "released \(TextReportRenderer.fixed(-along, 1)) \(unit) behind its start, drawn at progress 0"
                    : placed.rawProgress > 1 ? "released at progress \(TextReportRenderer.fixed(placed.rawProgress, 3)), drawn at 1"
                    : "released \(TextReportRenderer.fixed(along, 1)) \(unit) along the axis"
                title += " (ringed: its position decides it otherwise than the regions under it, which are for a release"
                    + " straight along the axis at the progress drawn: \(where_))"
            case nil: break
            }
        }
    }

    /// Why the rules decide a release otherwise than the region it is drawn in.
    package enum Otherwise: Hashable, Sendable {
        /// Its velocity across the axis (an off-axis fling a rule ignores, Flutter's cross-axis margin).
        case across
        /// Its position: progress past 0…1 (behind the start, past the end), drawn at the edge,
        /// or a position test (PhotoZoomAnimator's anchor) the progress alone does not give.
        case position
    }

    /// Where the map draws a release moving at `v`: the velocity along the axis that the
    /// flick rule reads — the 2-D speed `|v|` signed by the direction along the axis where
    /// the rule measures the magnitude (Transition's) and the release moves mostly along the
    /// axis, else the component along it — and whether a release straight along the axis
    /// at that velocity is decided as this one is (`false` where the velocity across the
    /// axis changes the verdict: an off-axis fling a rule ignores, Flutter's cross-axis
    /// margin).
    ///
    /// `translation`: the release's, when known; the rules then decide the release where it
    /// really was (raw progress past 0…1, a position test), and a release they decide
    /// otherwise than the region under it is ``Otherwise/position``.
    package static func placement(of v: Vector2, progress: Double, translation: Vector2? = nil,
                                  rules: ReleaseRules) -> (velocity: Double, otherwise: Otherwise?, rawProgress: Double) {
        let settings = rules.settings
        let velocity = rules.flickReading(of: v)
        let drawnAt = min(max(progress, 0), 1)
        let drawn = finishes(rules, progress: drawnAt, velocity: velocity, edge: settings.edge, divisor: settings.divisor)
        let raw = translation.map { settings.rawProgress(of: $0) } ?? drawnAt
        let position = translation ?? unit(towards: settings.edge) * (drawnAt * settings.divisor)
        func decided(_ velocity: Vector2) -> Bool {
            switch rules.velocityVerdict(velocity, progress: progress) {
            case .forwardFlick: return true
            case .cancelVelocity: return false
            case .none:
                return rules.positionPasses(progress: progress, rawProgress: raw, translation: position, velocity: velocity)?.passes ?? true
            }
        }
        let really = decided(v)
        guard really != drawn else { return (velocity, nil, raw) }
        // Straight along the axis at the drawn velocity, where it really was: if that is
        // decided as this release is, its position is what the map cannot show.
        return (velocity, decided(unit(towards: settings.edge) * velocity) == really ? .position : .across, raw)
    }

    package static func svg(_ report: ReplayReport, settings: DismissalSettings, width: Double = 760, height: Double = 460,
                           idPrefix: String = "", linkToCards: Bool = false, region: SettingsRegion? = nil) -> String {
        let folder = TextReportRenderer.commonFolder(report.tracks.map(\.file))
        // Points not as labelled drawn last, so no other point at the same place hides one.
        let made = report.tracks.enumerated().compactMap { Point($1, number: $0 + 1, folder: folder, rules: ReleaseRules(settings: settings)) }
        let points = made.filter { $0.cls != "not-as-labelled" } + made.filter { $0.cls == "not-as-labelled" }
        var out = ""
        render(profile: report.profile, settings: settings, region: region ?? Self.region(report, settings: settings), count: points.count,
               classes: Set(points.map(\.cls)),
               skipped: report.tracks.count - points.count,
               largestVelocity: points.map { abs($0.velocity) }.max() ?? 0, width: width, height: height, idPrefix: idPrefix,
               linkToCards: linkToCards, points: { draw in for p in points { draw(p) } }, emit: { out += $0 })
        return out
    }

    /// The settings region of a run's labelled tracks (``SettingsRegion``, the swept ranges' defaults).
    package static func region(_ report: ReplayReport, settings: DismissalSettings) -> SettingsRegion {
        var region = SettingsRegion(settings: settings)
        for t in report.tracks where t.probe == nil {
            region.add(release: t.release, progress: t.releaseProgress, expected: t.expected)
        }
        return region
    }

    /// At most this many numbers wait for their place (the ones beyond could not fit anyway).
    static let labelLimit = 2000

    /// The one drawing: regions, axes, the threshold and flick lines, the settings region
    /// and its recommended point, titles and legend, then each point `points` hands to its
    /// argument, in order, drawn by shape and colour (circle: as labelled, triangle: not
    /// as labelled, square: unlabelled), then the points' numbers where they overlap no
    /// other number and no point (the rest are counted; every point keeps its tooltip).
    /// `emit` gets the text. `linkToCards`: each point links to `#track-N` (the HTML page's card).
    static func render<E: Error>(profile: String, settings: DismissalSettings, region: SettingsRegion?, count: Int,
                                 classes: Set<String>, skipped: Int,
                                 largestVelocity: Double, width: Double = 760, height: Double = 460, idPrefix: String = "",
                                 linkToCards: Bool = false,
                                 points: ((Point) -> Void) throws(E) -> Void, emit: (String) throws(E) -> Void) throws(E) {
        var c = SVGCanvas(width: width, height: height, right: 30, top: 62, idPrefix: idPrefix)
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
        // What is taken in the plot area: the lines' words and the star now, the points as
        // they come; a point's number (and the star's words) go only where nothing is.
        var occupied = Occupancy(width: width, height: height)
        func words(_ text: String, _ x: Double, _ y: Double, anchor: String = "start") {
            c.text(text, x, y, cls: "small", anchor: anchor)
            let w = 6.2 * Double(text.count)
            occupied.mark(anchor == "end" ? x - w : x, y - 10, w, 13)
        }
        let recommendation = region.flatMap { drawRegion($0, on: &c, progress: progress, velocity: velocity) }
        if let star = recommendation { occupied.mark(star.x - 10, star.y - 10, 20, 20) }
        if case .distance(let points) = settings.decisionInput {
            // Compose: a distance in points decides, not the fraction. Moving on, it must be
            // passed; under anchored dragging, moving back, the same distance from the
            // dismissed end must not be (at rest the nearer anchor: a point on the zero line).
            let x = c.x(points / settings.divisor, progress), u = settings.unit.symbol
            let anchored = settings.rule == .anchored
            c.line(x, c.top, x, anchored ? c.y(0, velocity) : c.bottom, cls: "threshold", id: "threshold-line")
            words("distance \(TextReportRenderer.fixed(points, 0)) \(u)\(anchored ? ", moving on" : "")", x + 4, c.top + 14)
            if anchored {
                let back = c.x(1 - points / settings.divisor, progress)
                c.line(back, c.y(0, velocity), back, c.bottom, cls: "threshold")
                words("\(TextReportRenderer.fixed(points, 0)) \(u) from the end, moving back", back - 4, c.y(0, velocity) + 16, anchor: "end")
            }
        } else if let threshold = settings.completionThreshold, case .projection(let seconds, _) = settings.decisionInput {
            // The projected release passes where progress + v·s/d = threshold: a slanted line,
            // v = (threshold − progress)·d/s, clipped to the picture.
            let slope = seconds > 0 ? settings.divisor / seconds : .infinity
            let vAt = { (p: Double) in (threshold - p) * slope }
            let pAt = { (v: Double) in threshold - v / slope }
            var ends: [(Double, Double)] = []
            for p in [progress.lowerBound, progress.upperBound] where velocity.contains(vAt(p)) { ends.append((p, vAt(p))) }
            for v in [velocity.lowerBound, velocity.upperBound] where progress.contains(pAt(v)) { ends.append((pAt(v), v)) }
            if let first = ends.min(by: { $0.0 < $1.0 }), let last = ends.max(by: { $0.0 < $1.0 }) {
                c.line(c.x(first.0, progress), c.y(first.1, velocity), c.x(last.0, progress), c.y(last.1, velocity),
                       cls: "threshold", id: "threshold-line")
                words("threshold \(TextReportRenderer.fixed(threshold, 3)) on the release projected \(TextReportRenderer.fixed(seconds, 3)) s ahead",
                      c.x(first.0, progress) + 4, c.y(first.1, velocity) - 6)
            }
        } else if let threshold = settings.completionThreshold {
            c.line(c.x(threshold, progress), c.top, c.x(threshold, progress), c.bottom, cls: "threshold", id: "threshold-line")
            words("threshold \(TextReportRenderer.fixed(threshold, 3))", c.x(threshold, progress) + 4, c.top + 14)
        }
        if let flick = settings.flick?.minimumVelocity, settings.rule != .vetoOnly {
            c.line(c.left, c.y(flick, velocity), c.right, c.y(flick, velocity), cls: "flick", id: "flick-line")
            words("flick \(TextReportRenderer.fixed(flick, 0)) \(settings.unit.symbol)/s", c.right - 4, c.y(flick, velocity) - 5, anchor: "end")
        }
        c.text("release progress (fraction of \(TextReportRenderer.fixed(settings.divisor, 0)) \(settings.unit.symbol))", (c.left + c.right) / 2,
               c.height - 12, cls: "label", id: "x-axis-label", anchor: "middle")
        c.text("release velocity towards \(edge) (\(settings.unit.symbol)/s)", 18, (c.top + c.bottom) / 2, cls: "label", id: "velocity-axis-label",
               anchor: "middle", rotate: true)
        c.text("Decision map — \(profile)", c.left, 18, cls: "title", id: "outcome")
        // The legend: the shapes drawn, no more.
        let shapes = [("as-labelled", "as labelled"), ("not-as-labelled", "not as labelled"), ("unlabelled", "unlabelled")]
            .filter { classes.contains($0.0) }
        for (i, item) in shapes.enumerated() {
            let lx = c.right - 115 * Double(shapes.count) + 15 + Double(i) * 115
            marker(item.0, lx, 14, on: &c, id: nil, title: nil)
            c.text(item.1, lx + 9, 18, cls: "small")
        }
        c.text("green finishes, red cancels (current settings); numbers: report order; \(count) with a transition"
               + (skipped > 0 ? ", \(skipped) without (none) not shown" : ""), c.left, 36, cls: "small")
        if let region, region.labelled > 0 {
            c.text(recommendation != nil
                   ? (region.sweepsFlick ? "hatched blue: the (threshold, flick velocity) pairs under which every labelled track comes out as labelled; ★ recommended"
                                         : "hatched blue: the thresholds under which every labelled track comes out as labelled (no flick rule); ★ recommended")
                   : "no \(region.sweepsFlick ? "(threshold, flick velocity) pair" : "threshold") has every labelled track come out as labelled",
                   c.left, 50, cls: "small",
                   id: "region-key")
        }
        try emit(c.renderedHead(title: "Decision map"))
        // The points, each written as it comes, then their numbers. `draw` does not throw (a
        // typed-throwing one crashes this compiler, Swift 6.3.1): a failed write is kept and
        // thrown after `points` returns, and the points after it are skipped.
        var pending = ""
        var failure: E?
        var labels: [(number: Int, x: Double, y: Double, failed: Bool)] = []
        var unplaced = 0, sideways = 0
        try withoutActuallyEscaping(emit) { (write: @escaping (String) throws(E) -> Void) throws(E) in
            try points { point in
                guard failure == nil else { return }
                var dot = c
                dot.body.removeAll()
                let x = dot.x(min(max(point.progress, 0), 1), progress), y = dot.y(point.velocity, velocity)
                if linkToCards { dot.add("<a href=\"#track-\(point.number)\">") }
                if point.sideways {
                    dot.circle(x, y, r: 10, cls: "sideways")
                    sideways += 1
                }
                marker(point.cls, x, y, on: &dot, id: "track-\(point.number)", title: point.title)
                if linkToCards { dot.add("</a>") }
                occupied.mark(x - 7, y - 7, 14, 14)
                if labels.count < labelLimit { labels.append((point.number, x, y, point.cls == "not-as-labelled")) } else { unplaced += 1 }
                pending += dot.body.joined(separator: "\n") + "\n"
                if pending.utf8.count >= 64 * 1024 {
                    do throws(E) { try write(pending) } catch { failure = error }
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        if let failure { throw failure }
        var numbers = c
        numbers.body.removeAll()
        if let star = recommendation {
            // The star's words beside it where no point is (they sat over points and numbers).
            let w = 6.2 * Double(star.words.count), h = 13.0
            let spots = [(12.0, -6.0), (12, -20), (12, 8), (-12 - w, -6), (-12 - w, -20), (-12 - w, 8),
                         (12, -34), (12, 22), (-12 - w, -34), (-12 - w, 22), (12, -48), (12, 36)]
            let spot = spots.first { occupied.isFree(star.x + $0.0, star.y + $0.1, w, h, within: c) } ?? spots[0]
            occupied.mark(star.x + spot.0, star.y + spot.1, w, h)
            numbers.text(star.words, star.x + spot.0, star.y + spot.1 + 10, cls: "small", id: "recommended-words")
        }
        // The numbers of points not as labelled get their places first.
        for label in labels.filter(\.failed) + labels.filter({ !$0.failed }) {
            let text = "\(label.number)"
            let w = 6.5 * Double(text.count) + 2, h = 12.0
            let spots = [(8.0, -16.0), (8, 3), (-8 - w, -16), (-8 - w, 3), (-w / 2, -21), (-w / 2, 8)]
            guard let spot = spots.first(where: { occupied.isFree(label.x + $0.0, label.y + $0.1, w, h, within: c) }) else {
                unplaced += 1
                continue
            }
            occupied.mark(label.x + spot.0, label.y + spot.1, w, h)
            numbers.text(text, label.x + spot.0 + 1, label.y + spot.1 + 10, cls: "small")
        }
        // The notes go in a corner of the plot where no point, number or word is (bottom
        // first), on a backing so that a threshold or distance line does not strike them through.
        func note(_ text: String, id: String) {
            let w = 5.6 * Double(text.count) + 6, h = 13.0
            let spots = [(c.left + 3, c.bottom - 16), (c.right - 3 - w, c.bottom - 16), (c.left + 3, c.top + 3),
                         (c.right - 3 - w, c.top + 3), (c.left + 3, c.bottom - 30), (c.right - 3 - w, c.bottom - 30)]
            let spot = spots.first { occupied.isFree($0.0, $0.1, w, h, within: c) } ?? spots[0]
            occupied.mark(spot.0, spot.1, w, h)
            numbers.rect(spot.0, spot.1, w, h, cls: "label-bg")
            numbers.text(text, spot.0 + 3, spot.1 + 10, cls: "small", id: id)
        }
        if unplaced > 0 {
            note("\(unplaced) number\(unplaced == 1 ? "" : "s") left out where \(unplaced == 1 ? "it" : "they") would overlap"
                 + " (hover a point for its track)", id: "unplaced")
        }
        if sideways > 0 {
            note("ringed (\(sideways)): the rules decide \(sideways == 1 ? "it" : "them") otherwise than the region under"
                 + " \(sideways == 1 ? "it" : "them") (hover for why)", id: "sideways")
        }
        try emit(pending + numbers.body.map { $0 + "\n" }.joined() + c.renderedTail)
    }

    /// A point's shape: circle (as labelled), triangle (not as labelled), square (unlabelled).
    static func marker(_ cls: String, _ x: Double, _ y: Double, on c: inout SVGCanvas, id: String?, title: String?) {
        switch cls {
        case "not-as-labelled": c.polygon([(x, y - 7.5), (x + 7, y + 5), (x - 7, y + 5)], cls: cls, id: id, title: title)
        case "unlabelled": c.polygon([(x - 5, y - 5), (x + 5, y - 5), (x + 5, y + 5), (x - 5, y + 5)], cls: cls, id: id, title: title)
        default: c.circle(x, y, r: 6, cls: cls, id: id, title: title)
        }
    }

    /// The settings region in the map's own axes (a threshold is a release progress, a
    /// minimum flick velocity a release velocity): each grid point where every labelled track
    /// is right, as a cell; the recommended point as a star. Returns the recommendation, the
    /// star's place and its words (placed with the points' numbers, where no point is).
    static func drawRegion(_ region: SettingsRegion, on c: inout SVGCanvas, progress: ClosedRange<Double>,
                           velocity: ClosedRange<Double>) -> (recommendation: SettingsRegion.Recommendation, x: Double, y: Double, words: String)? {
        guard region.labelled > 0 else { return nil }
        let dt = (region.thresholdRange.upperBound - region.thresholdRange.lowerBound) / Double(region.steps)
        let dm = (region.flickRange.upperBound - region.flickRange.lowerBound) / Double(region.steps)
        // Hatched, not filled: where the region covers the whole plane a fill hid which part
        // finishes and which cancels under it.
        let hatch = "\(c.idPrefix)region-hatch"
        c.add("<defs><pattern id=\"\(hatch)\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
              + "<rect class=\"hatch\" x=\"0\" y=\"0\" width=\"1.8\" height=\"7\"/></pattern></defs>")
        // Without a flick rule every row is the same: one band of thresholds, the whole height.
        for row in 0...(region.sweepsFlick ? region.steps : 0) {
            let m = region.flickVelocity(row)
            guard m - dm / 2 < velocity.upperBound else { continue }
            let top = region.sweepsFlick ? c.y(min(m + dm / 2, velocity.upperBound), velocity) : c.top
            let bottom = region.sweepsFlick ? c.y(max(m - dm / 2, velocity.lowerBound), velocity) : c.bottom
            var start: Int?
            for column in 0...(region.steps + 1) {
                let inside = column <= region.steps && region.feasible(column: column, row: row)
                if inside, start == nil { start = column }
                if !inside, let s = start {
                    let x0 = c.x(max(region.threshold(s) - dt / 2, progress.lowerBound), progress)
                    let x1 = c.x(min(region.threshold(column - 1) + dt / 2, progress.upperBound), progress)
                    c.add("<rect class=\"settings-region\" fill=\"url(#\(hatch))\" x=\"\(SVGCanvas.n(x0))\" y=\"\(SVGCanvas.n(top))\""
                          + " width=\"\(SVGCanvas.n(x1 - x0))\" height=\"\(SVGCanvas.n(bottom - top))\"/>")
                    start = nil
                }
            }
        }
        guard let r = region.recommendation else { return nil }
        let x = c.x(r.threshold, progress), y = c.y(min(r.flickVelocity ?? 0, velocity.upperBound), velocity)
        let flick = r.flickVelocity.map { " / \(TextReportRenderer.fixed($0, 0)) \(region.unit.symbol)/s" } ?? ""
        var star: [(Double, Double)] = []
        for i in 0..<10 {
            let angle = Double.pi / 2 + Double(i) * Double.pi / 5
            let radius = i % 2 == 0 ? 9.0 : 4.0
            star.append((x + radius * cos(angle), y - radius * sin(angle)))
        }
        c.polygon(star, cls: "recommended", id: "recommended",
                  title: "recommended: threshold \(TextReportRenderer.fixed(r.threshold, 3))"
                    + (r.flickVelocity.map { ", flick velocity \(TextReportRenderer.fixed($0, 0)) \(region.unit.symbol)/s" } ?? " (no flick rule)"))
        return (r, x, y, "recommended \(TextReportRenderer.fixed(r.threshold, 2))\(flick)")
    }

    /// The outcome of an on-axis release at `progress` moving at `velocity` towards the edge.
    static func finishes(_ rules: ReleaseRules, progress: Double, velocity: Double, edge: DismissEdge, divisor: Double) -> Bool {
        finishes(rules, progress: progress, velocity: unit(towards: edge) * velocity, edge: edge, divisor: divisor)
    }

    /// The outcome of a release at `progress` (on the axis) moving at `velocity`.
    static func finishes(_ rules: ReleaseRules, progress: Double, velocity: Vector2, edge: DismissEdge, divisor: Double) -> Bool {
        switch rules.velocityVerdict(velocity, progress: progress) {
        case .forwardFlick: return true
        case .cancelVelocity: return false
        case .none:
            return rules.positionPasses(progress: progress, rawProgress: progress, translation: unit(towards: edge) * (progress * divisor),
                                        velocity: velocity)?.passes ?? true
        }
    }

    private static func unit(towards edge: DismissEdge) -> Vector2 {
        switch edge {
        case .bottom: Vector2(x: 0, y: 1)
        case .top: Vector2(x: 0, y: -1)
        case .right: Vector2(x: 1, y: 0)
        case .left: Vector2(x: -1, y: 0)
        }
    }
}

/// Which parts of a picture are taken, in 2-pixel cells: the decision map's numbers go
/// only where no number and no point is. Its size is the picture's, whatever the run.
struct Occupancy {
    static let cell = 2.0
    let columns: Int, rows: Int
    var taken: [Bool]

    init(width: Double, height: Double) {
        columns = Int((width / Self.cell).rounded(.up))
        rows = Int((height / Self.cell).rounded(.up))
        taken = Array(repeating: false, count: columns * rows)
    }

    private func cells(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        let c0 = max(Int((x / Self.cell).rounded(.down)), 0), c1 = min(Int(((x + w) / Self.cell).rounded(.down)), columns - 1)
        let r0 = max(Int((y / Self.cell).rounded(.down)), 0), r1 = min(Int(((y + h) / Self.cell).rounded(.down)), rows - 1)
        return c0 <= c1 && r0 <= r1 ? (c0...c1, r0...r1) : nil
    }

    mutating func mark(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        guard let (cs, rs) = cells(x, y, w, h) else { return }
        for r in rs { for c in cs { taken[r * columns + c] = true } }
    }

    /// Free, and inside the plot area of `canvas`.
    func isFree(_ x: Double, _ y: Double, _ w: Double, _ h: Double, within canvas: SVGCanvas) -> Bool {
        guard x >= canvas.left, x + w <= canvas.right, y >= canvas.top, y + h <= canvas.bottom,
              let (cs, rs) = cells(x, y, w, h) else { return false }
        for r in rs { for c in cs where taken[r * columns + c] { return false } }
        return true
    }
}

import TouchTapeFormats

/// The decision map of a run as it goes (`touchtape plot --map`): each track's point is
/// put aside in an unlinked scratch file (``SpillFile``) as the track is reported, since
/// the velocity scale needs the run's fastest release; ``write(to:)`` then draws
/// the map and streams the points into it. Memory is flat in the number of tracks.
package final class DecisionMapSink: ReplayReportSink {
    private let spill: SpillFile
    /// The points not as labelled, drawn after the others so that none hides one.
    private let failedSpill: SpillFile
    /// The classes of the points put aside (the legend lists those).
    private var classes: Set<String> = []
    private var profile = ""
    private var folder = ""
    private let settings: DismissalSettings
    private var reported = 0
    private var placed = 0
    private var largestVelocity = 0.0
    private var region: SettingsRegion

    /// A sink for a run under `settings`, its scratch file in `$TMPDIR` (else `/tmp`).
    package init(settings: DismissalSettings) throws(OutputError) {
        self.settings = settings
        region = SettingsRegion(settings: settings)
        spill = try SpillFile()
        failedSpill = try SpillFile()
    }

    package func begin(_ heading: ReportHeading) {
        profile = heading.profile
        folder = heading.folder
    }

    package func track(_ track: ReplayedTrack, seconds: Double?) throws(OutputError) {
        reported += 1
        if track.report.probe == nil {
            region.add(release: track.report.release, progress: track.report.releaseProgress, expected: track.report.expected)
        }
        guard let point = DecisionMap.Point(track.report, number: reported, folder: folder, rules: ReleaseRules(settings: settings)) else { return }
        placed += 1
        largestVelocity = max(largestVelocity, abs(point.velocity))
        classes.insert(point.cls)
        try (point.cls == "not-as-labelled" ? failedSpill : spill).write(Self.line(point) + "\n")
    }

    package func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?) {}
    package func finish(_ tally: ReplayTally) {}

    /// Draws the map over the settings' regions into `output` (which the caller commits).
    package func write(to output: OutputFile) throws(OutputError) {
        try DecisionMap.render(profile: profile, settings: settings, region: region, count: placed, classes: classes, skipped: reported - placed,
                               largestVelocity: largestVelocity,
                               points: { (draw: (DecisionMap.Point) -> Void) throws(OutputError) in
            for file in [spill, failedSpill] {
                var carried = ""
                try file.drain { (piece: String) throws(OutputError) in
                    carried += piece
                    while let newline = carried.firstIndex(of: "\n") {
                        if let point = Self.point(carried[..<newline]) { draw(point) }
                        carried = String(carried[carried.index(after: newline)...])
                    }
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

    /// A point as a line of the scratch file (without its newline).
    static func line(_ point: DecisionMap.Point) -> String {
        "\(point.number)\t\(point.cls)\t\(point.progress)\t\(point.velocity)\t\(point.sideways ? 1 : 0)\t\(escaped(point.title))"
    }

    /// A line of the scratch file back as a point (the file is this sink's own).
    static func point(_ line: Substring) -> DecisionMap.Point? {
        let fields = line.split(separator: "\t", maxSplits: 5, omittingEmptySubsequences: false)
        guard fields.count == 6, let number = Int(fields[0]), let p = Double(fields[2]), let v = Double(fields[3]) else { return nil }
        return DecisionMap.Point(number: number, cls: String(fields[1]), progress: p, velocity: v, sideways: fields[4] == "1",
                                 title: unescaped(fields[5]))
    }
}

extension DecisionMap.Point {
    init(number: Int, cls: String, progress: Double, velocity: Double, sideways: Bool, title: String) {
        self.number = number
        self.cls = cls
        self.progress = progress
        self.velocity = velocity
        self.sideways = sideways
        self.title = title
    }
}
