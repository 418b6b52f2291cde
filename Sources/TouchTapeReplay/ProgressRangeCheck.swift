@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal

/// `progress-range`: while interactive, the fraction UIKit holds stays in 0…1 and no
/// value anywhere in the transcript is NaN or infinite.
package struct ProgressRangeCheck: Check {
    /// `progress-range`, as reports and JUnit name this check.
    package let name = "progress-range"
    /// A fresh instance.
    package init() {}

    /// Judges one transcript.
    package func evaluate(_ t: Transcript) -> CheckResult {
        for u in t.updates {
            guard u.progress.isFinite, u.rawProgress.isFinite else {
                return fail("non-finite progress at t=\(fmt: u.time) s (progress \(u.progress), raw \(u.rawProgress))")
            }
            guard (0...1).contains(u.progress) else {
                return fail("progress \(fmt: u.progress) outside 0…1 at t=\(fmt: u.time) s")
            }
        }
        if let bad = t.completionFrames.first(where: { !$0.value.isFinite }) {
            return fail("non-finite completion value at t=\(fmt: bad.time) s")
        }
        if let d = t.decision, !(d.progress.isFinite && d.velocity.x.isFinite && d.velocity.y.isFinite) {
            return fail("non-finite release values (progress \(d.progress), velocity \(d.velocity))")
        }
        guard !t.updates.isEmpty else { return skip("no transition, no progress reported") }
        let values = t.updates.map(\.progress)
        return pass("\(values.count) updates within \(fmt: values.min()!)…\(fmt: values.max()!)")
    }
}
