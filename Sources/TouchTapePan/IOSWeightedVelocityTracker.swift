import TouchTapeEvents

/// Flutter's `IOSScrollViewFlingVelocityTracker`: no fit, a weighted sum of the
/// finite-difference velocities of the three newest sample pairs,
/// `v = 0.6·v₋₂ + 0.35·v₋₁ + 0.05·v₀` (v₀ = newest pair). Reverse-engineered from
/// UIScrollView's release velocity (flutter PR #60501), so it approximates a scroll
/// view's fling rather than `UIPanGestureRecognizer.velocity(in:)`, which Apple does not
/// document. A missing pair (fewer than 4 samples) or a pair with no time between its
/// samples contributes zero, as in Flutter.
package struct IOSWeightedVelocityTracker: VelocityTracker, Hashable {
    private var history = VelocitySampleHistory()

    /// A fresh instance.
    package init() {}

    /// Adds the position at `time` to the history.
    package mutating func addSample(time: Double, position: Vector2) { history.add(time: time, position: position) }

    /// Forgets the history.
    package mutating func reset() { history.reset() }

    /// The velocity at `time`, points per second.
    package func velocity(at time: Double) -> Vector2 {
        guard !history.isStopped(at: time) else { return .zero }
        let w = PanConstants.iOSWeights
        return pairVelocity(back: 2) * w.older + pairVelocity(back: 1) * w.previous + pairVelocity(back: 0) * w.newest
    }

    /// Finite-difference velocity of the pair ending `back` samples before the newest.
    private func pairVelocity(back: Int) -> Vector2 {
        let s = history.samples
        let end = s.count - 1 - back, start = end - 1
        guard start >= 0 else { return .zero }
        let dt = s[end].microseconds - s[start].microseconds
        guard dt > 0 else { return .zero }
        return (s[end].position - s[start].position) / (Double(dt) / 1_000_000)
    }
}
