import TouchTapeDismissal

/// `expected-outcome`: a labelled track ends the way its label says.
public struct ExpectedOutcomeCheck: Check {
    /// `expected-outcome`, as reports and JUnit name this check.
    public let name = "expected-outcome"
    /// A fresh instance.
    public init() {}

    /// Judges one transcript.
    public func evaluate(_ t: Transcript) -> CheckResult {
        guard let expected = t.annotation.expected else { return skip("unlabelled track") }
        return t.outcome.expected == expected
            ? pass("labelled \(expected), got \(t.outcome)")
            : fail("labelled \(expected), got \(t.outcome) (\(t.reason))")
    }
}
