@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// `progress-value`: after every pan sample, and at the release, the fraction UIKit holds is
/// the one the declared rules give that sample (``ProgressRule``: the translation along the
/// edge over the distance, clamped to the range, sent at the phases and finger counts the
/// rules send at), within ``tolerance``.
///
/// `progress-range` and `progress-monotonic` judge only the updates a controller sent, so a
/// controller that never sent one, skipped some (throttled, or with two fingers down), eased
/// the fraction (`p²`) or sent 1 at the release before `finish()` passed them: the card did
/// not follow the finger, or jumped at the release, and every check held.
package struct ProgressValueCheck: Check {
    /// `progress-value`, as reports and JUnit name this check.
    package let name = "progress-value"
    /// Differences this small are rounding (`1 − (1 − p)` for `p`), not behaviour.
    package static let tolerance = 1e-6

    /// A fresh instance.
    package init() {}

    /// Where a controller's fraction first left the rules': the sample's time, what it held,
    /// what the rules hold, the sample, and whether it is the release.
    package struct Mismatch {
        package var time: Double
        package var held: Double
        package var expected: Double
        package var sample: PanSample
        package var atRelease: Bool
    }

    /// Judges one transcript.
    package func evaluate(_ t: Transcript) -> CheckResult {
        switch Self.compare(t) {
        case .nothing: return skip("no transition, no progress to follow")
        case .unpaired: return skip("the progress updates do not pair with the pan samples")
        case .mismatch(let m):
            let s = t.settings
            let along = s.rawProgressRule.along(m.sample.translation)
            let moment: Words = m.atRelease ? "at the release (t=\(fmt: m.time) s)" : "at t=\(fmt: m.time) s"
            // Digits enough to tell the two apart (they differ by more than the tolerance).
            let (held, expected) = OutcomeExplanation.printed(m.held, m.expected, digits: 4)
            return fail("\(moment) the controller held \(held) where the rules give \(expected) "
                        + "(the pan \(fmt: along) \(s.unit.symbol) towards \(s.edge) ÷ distance \(fmt: s.divisor), in \(fmt: s.progressClamp.lowerBound)…\(fmt: s.progressClamp.upperBound))")
        case .followed(let count, let release):
            let s = t.settings
            let end: Words = release ? " and the release" : ""
            return pass("\(count) samples\(end) hold the rules' fraction (the pan towards \(s.edge) ÷ \(fmt: s.divisor), "
                        + "in \(fmt: s.progressClamp.lowerBound)…\(fmt: s.progressClamp.upperBound))")
        }
    }

    /// What ``compare(_:)`` found.
    package enum Comparison {
        case nothing, unpaired
        case mismatch(Mismatch)
        case followed(samples: Int, release: Bool)
    }

    /// The controller's fraction after each sample it handled (the updates, from the `.began`
    /// that started the transition on, one a sample) and at the release, against the rules'.
    /// Where the rules send no update (the release, under rules that update at `.began` and
    /// `.changed`), the controller may send one of the sample's own fraction (PhotoZoomAnimator
    /// forwards every callback) or none: either holds the finger's place. So may it at
    /// `.began`, where the transition only starts.
    package static func compare(_ t: Transcript) -> Comparison {
        let updates = t.updates, samples = t.samples
        guard !updates.isEmpty || t.decision.map({ $0.outcome != .none }) == true else { return .nothing }
        guard let first = samples.firstIndex(where: { Self.isBegan($0.phase) }),
              first + updates.count <= samples.count else { return .unpaired }
        var follower = ProgressFollower(settings: t.settings)
        // Samples by index, read in place: a sample's copy retains its velocity's storage
        // (that copy, a sample at a time, was a third of this check, issue 26).
        func judge(_ i: Int, held: Double, atRelease: Bool) -> Mismatch? {
            let before = follower.progress
            let sent = follower.follow(samples, at: i)
            // What an update of this sample would send, where the rules send none.
            let own = sent ? follower.progress : follower.rule.clamped(follower.rule.rawProgress(samples[i]))
            // At `.began` the transition only starts: an update there is optional (with the
            // slop in the began translation, the rules' first one is not 0).
            let optional = !sent || Self.isBegan(samples[i].phase)
            if held.isFinite, abs(held - follower.progress) <= tolerance
                || optional && (abs(held - own) <= tolerance || abs(held - before) <= tolerance) {
                return nil
            }
            return Mismatch(time: samples[i].time, held: held, expected: follower.progress, sample: samples[i], atRelease: atRelease)
        }
        for k in updates.indices {
            guard samples[first + k].time == updates[k].time else { return .unpaired }
            if let m = judge(first + k, held: updates[k].progress, atRelease: false) { return .mismatch(m) }
        }
        // The release: the sample after the last update (a decision before the pan ended is
        // at the last update's sample, already judged).
        guard let d = t.decision, d.outcome != .none else { return .followed(samples: updates.count, release: false) }
        let next = first + updates.count
        if next < samples.count, samples[next].time == d.time {
            if let m = judge(next, held: d.progress, atRelease: true) { return .mismatch(m) }
        } else if abs(d.progress - follower.progress) > tolerance || !d.progress.isFinite {
            return .mismatch(Mismatch(time: d.time, held: d.progress, expected: follower.progress,
                                      sample: samples[max(first, next - 1)], atRelease: true))
        }
        return .followed(samples: updates.count, release: true)
    }

    /// `phase == .began` without the enum's `==`, which another module calls through its
    /// conformance (once a sample).
    private static func isBegan(_ phase: PanPhase) -> Bool {
        if case .began = phase { return true }
        return false
    }
}
