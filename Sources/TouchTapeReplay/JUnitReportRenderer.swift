/// JUnit XML: one `<testsuite>` per recording file, one `<testcase>` per track and check
/// (named `track N: check`), a `<failure>` with the check's detail where it failed.
public enum JUnitReportRenderer {
    public static func render(_ report: ReplayReport) -> String {
        var files: [String] = []
        var byFile: [String: [TrackReport]] = [:]
        for t in report.tracks {
            if byFile[t.file] == nil { files.append(t.file) }
            byFile[t.file, default: []].append(t)
        }
        let total = report.tracks.reduce(0) { $0 + $1.checks.count }
        let failures = report.tracks.reduce(0) { $0 + $1.failedChecks.count }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"touchtape replay (\(escape(report.profile)))\" tests=\"\(total)\" failures=\"\(failures)\">\n"
        for file in files {
            let tracks = byFile[file] ?? []
            let tests = tracks.reduce(0) { $0 + $1.checks.count }
            let failed = tracks.reduce(0) { $0 + $1.failedChecks.count }
            out += "  <testsuite name=\"\(escape(file))\" tests=\"\(tests)\" failures=\"\(failed)\">\n"
            for t in tracks {
                for c in t.checks {
                    out += "    <testcase classname=\"\(escape(file))\" name=\"track \(t.track): \(escape(c.name))\""
                    if c.passed {
                        out += "/>\n"
                    } else {
                        out += ">\n      <failure message=\"\(escape(c.detail))\"/>\n    </testcase>\n"
                    }
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(ch)
            }
        }
        return out
    }
}
