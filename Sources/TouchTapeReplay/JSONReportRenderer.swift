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
    /// no track under `--strict`, kind `noTracks`, then a selection that matched nothing,
    /// kind `noMatch`), `warnings` (files with no track; only
    /// when there is one, so a report without them keeps its bytes) and `summary`.
    package static func closing(_ tally: ReplayTally) -> [(String, JSONValue)] {
        func entry(_ file: String, _ kind: String, _ message: String) -> JSONValue {
            .object([("file", .string(file)), ("kind", .string(kind)), ("message", .string(message))])
        }
        // A --track or --probe that matched nothing is no file's: `file` is null.
        let unmatched = tally.unmatched.map { u in
            JSONValue.object([("file", .null), ("kind", .string("noMatch")), ("message", .string("\(u.message)\nhint: \(u.hint)"))])
        }
        let errors = tally.errors.map { entry($0.file, $0.kind, $0.message) }
            + tally.warnings.filter(\.isError).map { entry($0.file, $0.kind.rawValue, $0.message) } + (unmatched.map { [$0] } ?? [])
        let warnings = tally.warnings.filter { !$0.isError }.map { entry($0.file, $0.kind.rawValue, $0.message) }
        var summary: [(String, JSONValue)] = [("passed", .integer(tally.passed)), ("failed", .integer(tally.failed)),
                                              ("errors", .integer(tally.errorCount))]
        if !warnings.isEmpty { summary.append(("warnings", .integer(warnings.count))) }
        if tally.filesNotReplayed > 0 { summary.append(("notReplayed", .integer(tally.filesNotReplayed))) }
        return [("errors", .array(errors))] + (warnings.isEmpty ? [] : [("warnings", .array(warnings))])
            + [("summary", .object(summary))]
    }

    /// One track's object, as in the report's `tracks` (also a `touchtape live` JSON line).
    package static func track(_ t: TrackReport) -> JSONValue {
        var tree = JSONTreeBuilder()
        track(t, into: &tree)
        return tree.result ?? .null
    }

    /// One track's object written to `out`: the one description of a row, whether it
    /// becomes a tree or is written as text straight away.
    package static func track<Output: JSONOutput>(_ t: TrackReport, into out: inout Output) {
        out.object { o in
            o.member("file", string: t.file)
            o.member("track") { $0.integer(t.track) }
            if let probe = t.probe { o.member("probe", string: probe) }
            if let s = t.stability {
                o.member("stability") {
                    $0.object { s2 in
                        s2.member("perturbations") { $0.integer(s.total) }
                        s2.member("flips") { $0.integer(s.flips.count) }
                        s2.member("smallest") { if let worst = s.worst { $0.string(worst.name) } else { $0.null() } }
                        s2.member("flipping") { a in a.array { for flip in s.flips { $0.string(flip.name) } } }
                    }
                }
            }
            o.member("device") {
                $0.object { d in
                    d.member("name", string: t.deviceName)
                    d.member("kind", string: t.deviceKind.rawValue)
                    d.member("protocol", string: t.touchProtocol.name)
                }
            }
            o.member("fingers") { $0.integer(t.fingers) }
            o.member("releaseProgress", number: t.releaseProgress)
            o.member("releaseVelocity") { v in
                if let velocity = t.releaseVelocity {
                    v.object { $0.member("x", number: velocity.x); $0.member("y", number: velocity.y) }
                } else {
                    v.null()
                }
            }
            o.member("outcome", string: t.outcome.rawValue)
            o.member("reason", string: t.reason.rawValue)
            o.member("explanation", words: t.explanation.words)
            o.member("margins") {
                $0.object { m in
                    m.member("threshold", number: t.explanation.margins.threshold)
                    m.member("flickVelocity", number: t.explanation.margins.flickVelocity)
                }
            }
            o.member("expected") { if let expected = t.expected { $0.string(expected.rawValue) } else { $0.null() } }
            o.member("checks") { a in
                a.array { a in
                    for c in t.checks {
                        a.object { check in
                            check.member("name", string: c.name)
                            check.member("status", string: c.status.rawValue)
                            check.member("passed") { $0.bool(c.passed) }
                            check.member("detail", words: c.words)
                        }
                    }
                }
            }
            o.member("notes") { a in a.array { for note in t.notes { $0.string(note) } } }
        }
    }
}
