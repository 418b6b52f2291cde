import TouchTapePan
import TouchTapeDismissal

/// How far each setting must move for a track's outcome to flip: the one meaning of
/// "margin" in every report (text, JSON, HTML, `sweep`).
///
/// A margin is the nearest flip of the outcome as one setting varies, minus the setting's
/// current value, in the setting's own unit: +0.031 on the threshold means a threshold
/// raised by 0.031 (to the release progress) flips the track, −1194 pt/s on the flick
/// velocity means a minimum lowered by 1194 pt/s does. `nil` ("no flip") when no value of
/// that setting alone changes the outcome, or when the setting is off.
///
/// The release is decided again under the changed setting
/// (``DismissalController/Redecision``), which is exact because the
/// threshold and the flick rule act only at the release; ``OutcomeSweep`` finds the same
/// flips by replaying the whole pan, and a test holds the two equal.
package struct Margins: Hashable, Sendable {
    /// Fraction of the distance; `nil`: no flip, or no threshold.
    package var threshold: Double?
    /// Points per second; `nil`: no flip, or flicks off.
    package var flickVelocity: Double?

    /// The values a threshold can take.
    package static let thresholdRange: ClosedRange<Double> = 0...1
    /// The values a minimum flick velocity can take.
    package static let flickRange: ClosedRange<Double> = 0...Double.greatestFiniteMagnitude

    package init(threshold: Double?, flickVelocity: Double?) {
        self.threshold = threshold
        self.flickVelocity = flickVelocity
    }

    /// The margins of a release decided `decision` under `settings`; both `nil` without a
    /// finish or cancel.
    package init(decision d: Decision?, release: PanSample?, settings: DismissalSettings) {
        guard let d, let release, d.outcome != .none else {
            self.init(threshold: nil, flickVelocity: nil)
            return
        }
        // One controller a setting, its settings changed in place, and local functions, not
        // closures made per setting: a margin is read at a dozen values. Each value is set
        // from scratch, so each outcome is that of the base settings with that one value.
        var thresholds = DismissalController.Redecision(release: release, progress: d.progress, settings: settings)
        var flicks = DismissalController.Redecision(release: release, progress: d.progress, settings: settings)
        func thresholdOutcome(_ value: Double) -> Outcome {
            thresholds.outcome { OutcomeSweep.set(.threshold, to: value, in: &$0) }
        }
        func flickOutcome(_ value: Double) -> Outcome {
            flicks.outcome { OutcomeSweep.set(.flickVelocity, to: value, in: &$0) }
        }
        // Where a flip can be: the values the tests compare with each setting.
        let v = release.velocity
        let along = settings.edge.component(of: v)
        self.init(
            threshold: Self.margin(current: settings.completionThreshold,
                                   candidates: (d.progress, d.rawProgress, min(max(d.rawProgress, 0), 1)),
                                   range: Self.thresholdRange, outcome: thresholdOutcome),
            flickVelocity: Self.margin(current: settings.flick?.minimumVelocity, candidates: (v.length, along, -along),
                                       range: Self.flickRange, outcome: flickOutcome))
    }

    /// The nearest flip to `current` minus `current`, given that the outcome can change only
    /// near a candidate: the outcome is evaluated at `current`, at the ends of `range` and at
    /// each candidate and its neighbouring doubles; a change between points that are not
    /// neighbours is narrowed by bisection, as ``OutcomeSweep`` does. (PhotoZoomAnimator's
    /// test compares `1 − (1 − p)`, a few doubles away from `p`: bisection finds it.)
    static func margin(current: Double?, candidates: (Double, Double, Double), range: ClosedRange<Double>,
                       outcome: (Double) -> Outcome) -> Double? {
        guard let current else { return nil }
        // At most twelve points, kept in a small array: the first of equal values stays (a
        // `Set` and its hashing were a sixth of a margin, issue 26).
        var points: [Double] = []
        points.reserveCapacity(12)
        func add(_ p: Double) {
            if !points.contains(p) { points.append(p) }
        }
        add(current)
        add(range.lowerBound)
        add(range.upperBound)
        for c in [candidates.0, candidates.1, candidates.2] where c.isFinite {
            for p in [c.nextDown, c, c.nextUp] where range.contains(p) { add(p) }
        }
        points.sort()
        var nearest: Double?
        var previous = outcome(points[0])
        for i in points.indices.dropFirst() {
            let here = outcome(points[i])
            defer { previous = here }
            guard here != previous else { continue }
            let m = OutcomeSweep.bisect(from: points[i - 1], previous, to: points[i], outcome: outcome).value - current
            if nearest.map({ abs(m) < abs($0) }) ?? true { nearest = m }
        }
        return nearest
    }
}
