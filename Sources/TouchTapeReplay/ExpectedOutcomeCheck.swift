import TouchTapeEvents
import TouchTapeDismissal

/// `expected-outcome`: a labelled track ends the way its label says; a track labelled
/// `none` starts no transition at all (it must not dismiss).
public struct ExpectedOutcomeCheck: Check {
    /// `expected-outcome`, as reports and JUnit name this check.
    public let name = "expected-outcome"
    /// A fresh instance.
    public init() {}

    /// Judges one transcript.
    public func evaluate(_ t: Transcript) -> CheckResult {
        guard let expected = t.annotation.expected else { return skip("unlabelled track") }
        if expected == .none {
            guard let begin = t.calls.first(where: { $0.kind == .begin }) else {
                return pass("labelled none: no transition started")
            }
            // When it started, and what the pan had done by then.
            let sample = t.samples.last { $0.time <= begin.time } ?? t.samples.first
            let moved = sample.map {
                " after the pan moved (\(DecimalText.fixed($0.translation.x, 1)), \(DecimalText.fixed($0.translation.y, 1))) pt"
                    + " at (\(DecimalText.fixed($0.velocity.x, 0)), \(DecimalText.fixed($0.velocity.y, 0))) pt/s"
            } ?? ""
            return fail("labelled none (no transition may start), but the transition began at "
                        + "t=\(DecimalText.fixed(begin.time, 3)) s\(moved); it ended \(t.outcome) (\(t.reason))")
        }
        return t.outcome.expected == expected
            ? pass("labelled \(expected), got \(t.outcome)")
            : fail("labelled \(expected), got \(t.outcome) (\(t.reason))")
    }
}
