@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal

/// `completion-timing`: `completeTransition` comes when the completion animation the
/// controller started has run (its duration × the remaining fraction ÷ the completion speed,
/// or the spring's settling time: the last completion frame), never at release; and the
/// `finish()` or `cancel()` that started it comes before. A controller that calls
/// `completeTransition` from its pan handler tells UIKit the transition is over while the
/// view is still animating (the next dismissal starts on a half-moved view).
package struct CompletionTimingCheck: Check {
    /// `completion-timing`, as reports and JUnit name this check.
    package let name = "completion-timing"
    /// A fresh instance.
    package init() {}

    /// Judges one transcript.
    package func evaluate(_ t: Transcript) -> CheckResult {
        guard let completion = t.completionCalls.first else { return skip("no completion to time") }
        guard let animationEnd = t.completionFrames.last?.time else {
            return skip("no completion animation was started")
        }
        let release = t.decision?.time
        let since: Words = release.map { " (release at t=\(fmt: $0) s)" } ?? ""
        if let interactive = t.callbacks.first(where: { $0.kind != .completeTransition }), interactive.time > completion.time {
            return fail("completeTransition at t=\(fmt: completion.time) s came before \(interactive.kind.rawValue) at t=\(fmt: interactive.time) s")
        }
        // The virtual clock is exact: a completion one microsecond early is early.
        guard completion.time >= animationEnd - 1e-6 else {
            let duration: Words = release.map { ", an animation of \(fmt: animationEnd - $0) s" } ?? ""
            let end: Words = "animation ends at t=\(fmt: animationEnd) s\(duration)\(since)"
            return fail("completeTransition(\(completion.finished)) at t=\(fmt: completion.time) s, expected when the completion \(end)")
        }
        return pass("completeTransition at t=\(fmt: completion.time) s, when the animation ended at t=\(fmt: animationEnd) s")
    }
}
