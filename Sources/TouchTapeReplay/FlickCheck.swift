@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal

/// `flick`: a release velocity that qualifies as a flick (or a cancel veto) decides in
/// its own direction, whatever the progress.
package struct FlickCheck: Check {
    /// `flick`, as reports and JUnit name this check.
    package let name = "flick"
    /// A fresh instance.
    package init() {}

    /// Judges one transcript.
    package func evaluate(_ t: Transcript) -> CheckResult {
        guard let d = t.decision, t.outcome != .none else { return skip("no decision (\(t.reason))") }
        switch ReleaseRules(settings: t.settings).velocityVerdict(d.velocity, progress: d.progress) {
        case .none:
            return skip("v (\(fmt: d.velocity.x), \(fmt: d.velocity.y)) is no flick")
        case .forwardFlick(let why):
            return t.outcome == .finish ? pass("\(why) → finish") : fail("\(why) → expected finish, got \(t.outcome)")
        case .cancelVelocity(let why):
            return t.outcome == .cancel ? pass("\(why) → cancel") : fail("\(why) → expected cancel, got \(t.outcome)")
        }
    }
}
