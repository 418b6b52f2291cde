/// The report formats `touchtape replay --format` offers.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// A table per track for people, ending in `N passed, N failed`.
    case text
    /// The machine-readable report documented in the README; byte-identical across runs.
    case json
    /// JUnit XML: one testcase per track and check, for CI dashboards.
    case junit

    /// The whole report in this format.
    public func render(_ report: ReplayReport) -> String {
        switch self {
        case .text: return TextReportRenderer.render(report)
        case .json: return JSONReportRenderer.render(report)
        case .junit: return JUnitReportRenderer.render(report)
        }
    }
}
