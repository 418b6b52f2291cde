/// JUnit XML as CI systems read it (GitLab, Jenkins, GitHub test reporters): one
/// `<testsuite>` per recording file, one `<testcase>` per track and check, named
/// `track N: check [profile]` (and the shard), so that several profiles' reports uploaded
/// together stay apart. A failed check is a `<failure>` with the check as `type`, its
/// detail as `message` and, in the body, the detail with the track's outcome, reason,
/// release and notes (GitLab shows the body); a check that does not apply is `<skipped>`;
/// a file that could not be read is one `<testcase name="read […]">` with an `<error>`.
/// Characters XML 1.0 forbids are dropped. Valid against the schema the tests keep
/// (`Tests/TouchTapeReplayTests/Resources/junit.xsd`).
public enum JUnitReportRenderer {
    /// The whole report in this format.
    public static func render(_ report: ReplayReport) -> String {
        var files: [String] = []
        var byFile: [String: [TrackReport]] = [:]
        var errorsByFile: [String: [UnreadableFile]] = [:]
        for t in report.tracks {
            if byFile[t.file] == nil, errorsByFile[t.file] == nil { files.append(t.file) }
            byFile[t.file, default: []].append(t)
        }
        for e in report.errors {
            if byFile[e.file] == nil, errorsByFile[e.file] == nil { files.append(e.file) }
            errorsByFile[e.file, default: []].append(e)
        }
        let identity = report.profile + (report.shard.map { ", shard \($0)" } ?? "")
        let total = report.tracks.reduce(0) { $0 + $1.checks.count } + report.errors.count
        let failures = report.tracks.reduce(0) { $0 + $1.failedChecks.count }
        let seconds = report.fileSeconds.values.reduce(0, +)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"touchtape replay (\(escape(identity)))\" tests=\"\(total)\" failures=\"\(failures)\""
            + " errors=\"\(report.errors.count)\" skipped=\"\(report.skippedChecks)\" time=\"\(TextReportRenderer.fixed(seconds, 3))\">\n"
        for file in files {
            let tracks = byFile[file] ?? []
            let errors = errorsByFile[file] ?? []
            let tests = tracks.reduce(0) { $0 + $1.checks.count } + errors.count
            let failed = tracks.reduce(0) { $0 + $1.failedChecks.count }
            let skipped = tracks.reduce(0) { $0 + $1.checks.filter(\.skipped).count }
            out += "  <testsuite name=\"\(escape(file))\" tests=\"\(tests)\" failures=\"\(failed)\" errors=\"\(errors.count)\""
                + " skipped=\"\(skipped)\" time=\"\(TextReportRenderer.fixed(report.fileSeconds[file] ?? 0, 3))\">\n"
            out += properties(report.settings, tracks)
            for e in errors {
                out += "    <testcase classname=\"\(escape(file))\" name=\"read [\(escape(identity))]\" time=\"\(caseSeconds(report.fileSeconds[file]))\">\n"
                out += "      <error type=\"\(escape(e.kind))\" message=\"\(escape(firstLine(e.message)))\">\(escape(e.message))</error>\n"
                out += "    </testcase>\n"
            }
            for t in tracks {
                // The track's checks ran together: each gets an equal share of its time,
                // so the test cases add up to the track (and the suite to the file).
                let share = report.trackSeconds[.init(file: t.file, track: t.track)].map { $0 / Double(max(1, t.checks.count)) }
                for c in t.checks {
                    out += "    <testcase classname=\"\(escape(file))\" name=\"track \(t.track): \(escape(c.name)) [\(escape(identity))]\" time=\"\(caseSeconds(share))\""
                    switch c.status {
                    case .passed:
                        out += "/>\n"
                    case .skipped:
                        out += ">\n      <skipped message=\"\(escape(c.detail))\"/>\n    </testcase>\n"
                    case .failed:
                        out += ">\n      <failure type=\"\(escape(c.name))\" message=\"\(escape(c.detail))\">"
                            + escape(failureBody(c, of: t)) + "</failure>\n    </testcase>\n"
                    }
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// The settings in force and, per track, its outcome and why (CI pages show properties;
    /// a track whose checks all pass or are skipped still says why it came out as it did).
    static func properties(_ settings: EffectiveSettings, _ tracks: [TrackReport]) -> String {
        var items = settings.entries.map { ("setting \($0.key)", $0.text) }
        items += tracks.map { ("track \($0.track)", "\($0.outcome.rawValue): \($0.explanation.summary)") }
        guard !items.isEmpty else { return "" }
        return "    <properties>\n"
            + items.map { "      <property name=\"\(escape($0.0))\" value=\"\(escape($0.1))\"/>\n" }.joined()
            + "    </properties>\n"
    }

    /// What a person reading the CI page needs to judge the failure without the JSON.
    static func failureBody(_ check: CheckResult, of t: TrackReport) -> String {
        var lines = ["\(t.file) track \(t.track): \(check.name) failed: \(check.detail)",
                     "outcome: \(t.outcome.rawValue) (\(t.reason)); expected: \(t.expected?.rawValue ?? "-")",
                     "why: \(t.explanation.summary)"]
        if let p = t.releaseProgress { lines.append("release progress: \(TextReportRenderer.fixed(p, 3))") }
        if let v = t.releaseVelocity {
            lines.append("release velocity: (\(TextReportRenderer.fixed(v.x, 1)), \(TextReportRenderer.fixed(v.y, 1))) pt/s")
        }
        lines += t.notes.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// A test case's time: microseconds, as a track's checks take well under a
    /// millisecond each; `0` when the run was not timed.
    private static func caseSeconds(_ value: Double?) -> String {
        guard let value, value.isFinite, value > 0 else { return "0" }
        return TextReportRenderer.fixed(value, 6)
    }

    private static func firstLine(_ text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }

    /// Escapes markup and drops what XML 1.0 does not allow at all (C0 controls but tab,
    /// line feed and carriage return; U+FFFE, U+FFFF).
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
