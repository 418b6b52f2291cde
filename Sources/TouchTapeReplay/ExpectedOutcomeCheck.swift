@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal

/// `expected-outcome`: a labelled track ends the way its label says; a track labelled
/// `none` must not dismiss.
///
/// `none` means no transition may start where the rules could refuse the pan (a begin
/// rule that reads its direction or velocity: Transition, EasyTransitions).
/// Rules that begin on every pan (PhotoZoomAnimator's plain pan recogniser, `beginRule:
/// .any`) start a transition for it by design; under them the gesture must not finish.
/// So one label holds for every rule set, as the bundled recordings need.
package struct ExpectedOutcomeCheck: Check {
    /// `expected-outcome`, as reports and JUnit name this check.
    package let name = "expected-outcome"
    /// A fresh instance.
    package init() {}

    /// Judges one transcript.
    package func evaluate(_ t: Transcript) -> CheckResult {
        guard let expected = t.annotation.expected else { return skip("unlabelled track") }
        // A probe's expectation is the declared rules', not a label anyone wrote.
        let labelled = t.expectationFromRules == true ? "the rules say" : "labelled"
        if expected == .none {
            guard let begin = t.calls.first(where: { $0.kind == .begin }) else {
                return pass("\(labelled) none: no transition started")
            }
            if t.settings.beginRule == .any {
                return t.outcome == .finish
                    ? fail("\(labelled) none (must not dismiss), but it finished (\(t.reason)); these rules begin on every pan, so it had to cancel")
                    : pass("\(labelled) none: these rules begin on every pan; it began and ended \(t.outcome), not dismissed")
            }
            // When it started, and what the pan had done by then.
            let sample = t.samples.last { $0.time <= begin.time } ?? t.samples.first
            let moved = sample.map {
                " after the pan moved (\(DecimalText.fixed($0.translation.x, 1)), \(DecimalText.fixed($0.translation.y, 1))) \(t.settings.unit.symbol)"
                    + " at (\(DecimalText.fixed($0.velocity.x, 0)), \(DecimalText.fixed($0.velocity.y, 0))) \(t.settings.unit.symbol)/s"
            } ?? ""
            return fail("\(labelled) none (no transition may start), but the transition began at "
                        + "t=\(DecimalText.fixed(begin.time, 3)) s\(moved); it ended \(t.outcome) (\(t.reason))")
        }
        return t.outcome.expected == expected
            ? pass("\(labelled) \(expected.rawValue), got \(t.outcome)")
            : fail("\(labelled) \(expected.rawValue), got \(t.outcome) (\(t.reason))")
    }
}
