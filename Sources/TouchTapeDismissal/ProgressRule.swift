@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

/// How declared rules turn a pan into the fraction UIKit holds: which samples send an update
/// (``DismissalSettings/progressUpdatePhases``, at most ``DismissalSettings/maximumTouches``
/// fingers) and the fraction each sends (the translation along the edge over the divisor,
/// floored first under ``DismissalSettings/NegativeTranslation/floorDelta``, added as a step
/// under ``DismissalSettings/ProgressUpdateMode/step``, clamped to
/// ``DismissalSettings/progressClamp``). TouchTape's own controller follows it, and the
/// `progress-value` check holds an app's controller to it: one rule for both.
package struct ProgressRule: Hashable, Sendable {
    /// The raw fraction's part of the rules (the one the driver reads for every transcript).
    private let raw: RawProgressRule
    private let clamp: ClosedRange<Double>
    private let steps: Bool
    private let maximumTouches: Int?
    /// ``DismissalSettings/progressUpdatePhases`` as a bit per phase: asked for every sample,
    /// and a `Set<PanPhase>` hashes the phase's name each time (a fifth of a sweep, issue 26).
    private let updatePhases: UInt8

    /// The rule of `settings`.
    package init(settings: DismissalSettings) {
        raw = settings.rawProgressRule
        clamp = settings.progressClamp
        steps = settings.progressUpdateMode == .step
        maximumTouches = settings.maximumTouches
        updatePhases = settings.progressUpdatePhases.reduce(0) { $0 | Self.bit($1) }
    }

    /// The phase's bit in ``updatePhases``.
    private static func bit(_ phase: PanPhase) -> UInt8 {
        switch phase {
        case .began: return 1
        case .changed: return 2
        case .ended: return 4
        case .cancelled: return 8
        }
    }

    /// Whether the library sends UIKit an update at `phase`.
    package func sendsUpdate(at phase: PanPhase) -> Bool {
        updatePhases & Self.bit(phase) != 0
    }

    /// More fingers down than the library takes (its updates then stop).
    package func tooManyFingers(_ sample: PanSample) -> Bool {
        guard let maximumTouches else { return false }
        return sample.fingerCount > maximumTouches
    }

    /// Whether `sample` sends an update (its phase, its fingers).
    package func sends(_ sample: PanSample) -> Bool {
        sendsUpdate(at: sample.phase) && !tooManyFingers(sample)
    }

    /// The fraction before clamping.
    package func rawProgress(_ sample: PanSample) -> Double {
        raw.rawProgress(of: sample.translation)
    }

    /// `fraction` in the clamp range.
    package func clamped(_ fraction: Double) -> Double {
        min(max(fraction, clamp.lowerBound), clamp.upperBound)
    }

    /// The fraction an update at `sample` sends, from the fraction held before it and, for
    /// steps, the translation along the edge at the last update sent (moved on to this one's).
    package func sent(at sample: PanSample, holding progress: Double, lastAlong: inout Double) -> Double {
        guard steps else { return clamped(rawProgress(sample)) }
        let along = raw.along(sample.translation)
        defer { lastAlong = along }
        return clamped(progress + (along - lastAlong) / raw.divisor)
    }
}

/// The fraction declared rules hold through a pan, sample by sample (``ProgressRule``).
package struct ProgressFollower: Hashable, Sendable {
    package let rule: ProgressRule
    /// The fraction held after the samples so far (0 before any update).
    package private(set) var progress = 0.0
    /// Steps: the translation along the edge at the last update sent.
    private var lastAlong = 0.0

    /// A follower of `settings`' rule, before any sample.
    package init(settings: DismissalSettings) {
        rule = ProgressRule(settings: settings)
    }

    /// Follows `sample`: whether it sent an update (``progress`` is then its fraction).
    @discardableResult
    package mutating func follow(_ sample: PanSample) -> Bool {
        guard rule.sends(sample) else { return false }
        progress = rule.sent(at: sample, holding: progress, lastAlong: &lastAlong)
        return true
    }

    /// ``follow(_:)`` of `samples[i]`, read in place: a sample handed to another module is
    /// copied, and the copy retains its velocity's storage (a sixth of the `progress-value`
    /// check, which follows every sample of every probe, issue 26).
    @discardableResult
    package mutating func follow(_ samples: [PanSample], at i: Int) -> Bool {
        follow(samples[i])
    }
}
