import TouchTapeDismissal

/// `flick`: a release velocity that qualifies as a flick (or a cancel veto) decides in
/// its own direction, whatever the progress.
public struct FlickCheck: Check {
    /// `flick`, as reports and JUnit name this check.
    public let name = "flick"
    /// A fresh instance.
    public init() {}

    /// Judges one transcript.
    public func evaluate(_ t: Transcript) -> CheckResult {
        guard let d = t.decision, t.outcome != .none else { return skip("no decision (\(t.reason))") }
        switch ReleaseRules(settings: t.settings).velocityVerdict(d.velocity) {
        case .none:
            return skip("v (\(fmt(d.velocity.x)), \(fmt(d.velocity.y))) is no flick")
        case .forwardFlick(let why):
            return t.outcome == .finish ? pass("\(why) → finish") : fail("\(why) → expected finish, got \(t.outcome)")
        case .cancelVelocity(let why):
            return t.outcome == .cancel ? pass("\(why) → cancel") : fail("\(why) → expected cancel, got \(t.outcome)")
        }
    }
}
