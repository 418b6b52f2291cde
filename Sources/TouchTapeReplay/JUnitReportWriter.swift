/// JUnit XML written as a run goes (``ReportWriter``; the layout is
/// ``JUnitReportRenderer``'s). JUnit puts each suite's counts, and the run's, in the start
/// tags, before the test cases they count: so each track's test cases are rendered to
/// text as it comes (the track itself is not kept), a file's suite is closed when the
/// file ends, and the whole document is written at ``finish(_:into:)``. What it holds
/// is the XML text (about 150 bytes per check), not the run's tracks.
public struct JUnitReportWriter: ReportWriter {
    private var identity = ""
    private var settings = EffectiveSettings(entries: [])
    /// The finished suites.
    private var suites = ""
    /// The file in progress: its properties (why each track came out as it did), its test cases and counts.
    private var properties = ""
    private var cases = ""
    private var tests = 0, failures = 0, skipped = 0, errors = 0
    private var totalTests = 0, totalFailures = 0, totalSkipped = 0, totalErrors = 0, totalSeconds = 0.0

    /// A writer for one report.
    public init() {}

    public mutating func begin(_ heading: ReportHeading, into out: inout String) {
        identity = heading.profile + (heading.shard.map { ", shard \($0)" } ?? "")
        settings = heading.settings
    }

    public mutating func track(_ t: TrackReport, seconds: Double?, into out: inout String) {
        let e = JUnitReportRenderer.escape
        properties += JUnitReportRenderer.property("track \(t.track)", "\(t.outcome.rawValue): \(t.explanation.summary)")
        // The track's checks ran together: each gets an equal share of its time, so the
        // test cases add up to the track (and the suite to the file).
        let share = seconds.map { $0 / Double(max(1, t.checks.count)) }
        for c in t.checks {
            tests += 1
            cases += "    <testcase classname=\"\(e(t.file))\" name=\"track \(t.track): \(e(c.name)) [\(e(identity))]\""
                + " time=\"\(JUnitReportRenderer.caseSeconds(share))\""
            switch c.status {
            case .passed:
                cases += "/>\n"
            case .skipped:
                skipped += 1
                cases += ">\n      <skipped message=\"\(e(c.detail))\"/>\n    </testcase>\n"
            case .failed:
                failures += 1
                cases += ">\n      <failure type=\"\(e(c.name))\" message=\"\(e(c.detail))\">"
                    + e(JUnitReportRenderer.failureBody(c, of: t)) + "</failure>\n    </testcase>\n"
            }
        }
    }

    public mutating func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, into out: inout String) {
        let e = JUnitReportRenderer.escape
        var read = ""
        if let error {
            errors += 1
            tests += 1
            read = "    <testcase classname=\"\(e(file))\" name=\"read [\(e(identity))]\" time=\"\(JUnitReportRenderer.caseSeconds(seconds))\">\n"
                + "      <error type=\"\(e(error.kind))\" message=\"\(e(JUnitReportRenderer.firstLine(error.message)))\">\(e(error.message))</error>\n"
                + "    </testcase>\n"
        }
        if tests > 0 || !properties.isEmpty {
            let settingLines = settings.entries.map { JUnitReportRenderer.property("setting \($0.key)", $0.text) }.joined()
            suites += "  <testsuite name=\"\(e(file))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
                + " skipped=\"\(skipped)\" time=\"\(TextReportRenderer.fixed(seconds ?? 0, 3))\">\n"
            if !settingLines.isEmpty || !properties.isEmpty {
                suites += "    <properties>\n" + settingLines + properties + "    </properties>\n"
            }
            suites += read + cases + "  </testsuite>\n"
        }
        totalSeconds += seconds ?? 0
        totalTests += tests
        totalFailures += failures
        totalSkipped += skipped
        totalErrors += errors
        properties = ""
        cases = ""
        (tests, failures, skipped, errors) = (0, 0, 0, 0)
    }

    public mutating func finish(_ tally: ReplayTally, into out: inout String) {
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"touchtape replay (\(JUnitReportRenderer.escape(identity)))\" tests=\"\(totalTests)\""
            + " failures=\"\(totalFailures)\" errors=\"\(totalErrors)\" skipped=\"\(totalSkipped)\""
            + " time=\"\(TextReportRenderer.fixed(totalSeconds, 3))\">\n"
        out += suites
        out += "</testsuites>\n"
        suites = ""
    }
}
