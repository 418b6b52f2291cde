@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal

/// `completion-once`: a decided transition gets exactly one finish or cancel call (the one
/// its outcome names) and completes exactly once, with `finished` matching the outcome, its animation ending exactly on 1 (finish) or 0 (cancel)
/// within a bounded virtual time; an undecided one never completes.
package struct CompletionOnceCheck: Check {
    /// `completion-once`, as reports and JUnit name this check.
    package let name = "completion-once"
    /// UIKit clamps spring durations to 10 s; no completion may take longer.
    package static let settleBound = 10.0

    /// A fresh instance.
    package init() {}

    /// Judges one transcript.
    package func evaluate(_ t: Transcript) -> CheckResult {
        let calls = t.completionCalls
        guard t.outcome != .none else {
            // A transition that began and whose pan ended (fingers lifted) must be decided:
            // with neither finish nor cancel it hangs interactive. (An ignored `.cancelled`
            // is a library's real behaviour and is reported, not failed.)
            if let d = t.decision, d.phase == .ended {
                return fail("the pan ended at t=\(fmt: d.time) s but neither finish nor cancel was called: the transition hangs interactive")
            }
            return calls.isEmpty ? skip("no decision, no completion (\(t.reason))")
                                 : fail("no decision but \(calls.count) completion callback(s)")
        }
        let interactive = t.callbacks.filter { $0.kind != .completeTransition }
        guard interactive.count == 1 else {
            let calls = interactive.map { "\($0.kind.rawValue) at t=\(fmt($0.time)) s" }.joined(separator: ", ")
            return fail("expected one finish or cancel call per release, got \(interactive.count)\(interactive.isEmpty ? "" : " (\(calls))")")
        }
        let expectedCall: DismissalCallback.Kind = t.outcome == .finish ? .finishInteractiveTransition : .cancelInteractiveTransition
        guard interactive[0].kind == expectedCall else {
            return fail("\(interactive[0].kind.rawValue) at t=\(fmt: interactive[0].time) s for outcome \(t.outcome)")
        }
        guard calls.count == 1, let call = calls.first else {
            return fail("expected exactly one completion callback, got \(calls.count)")
        }
        let finishing = t.outcome == .finish
        guard call.finished == finishing else {
            return fail("completion callback finished=\(call.finished) for outcome \(t.outcome)")
        }
        let target: Double = finishing ? 1 : 0
        guard let last = t.completionFrames.last else { return fail("no completion frames") }
        let start = t.decision?.time ?? t.completionFrames.first?.time ?? 0
        guard call.time - start <= Self.settleBound else {
            // A run framed to its limit and stopped off the target never ends (a completionSpeed of 0, or near it).
            let endless: Words = last.value != target && last.time - start >= CompletionAnimation.longestFramed - 1e-6
                ? ": the animation was still running there, at \(fmt: last.value) on its way to \(fmt: target) (a completionSpeed of 0, or near it, never ends)" : ""
            return fail("completion \(fmt: call.time - start) s after release, bound \(fmt: Self.settleBound) s\(endless)")
        }
        guard last.value == target else {
            return fail("animation settled on \(fmt: last.value), expected \(fmt: target)")
        }
        return pass("one callback finished=\(call.finished) at +\(fmt: call.time - start) s, settled on \(fmt: target)")
    }
}
