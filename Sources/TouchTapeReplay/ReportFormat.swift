/// The report formats `touchtape replay --format` offers.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// A table per track for people, ending in `N passed, N failed`.
    case text
    /// The machine-readable report documented in the README; byte-identical across runs.
    case json
    /// JUnit XML: one testcase per track and check, for CI dashboards.
    case junit
    /// GitHub Actions workflow commands: an annotation per failure on the recording's line.
    case github

    /// The whole report in this format.
    public func render(_ report: ReplayReport) -> String {
        switch self {
        case .text: return TextReportRenderer.render(report)
        case .json: return JSONReportRenderer.render(report)
        case .junit: return JUnitReportRenderer.render(report)
        case .github:
            var writer = GitHubReportWriter()
            return writer.render(report)
        }
    }

    /// A writer of this format, to write a report as a run goes (``ReportStream``); JSON
    /// with `trailingJSON` after its summary, text laid out as `text` says.
    package func writer(trailingJSON: [(String, JSONValue)] = [],
                        text: TextReportWriter.Presentation = .init()) -> any ReportWriter {
        switch self {
        case .text: return TextReportWriter(text)
        case .json: return JSONReportWriter(trailingMembers: trailingJSON)
        case .junit: return JUnitReportWriter()
        case .github: return GitHubReportWriter()
        }
    }
}
