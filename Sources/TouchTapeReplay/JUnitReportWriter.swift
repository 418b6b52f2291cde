import TouchTapeFormats

/// JUnit XML written as a run goes (``ReportWriter``; the layout is
/// ``JUnitReportRenderer``'s). JUnit puts each suite's counts, and the run's, in the start
/// tags, before the test cases they count: so each track's test cases are rendered to
/// text as it comes (the track itself is not kept), a file's suite is closed when the
/// file ends, and the whole document is written at ``finish(_:emit:)``. What it holds
/// back is XML text (about 1.3 KB per track), in memory up to 256 KiB and in a scratch
/// file beyond (``HeldText``).
///
/// The held text is shared by copies of a writer: use one writer per report.
package struct JUnitReportWriter: ReportWriter {
    private var identity = ""
    private var settings = EffectiveSettings(entries: [])
    private var shard: ReplayShard?
    private var timestamp = "1970-01-01T00:00:00", hostname = "localhost"
    private var suiteCount = 0
    /// The finished suites.
    private var suites: HeldText
    /// The file in progress: its properties (why each track came out as it did), its test cases and counts.
    private var properties: HeldText
    private var cases: HeldText
    private let hold: () -> HeldText
    private var tracks = 0
    private var tests = 0, failures = 0, skipped = 0, errors = 0

    /// A writer for one report.
    package init() { self.init(memoryLimit: HeldText.defaultMemoryLimit, spillFolder: nil) }

    /// A writer that holds `memoryLimit` bytes in memory per held text before it uses a
    /// scratch file in `spillFolder` (tests: a small limit, a folder that cannot be written).
    init(memoryLimit: Int, spillFolder: String?) {
        hold = { HeldText(memoryLimit: memoryLimit, folder: spillFolder) }
        suites = hold()
        properties = hold()
        cases = hold()
    }

    package mutating func begin(_ heading: ReportHeading, into out: inout String) {
        // Test names hold the profile alone: the shard is a property, so changing the shard
        // count renames no test and CI history follows each test across it.
        identity = heading.profile
        shard = heading.shard
        settings = heading.settings
        timestamp = heading.timestamp ?? timestamp
        hostname = heading.hostname ?? hostname
    }

    package mutating func track(_ t: TrackReport, seconds: Double?, into out: inout String) {
        let e = JUnitReportRenderer.escape
        tracks += 1
        properties.append(JUnitReportRenderer.property("track \(t.track)", "\(t.outcome.rawValue): \(t.explanation.summary)"))
        // The track's checks ran together: each gets an equal share of its time, so the
        // test cases add up to the track (and the suite to the file).
        let share = seconds.map { $0 / Double(max(1, t.checks.count)) }
        for c in t.checks {
            tests += 1
            let row = t.probe.map { "track \(t.track) probe \($0)" } ?? "track \(t.track)"
            var text = "    <testcase classname=\"\(e(t.file))\" name=\"\(row): \(e(c.name)) [\(e(identity))]\""
                + " time=\"\(JUnitReportRenderer.caseSeconds(share))\""
            switch c.status {
            case .passed:
                text += "/>\n"
            case .skipped:
                skipped += 1
                text += ">\n      <skipped message=\"\(e(c.detail))\"/>\n    </testcase>\n"
            case .failed:
                failures += 1
                text += ">\n      <failure type=\"\(e(c.name))\" message=\"\(e(c.detail))\">"
                    + e(JUnitReportRenderer.failureBody(c, of: t)) + "</failure>\n    </testcase>\n"
            }
            cases.append(text)
        }
    }

    package mutating func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?,
                                  into out: inout String) {
        endSuite(file, seconds: seconds, error: error, warning: warning)
    }

    /// Closes the suite of `file` (its error a test case named `errorCase`).
    private mutating func endSuite(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?,
                                   errorCase: String = "read") {
        let e = JUnitReportRenderer.escape
        var read = ""
        if let error {
            errors += 1
            tests += 1
            read = "    <testcase classname=\"\(e(file))\" name=\"\(errorCase) [\(e(identity))]\" time=\"\(JUnitReportRenderer.caseSeconds(seconds))\">\n"
                + "      <error type=\"\(e(error.kind))\" message=\"\(e(JUnitReportRenderer.firstLine(error.message)))\">\(e(error.message))</error>\n"
                + "    </testcase>\n"
        }
        // A file with no track: a test case of its own, skipped (a warning every CI view
        // shows) or, under --strict, an error.
        if let warning {
            tests += 1
            read += "    <testcase classname=\"\(e(file))\" name=\"tracks [\(e(identity))]\" time=\"\(JUnitReportRenderer.caseSeconds(seconds))\">\n"
            if warning.isError {
                errors += 1
                read += "      <error type=\"\(e(warning.kind.rawValue))\" message=\"\(e(warning.message))\">\(e(warning.message))</error>\n"
            } else {
                skipped += 1
                read += "      <skipped message=\"\(e(warning.message))\"/>\n"
            }
            read += "    </testcase>\n"
        }
        if tests > 0 || tracks > 0 {
            // Every attribute and element the Ant schema requires (timestamp, hostname, package,
            // id; properties, system-out, system-err), none that Jenkins xUnit's refuses.
            suites.append("  <testsuite name=\"\(e(file))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
                + " skipped=\"\(skipped)\" time=\"\(TextReportRenderer.fixed(seconds ?? 0, 3))\""
                + " timestamp=\"\(e(timestamp))\" hostname=\"\(e(hostname))\" package=\"touchtape.\(e(identity))\" id=\"\(suiteCount)\">\n")
            suiteCount += 1
            var settingLines = settings.entries.map { JUnitReportRenderer.property("setting \($0.key)", $0.text) }.joined()
            if let shard { settingLines = JUnitReportRenderer.property("shard", shard.description) + settingLines }
            suites.append("    <properties>\n" + settingLines)
            move(properties)
            suites.append("    </properties>\n")
            suites.append(read)
            move(cases)
            suites.append("    <system-out/>\n    <system-err/>\n  </testsuite>\n")
        }
        properties = hold()
        cases = hold()
        (tests, failures, skipped, errors, tracks) = (0, 0, 0, 0, 0)
    }

    /// Appends everything `held` holds to the suites (a scratch file's failure is kept
    /// by the suites and thrown at the end).
    private func move(_ held: HeldText) {
        do throws(OutputError) { try held.drain { suites.append($0) } } catch { suites.fail(error) }
    }

    package mutating func finish(_ tally: ReplayTally, emit: (String) throws(OutputError) -> Void) throws(OutputError) {
        // A --track or --probe that matched nothing: a suite of its own, named after the
        // option, whose one test case is the error (no testsuites at all read as a clean run).
        if let unmatched = tally.unmatched {
            let error = UnreadableFile(file: unmatched.option, kind: "noMatch", message: "\(unmatched.message)\nhint: \(unmatched.hint)",
                                       isIOFailure: false)
            endSuite(unmatched.option, seconds: nil, error: error, warning: nil, errorCase: "select")
        }
        // No attributes on <testsuites>: the Ant schema allows none (each suite has its counts,
        // which every CI system adds up itself).
        try emit("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
        try suites.drain(emit)
        try emit("</testsuites>\n")
    }
}
