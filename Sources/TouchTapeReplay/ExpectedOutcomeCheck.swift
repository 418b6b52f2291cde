import TouchTapeDismissal

/// `expected-outcome`: a labelled track ends the way its label says.
public struct ExpectedOutcomeCheck: Check {
    public let name = "expected-outcome"
    public init() {}

    public func evaluate(_ t: Transcript) -> CheckResult {
        guard let expected = t.annotation.expected else { return skip("unlabelled track") }
        return t.outcome.expected == expected
            ? pass("labelled \(expected), got \(t.outcome)")
            : fail("labelled \(expected), got \(t.outcome) (\(t.reason))")
    }
}
