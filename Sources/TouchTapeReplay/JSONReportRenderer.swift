/// The JSON report (documented in the README, section "JSON report"). Keys come in a
/// fixed order and numbers with fixed rounding, so two runs give identical bytes.
package enum JSONReportRenderer {
    /// The whole report in this format (through ``JSONReportWriter``, as a streamed run writes it).
    package static func render(_ report: ReplayReport) -> String {
        var writer = JSONReportWriter()
        return writer.render(report)
    }

    /// The report with the estimator comparison (`--compare-velocity`) as `estimators`, last.
    package static func render(_ report: ReplayReport, estimators: JSONValue) -> String {
        var writer = JSONReportWriter(trailingMembers: [("estimators", estimators)])
        return writer.render(report)
    }

    /// The report as one JSON value, keys in the documented order (what
    /// ``JSONReportWriter`` writes a piece at a time).
    package static func document(_ report: ReplayReport) -> JSONValue {
        .object([
            ("profile", .string(report.profile)),
            ("overrides", .array(report.overrides.map(JSONValue.string))),
            ("settings", report.settings.json),
            ("shard", report.shard.map { .string($0.description) } ?? .null),
            ("tracks", .array(report.tracks.map(track))),
            ("errors", .array(report.errors.map { e in
                .object([("file", .string(e.file)), ("kind", .string(e.kind)), ("message", .string(e.message))])
            })),
            ("summary", .object([("passed", .integer(report.passed)), ("failed", .integer(report.failed)),
                                 ("errors", .integer(report.errors.count))])),
        ])
    }

    /// One track's object, as in the report's `tracks` (also a `touchtape live` JSON line).
    package static func track(_ t: TrackReport) -> JSONValue {
        .object([
            ("file", .string(t.file)),
            ("track", .integer(t.track)),
        ] + (t.probe.map { [("probe", JSONValue.string($0))] } ?? [])
          + (t.stability.map { s in [("stability", JSONValue.object([
              ("perturbations", .integer(s.total)), ("flips", .integer(s.flips.count)),
              ("smallest", s.worst.map { .string($0.name) } ?? .null),
              ("flipping", .array(s.flips.map { .string($0.name) })),
          ]))] } ?? []) + [
            ("device", .object([
                ("name", .string(t.deviceName)),
                ("kind", .string(t.deviceKind.rawValue)),
                ("protocol", .string(t.touchProtocol.name)),
            ])),
            ("fingers", .integer(t.fingers)),
            ("releaseProgress", t.releaseProgress.map(JSONValue.number) ?? .null),
            ("releaseVelocity", t.releaseVelocity.map { .object([("x", .number($0.x)), ("y", .number($0.y))]) } ?? .null),
            ("outcome", .string(t.outcome.rawValue)),
            ("reason", .string(t.reason.rawValue)),
            ("explanation", .string(t.explanation.summary)),
            ("margins", .object([("threshold", t.explanation.margins.threshold.map(JSONValue.number) ?? .null),
                                 ("flickVelocity", t.explanation.margins.flickVelocity.map(JSONValue.number) ?? .null)])),
            ("expected", t.expected.map { .string($0.rawValue) } ?? .null),
            ("checks", .array(t.checks.map { c in
                .object([("name", .string(c.name)), ("status", .string(c.status.rawValue)), ("passed", .bool(c.passed)),
                         ("detail", .string(c.detail))])
            })),
            ("notes", .array(t.notes.map(JSONValue.string))),
        ])
    }
}
