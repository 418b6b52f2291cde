@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// `threshold`: when the release velocity decides nothing (no flick, no veto), the
/// outcome is finish exactly when the release position passes the threshold, with the
/// settings' tie rule (or, for PhotoZoom, the image-centre-vs-anchor test).
package struct ThresholdCheck: Check {
    /// `threshold`, as reports and JUnit name this check.
    package let name = "threshold"
    /// A fresh instance.
    package init() {}

    /// Judges one transcript.
    package func evaluate(_ t: Transcript) -> CheckResult {
        guard let d = t.decision, t.outcome != .none else { return skip("no decision (\(t.reason))") }
        let rules = ReleaseRules(settings: t.settings)
        guard case .none = rules.velocityVerdict(d.velocity, progress: d.progress) else { return skip("the velocity decides") }
        let release = t.samples.last { $0.phase == .ended || $0.phase == .cancelled }
        guard let position = rules.positionPasses(progress: d.progress, rawProgress: d.rawProgress,
                                                  translation: release?.translation ?? .zero, velocity: d.velocity) else {
            return skip("no position rule")
        }
        let expected: Outcome = position.passes ? .finish : .cancel
        return t.outcome == expected
            ? pass("\(position.detail) → \(expected)")
            : fail("\(position.detail) → expected \(expected), got \(t.outcome)")
    }
}
