@_spi(Pipeline) import TouchTapeEvents
/// One named property a replayed dismissal must have. Checks read a ``Transcript``
/// only; each says plainly when it does not apply to a track (it is then skipped).
package protocol Check: Sendable {
    /// Stable name used in reports, JUnit and `--check` filters.
    var name: String { get }
    func evaluate(_ transcript: Transcript) -> CheckResult
}

extension Check {
    // The details are ``Words``: a check's sentence as a `String` interpolation was a tenth
    // of a probed replay's checks (issue 26).
    func pass(_ detail: Words) -> CheckResult { CheckResult(name: name, status: .passed, words: detail) }
    func fail(_ detail: Words) -> CheckResult { CheckResult(name: name, status: .failed, words: detail) }
    func skip(_ detail: Words) -> CheckResult { CheckResult(name: name, status: .skipped, words: detail) }
}

/// The checks every replay runs, in report order.
package enum StandardChecks {
    /// Every standard check, in report order.
    package static let all: [any Check] = [
        ProgressRangeCheck(), ProgressMonotonicCheck(), ProgressValueCheck(), ThresholdCheck(), FlickCheck(),
        ExpectedOutcomeCheck(), CompletionOnceCheck(), CompletionTimingCheck(),
    ]
    /// The standard checks' names.
    package static var names: [String] { all.map(\.name) }
}
