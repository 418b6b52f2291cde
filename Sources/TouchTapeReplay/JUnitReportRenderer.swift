/// JUnit XML as CI systems read it (GitLab, Jenkins, GitHub test reporters): one
/// `<testsuite>` per recording file, one `<testcase>` per track and check, named
/// `track N: check [profile]` (and the shard), so that several profiles' reports uploaded
/// together stay apart. A failed check is a `<failure>` with the check as `type`, its
/// detail as `message` and, in the body, the detail with the track's outcome, reason,
/// release and notes (GitLab shows the body); a check that does not apply is `<skipped>`;
/// a file that could not be read is one `<testcase name="read […]">` with an `<error>`.
/// Characters XML 1.0 forbids are dropped. Valid against the schema the tests keep
/// (`Tests/TouchTapeReplayTests/Resources/junit.xsd`).
package enum JUnitReportRenderer {
    /// The whole report in this format (through ``JUnitReportWriter``, as a streamed run writes it).
    package static func render(_ report: ReplayReport) -> String {
        var writer = JUnitReportWriter()
        return writer.render(report)
    }

    /// One `<property>` line of a suite's `<properties>`.
    static func property(_ name: String, _ value: String) -> String {
        "      <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n"
    }

    /// What a person reading the CI page needs to judge the failure without the JSON.
    static func failureBody(_ check: CheckResult, of t: TrackReport) -> String {
        var lines = ["\(t.file) track \(t.track): \(check.name) failed: \(check.detail)",
                     "outcome: \(t.outcome.rawValue) (\(t.reason)); expected: \(t.expected?.rawValue ?? "-")",
                     "why: \(t.explanation.summary)"]
        if let p = t.releaseProgress { lines.append("release progress: \(TextReportRenderer.fixed(p, 3))") }
        if let v = t.releaseVelocity {
            lines.append("release velocity: (\(TextReportRenderer.fixed(v.x, 1)), \(TextReportRenderer.fixed(v.y, 1))) \(t.unit.symbol)/s")
        }
        // The label's note, the tool's assumptions and its diagnostics, each said once under its
        // own heading (the user's note came out as `note: note: …`).
        if let note = t.userNote { lines.append("label note: \(note)") }
        lines += t.assumptions.map { "assumed: \($0)" }
        lines += t.diagnostics.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// A test case's time: microseconds, as a track's checks take well under a
    /// millisecond each; `0` when the run was not timed.
    static func caseSeconds(_ value: Double?) -> String {
        guard let value, value.isFinite, value > 0 else { return "0" }
        return TextReportRenderer.fixed(value, 6)
    }

    static func firstLine(_ text: String) -> String {
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
