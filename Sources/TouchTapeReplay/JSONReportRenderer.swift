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
        ] + closing(report.tally))
    }

    /// The members after `tracks`: `errors` (files that could not be read, then files with
    /// no track under `--strict`, kind `noTracks`), `warnings` (files with no track; only
    /// when there is one, so a report without them keeps its bytes) and `summary`.
    package static func closing(_ tally: ReplayTally) -> [(String, JSONValue)] {
        func entry(_ file: String, _ kind: String, _ message: String) -> JSONValue {
            .object([("file", .string(file)), ("kind", .string(kind)), ("message", .string(message))])
        }
        let errors = tally.errors.map { entry($0.file, $0.kind, $0.message) }
            + tally.warnings.filter(\.isError).map { entry($0.file, $0.kind.rawValue, $0.message) }
        let warnings = tally.warnings.filter { !$0.isError }.map { entry($0.file, $0.kind.rawValue, $0.message) }
        var summary: [(String, JSONValue)] = [("passed", .integer(tally.passed)), ("failed", .integer(tally.failed)),
                                              ("errors", .integer(tally.errorCount))]
        if !warnings.isEmpty { summary.append(("warnings", .integer(warnings.count))) }
        return [("errors", .array(errors))] + (warnings.isEmpty ? [] : [("warnings", .array(warnings))])
            + [("summary", .object(summary))]
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
