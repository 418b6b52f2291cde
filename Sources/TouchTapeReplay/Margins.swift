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
    /// neighbours is narrowed by bisection, as ``OutcomeSweep`` does (an app's controller may
    /// compare `1 − (1 − p)`, a few doubles away from `p`: bisection finds it).
    static func margin(current: Double?, candidates: (Double, Double, Double), range: ClosedRange<Double>,
                       outcome: (Double) -> Outcome) -> Double? {
        guard let current else { return nil }
        // At most twelve points, on the stack: the first of equal values stays (a `Set` and
        // its hashing were a sixth of a margin, and the arrays of the candidates and of
        // their neighbours four allocations of each, issue 26).
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 12) { buffer in
            var count = 0
            func add(_ p: Double) {
                for k in 0..<count where buffer[k] == p { return }
                buffer[count] = p
                count += 1
            }
            func addAround(_ c: Double) {
                guard c.isFinite else { return }
                if range.contains(c.nextDown) { add(c.nextDown) }
                if range.contains(c) { add(c) }
                if range.contains(c.nextUp) { add(c.nextUp) }
            }
            add(current)
            add(range.lowerBound)
            add(range.upperBound)
            addAround(candidates.0)
            addAround(candidates.1)
            addAround(candidates.2)
            var points = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
            points.sort()
            return nearestFlip(points: UnsafeBufferPointer(points), current: current, outcome: outcome)
        }
    }

    /// The nearest flip to `current` (one of `points`, ascending) minus `current`.
    ///
    /// Outwards from `current` on each side, to the first change: a flip further out on the
    /// same side is further away (a pair's flip lies between its two points), so the points
    /// beyond the first change on a side were read for nothing (a third of a margin, issue
    /// 26). The nearer of the two sides; at equal distance the lower one, as an ascending
    /// walk that keeps the first of equal distances gives.
    private static func nearestFlip(points: UnsafeBufferPointer<Double>, current: Double,
                                    outcome: (Double) -> Outcome) -> Double? {
        guard let here = points.firstIndex(of: current) else { return nil }   // NaN: no order to walk
        let atCurrent = outcome(current)
        var above: Double?
        var previous = atCurrent
        for i in points.indices.dropFirst(here + 1) {
            let o = outcome(points[i])
            if o != previous {
                above = OutcomeSweep.bisect(from: points[i - 1], previous, to: points[i], outcome: outcome).value - current
                break
            }
            previous = o
        }
        var below: Double?
        var higher = atCurrent
        var i = here - 1
        // A pair whose upper point is already further than the flip above cannot be nearer.
        while i >= 0, above.map({ current - points[i + 1] <= abs($0) }) ?? true {
            let o = outcome(points[i])
            if o != higher {
                below = OutcomeSweep.bisect(from: points[i], o, to: points[i + 1], outcome: outcome).value - current
                break
            }
            higher = o
            i -= 1
        }
        switch (below, above) {
        case let (b?, a?): return abs(b) <= abs(a) ? b : a
        case let (b, a): return b ?? a
        }
    }
}
