import TouchTapeDismissal

/// `touchtape replay --html`: one self-contained page (inline CSS and SVG, no script, no
/// network): the settings and summary, the decision map, then per track its row, why it
/// came out as it did, its plot and its checks, failed ones highlighted. Light and dark
/// follow `prefers-color-scheme`. Every element id is unique in the page: the map's start
/// with `map-`, each plot's with its track's `track-N-`.
package enum HTMLReportRenderer {
    package static func render(_ report: ReplayReport, transcripts: [Transcript], settings: DismissalSettings) -> String {
        func e(_ s: String) -> String { JUnitReportRenderer.escape(s) }
        var byKey: [String: Transcript] = [:]
        for t in transcripts { byKey["\(t.file)#\(t.track)"] = t }
        let folder = TextReportRenderer.commonFolder(report.tracks.map(\.file))
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>TouchTape replay — \(e(report.profile))</title>
        <style>
        body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:24px;background:#fff;color:#1b1b1b;max-width:1000px}
        h1{font-size:22px}h2{font-size:17px;margin-top:28px}code{font-size:13px}
        .summary{font-size:16px;padding:8px 12px;border-radius:6px;background:#eef5ee;display:inline-block}
        .summary.failed{background:#fbe3e3}
        .track{border:1px solid #ccc;border-radius:8px;padding:10px 14px;margin:18px 0}
        .track.failed{border:2px solid #c62828;background:#fff5f5}
        .why{margin:4px 0 8px 0}.label{color:#555}.tool{color:#777;font-size:13px}
        table{border-collapse:collapse;font-size:13px}td,th{padding:2px 8px;text-align:left;border-bottom:1px solid #ddd}
        tr.failed td{color:#b71c1c;font-weight:bold}tr.skipped td{color:#888}
        svg{max-width:100%;height:auto}
        @media (prefers-color-scheme: dark){
        body{background:#111316;color:#e6e6e6}.summary{background:#1d3a24}.summary.failed{background:#4a1f22}
        .track{border-color:#3a3f46}.track.failed{border-color:#ff5c5c;background:#2a1618}
        .label{color:#aaa}.tool{color:#999}td,th{border-color:#333}tr.failed td{color:#ff8a8a}tr.skipped td{color:#888}}
        </style></head><body>
        <h1>TouchTape replay — profile \(e(report.profile))</h1>
        <p>Settings: \(e(report.settings.text))</p>
        <p>Folder: <code>\(e(folder.isEmpty ? "." : folder))</code></p>
        <p class="summary\(report.failed > 0 || report.tally.errorCount > 0 ? " failed" : "")" id="summary">\(e(report.summaryLine))</p>

        """
        if !report.errors.isEmpty {
            html += "<h2>Could not read</h2><ul>" + report.errors.map { "<li><code>\(e($0.message))</code></li>" }.joined() + "</ul>\n"
        }
        for (title, warnings) in [("Errors (--strict)", report.warnings.filter(\.isError)), ("Warnings", report.warnings.filter { !$0.isError })]
        where !warnings.isEmpty {
            html += "<h2>\(title)</h2><ul>" + warnings.map { "<li><code>\(e($0.message))</code></li>" }.joined() + "</ul>\n"
        }
        let region = DecisionMap.region(report, settings: settings)
        html += "<h2>Decision map</h2>\n" + DecisionMap.svg(report, settings: settings, idPrefix: "map-", linkToCards: true, region: region) + "\n"
        let (heading, sentences) = SweepRenderer.regionSentences(region)
        html += "<p class=\"recommendation\" id=\"recommendation\">\(e(heading)) \(e(sentences.joined(separator: "; ")))</p>\n<h2>Tracks</h2>\n"
        for (i, t) in report.tracks.enumerated() {
            let failed = !t.failedChecks.isEmpty
            html += "<div class=\"track\(failed ? " failed" : "")\" id=\"track-\(i + 1)\">\n"
            html += "<h3>\(i + 1). \(e(String(t.file.dropFirst(folder.count)))) track \(t.track): \(e(t.outcome.rawValue))"
                + (t.expected.map { " (labelled \(e($0.rawValue)))" } ?? "") + (failed ? " — FAILED" : "") + "</h3>\n"
            html += "<p class=\"why\">Why: \(e(t.explanation.summary))</p>\n"
            if t.expected != nil || t.userNote != nil {
                html += "<p class=\"label\">Label: \(e(t.expected.map { $0 == .none ? "expect none (must not dismiss)" : "expect \($0.rawValue)" } ?? "unlabelled"))"
                    + (t.userNote.map { "; note: \(e($0))" } ?? "") + "</p>\n"
            }
            for d in t.assumptions + t.diagnostics { html += "<p class=\"tool\">\(e(d))</p>\n" }
            if let stability = t.stability { html += "<p class=\"stability\">Stability: \(e(stability.summary))</p>\n" }
            if let transcript = byKey["\(t.file)#\(t.track)"], !transcript.samples.isEmpty {
                html += TrackPlot.svg(transcript, explanation: nil, idPrefix: "track-\(i + 1)-") + "\n"
            }
            html += "<table><tr><th>check</th><th>status</th><th>detail</th></tr>\n"
            for c in t.checks {
                html += "<tr class=\"\(c.status.rawValue)\"><td>\(e(c.name))</td><td>\(c.status.rawValue)</td><td>\(e(c.detail))</td></tr>\n"
            }
            html += "</table>\n</div>\n"
        }
        html += "</body></html>\n"
        return html
    }
}
