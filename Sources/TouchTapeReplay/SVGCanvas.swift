/// A small SVG writer for the plots: a plot area with linear scales, and elements written
/// with fixed number formatting so the same input gives the same bytes. Colours come from
/// CSS classes (``style``) with a `prefers-color-scheme: dark` variant, so a picture reads in
/// light and dark pages and viewers.
struct SVGCanvas {
    let width: Double
    let height: Double
    /// The plot area inside the margins.
    let left: Double, right: Double, top: Double, bottom: Double
    var body: [String] = []
    /// Put before every element id (`""` for a drawing of its own; the HTML page gives
    /// each drawing its own, as ids must be unique in a page).
    let idPrefix: String

    init(width: Double, height: Double, left: Double = 70, right: Double = 80, top: Double = 44, bottom: Double = 52,
         idPrefix: String = "") {
        self.idPrefix = idPrefix
        self.width = width
        self.height = height
        self.left = left
        self.right = width - right
        self.top = top
        self.bottom = height - bottom
    }

    /// `value` in `domain` to an x (or y, flipped) pixel of the plot area.
    func x(_ value: Double, _ domain: ClosedRange<Double>) -> Double {
        left + (value - domain.lowerBound) / span(domain) * (right - left)
    }

    func y(_ value: Double, _ domain: ClosedRange<Double>) -> Double {
        bottom - (value - domain.lowerBound) / span(domain) * (bottom - top)
    }

    private func span(_ d: ClosedRange<Double>) -> Double { d.upperBound > d.lowerBound ? d.upperBound - d.lowerBound : 1 }

    /// The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `x`: axis ends that divide into round ticks.
    /// A time axis's end: the next of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 (× a power of ten)
    /// at or above `x`, so the axis ends near the data (``niceCeil(_:)`` made 1.02 s into 2 s).
    static func niceTimeCeil(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= x { power *= 10 }
        while power > x { power /= 10 }
        for m in [1.0, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] where m * power >= x { return m * power }
        return 10 * power
    }

    /// How many ticks divide `0…end` into round steps (1, 2, 2.5 or 5 × a power of ten),
    /// and the decimals a step needs: 1.2 s in six steps of 0.2, not five of 0.24 printed as
    /// "0.2, 0.5, 0.7".
    static func roundTicks(_ end: Double) -> (ticks: Int, digits: Int) {
        for ticks in [5, 4, 6, 8, 3, 10] {
            let step = end / Double(ticks)
            var power = 1.0
            while power * 10 <= step { power *= 10 }
            while power > step { power /= 10 }
            guard [1.0, 2, 2.5, 5, 10].contains(where: { abs($0 * power - step) <= step * 1e-9 }) else { continue }
            var digits = 0, scaled = step
            while digits < 4, abs(scaled.rounded() - scaled) > 1e-9 { digits += 1; scaled *= 10 }
            return (ticks, digits)
        }
        return (5, 2)
    }

    static func niceCeil(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= x { power *= 10 }
        while power > x { power /= 10 }
        for m in [1.0, 2, 2.5, 5, 10] where m * power >= x { return m * power }
        return 10 * power
    }

    static func n(_ v: Double) -> String { TextReportRenderer.fixed(v.isFinite ? v : 0, 1) }

    static func escape(_ s: String) -> String { JUnitReportRenderer.escape(s) }

    mutating func add(_ element: String) { body.append(element) }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, cls: String, id: String? = nil) {
        add("<line\(idAttribute(id)) class=\"\(cls)\" x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\"/>")
    }

    mutating func polyline(_ points: [(Double, Double)], cls: String, id: String? = nil) {
        guard !points.isEmpty else { return }
        let text = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        add("<polyline\(idAttribute(id)) class=\"\(cls)\" points=\"\(text)\"/>")
    }

    mutating func text(_ s: String, _ x: Double, _ y: Double, cls: String, id: String? = nil, anchor: String = "start",
                       rotate: Bool = false) {
        let transform = rotate ? " transform=\"rotate(-90 \(Self.n(x)) \(Self.n(y)))\"" : ""
        add("<text\(idAttribute(id)) class=\"\(cls)\" x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" text-anchor=\"\(anchor)\"\(transform)>"
            + Self.escape(s) + "</text>")
    }

    mutating func circle(_ x: Double, _ y: Double, r: Double, cls: String, id: String? = nil, title: String? = nil) {
        let t = title.map { "<title>\(Self.escape($0))</title>" } ?? ""
        add("<circle\(idAttribute(id)) class=\"\(cls)\" cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(r))\">\(t)</circle>")
    }

    mutating func polygon(_ points: [(Double, Double)], cls: String, id: String? = nil, title: String? = nil) {
        let t = title.map { "<title>\(Self.escape($0))</title>" } ?? ""
        let text = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        add("<polygon\(idAttribute(id)) class=\"\(cls)\" points=\"\(text)\">\(t)</polygon>")
    }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, cls: String) {
        add("<rect class=\"\(cls)\" x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(w))\" height=\"\(Self.n(h))\"/>")
    }

    /// Ticks and numbers along the bottom (x) or a side (`left`/`right`) of the plot area.
    /// `gridClass`: the grid lines' class (`nil`: none; a right-hand axis draws none unless
    /// given one); `labelClass`: the numbers' class, so a second axis reads apart from the first.
    mutating func axis(_ domain: ClosedRange<Double>, side: String, ticks: Int = 5, digits: Int, gridClass: String? = "grid",
                       labelClass: String = "tick-label") {
        for i in 0...ticks {
            let v = domain.lowerBound + (domain.upperBound - domain.lowerBound) * Double(i) / Double(ticks)
            let label = TextReportRenderer.fixed(v, digits)
            switch side {
            case "bottom":
                let px = x(v, domain)
                line(px, bottom, px, bottom + 5, cls: "tick")
                if let gridClass { line(px, top, px, bottom, cls: gridClass) }
                text(label, px, bottom + 18, cls: labelClass, anchor: "middle")
            case "left":
                let py = y(v, domain)
                line(left - 5, py, left, py, cls: "tick")
                if let gridClass { line(left, py, right, py, cls: gridClass) }
                text(label, left - 8, py + 4, cls: labelClass, anchor: "end")
            default:
                let py = y(v, domain)
                line(right, py, right + 5, py, cls: "tick")
                if let gridClass, gridClass != "grid" { line(left, py, right, py, cls: gridClass) }
                text(label, right + 8, py + 4, cls: labelClass)
            }
        }
    }

    /// ` id="PREFIXid"`: the prefix keeps ids unique when several drawings share a page.
    private func idAttribute(_ id: String?) -> String { id.map { " id=\"\(idPrefix)\($0)\"" } ?? "" }

    /// The colours, light first, dark under `prefers-color-scheme: dark`.
    static let style = """
    svg{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;font-size:12px}
    .bg{fill:#ffffff}.frame{fill:none;stroke:#444}.grid{stroke:#e4e4e4;stroke-width:1}.tick{stroke:#444}
    .tick-label,.label,.title{fill:#222}.title{font-size:14px;font-weight:bold}.small{fill:#555;font-size:11px}
    .progress{fill:none;stroke:#1f5fbf;stroke-width:2.5}.completion{fill:none;stroke:#1f5fbf;stroke-width:2;stroke-dasharray:5 3}
    .velocity{fill:none;stroke:#c45a00;stroke-width:1.5}.threshold{stroke:#2a8f2a;stroke-width:1.5;stroke-dasharray:8 4}
    .flick{stroke:#c45a00;stroke-width:1.2;stroke-dasharray:3 3}.zero{stroke:#999;stroke-width:1}
    .release{fill:#d62728;stroke:#fff;stroke-width:1.5}.finish-region{fill:#d8f0d8}.cancel-region{fill:#f6dede}
    .as-labelled{fill:#2a8f2a;stroke:#fff}.not-as-labelled{fill:#d62728;stroke:#fff}.unlabelled{fill:#777;stroke:#fff}
    .legend-progress{fill:#1f5fbf}.legend-velocity{fill:#c45a00}.legend-threshold{fill:#2a8f2a}
    .settings-region{fill-opacity:1}.hatch{fill:#1f5fbf;fill-opacity:0.5}.recommended{fill:#f2b200;stroke:#222;stroke-width:1}
    .label-bg{fill:#ffffff;fill-opacity:0.85}.sideways{fill:none;stroke:#222;stroke-width:1.2;stroke-dasharray:2 2}
    .projected{fill:#ffffff;stroke:#d62728;stroke-width:1.5}.projection{stroke:#d62728;stroke-width:1;stroke-dasharray:2 2}
    .grid-velocity{stroke:#c45a00;stroke-opacity:0.35;stroke-width:1;stroke-dasharray:1 4}.tick-label-velocity{fill:#a04800}
    .tick-label-progress{fill:#1f4f9f}.cancel-velocity{stroke:#8e2bb0;stroke-width:1.2;stroke-dasharray:6 2 1 2}
    @media (prefers-color-scheme: dark){
    .bg{fill:#16181c}.frame{stroke:#bbb}.grid{stroke:#2c3036}.tick{stroke:#bbb}.tick-label,.label,.title{fill:#e8e8e8}
    .small{fill:#aaa}.progress,.completion{stroke:#6aa7ff}.velocity{stroke:#ffa14a}.flick{stroke:#ffa14a}
    .threshold{stroke:#5fd35f}.release{fill:#ff5c5c;stroke:#16181c}.finish-region{fill:#1d3a24}.cancel-region{fill:#452224}
    .as-labelled{fill:#5fd35f;stroke:#16181c}.not-as-labelled{fill:#ff5c5c;stroke:#16181c}.unlabelled{fill:#999;stroke:#16181c}
    .legend-progress{fill:#6aa7ff}.legend-velocity{fill:#ffa14a}.legend-threshold{fill:#5fd35f}
    .hatch{fill:#6aa7ff;fill-opacity:0.55}.recommended{fill:#ffd24a;stroke:#16181c}
    .label-bg{fill:#16181c}.grid-velocity{stroke:#ffa14a}.tick-label-velocity{fill:#ffb877}.tick-label-progress{fill:#9cc3ff}.cancel-velocity{stroke:#d78cf0}.sideways{stroke:#e8e8e8}.projected{fill:#16181c;stroke:#ff5c5c}.projection{stroke:#ff5c5c}}
    """

    /// The whole document.
    func rendered(title: String) -> String { renderedHead(title: title) + renderedTail }

    /// The document up to the end of ``body``: elements written after it (a streamed
    /// drawing's points) go between it and ``renderedTail``.
    func renderedHead(title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\""
            + " viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" role=\"img\">\n"
            + "<title>\(Self.escape(title))</title>\n<style>\(Self.style)</style>\n"
            + "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\"/>\n"
            + body.joined(separator: "\n") + "\n"
    }

    /// The plot area's frame and the end of the document.
    var renderedTail: String {
        "<rect class=\"frame\" x=\"\(Self.n(left))\" y=\"\(Self.n(top))\" width=\"\(Self.n(right - left))\" height=\"\(Self.n(bottom - top))\"/>\n"
            + "</svg>\n"
    }
}
