@_spi(Pipeline) import TouchTapeEvents
/// The verdict of one named check on one track.
package struct CheckResult: Hashable, Sendable {
    /// Whether the check held, failed, or had nothing to judge on this track.
    package enum Status: String, Hashable, Sendable, CaseIterable {
        case passed
        case failed
        /// The check does not apply (no decision to judge, an unlabelled track, a
        /// velocity that decided…): neither a pass nor a failure, and reported as such.
        case skipped
    }

    /// The check's stable name (`progress-range`, `threshold`, …): reports and JUnit use it.
    package var name: String
    /// Passed, failed or skipped.
    package var status: Status
    /// ``detail``'s bytes, as the check wrote them (a JSON report writes them as they are).
    package var words: Words

    /// One line saying what was measured against what, or why the check does not apply.
    package var detail: String { words.text }

    /// A value from its parts.
    package init(name: String, status: Status, words: Words) {
        self.name = name
        self.status = status
        self.words = words
    }

    /// Not failed: a skipped check does not fail its track.
    package var passed: Bool { status != .failed }
    /// The check did not apply.
    package var skipped: Bool { status == .skipped }
}
