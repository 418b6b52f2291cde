@_spi(Pipeline) import TouchTapeEvents

/// Flutter's `IOSScrollViewFlingVelocityTracker`: no fit, a weighted sum of the
/// finite-difference velocities of the three newest sample pairs,
/// `v = 0.6·v₋₂ + 0.35·v₋₁ + 0.05·v₀` (v₀ = newest pair). Reverse-engineered from
/// UIScrollView's release velocity (flutter PR #60501), so it approximates a scroll
/// view's fling rather than `UIPanGestureRecognizer.velocity(in:)`, which Apple does not
/// document. A missing pair (fewer than 4 samples) or a pair with no time between its
/// samples contributes zero, as in Flutter.
package struct IOSWeightedVelocityTracker: HistoryVelocityTracker, Hashable {
    var history = VelocitySampleHistory(strategy: .iOSWeighted)

    /// A fresh instance.
    package init() {}

    /// The weighted sum over the newest samples of `view`.
    static func fit(_ view: VelocityHistoryView) -> Vector2 {
        view.withLiveSamples { live in
            let w = PanConstants.iOSWeights
            return pairVelocity(live, back: 2) * w.older + pairVelocity(live, back: 1) * w.previous
                + pairVelocity(live, back: 0) * w.newest
        }
    }

    /// Finite-difference velocity of the pair ending `back` samples before the newest
    /// (`live` newest first).
    private static func pairVelocity(_ live: UnsafeBufferPointer<VelocitySampleHistory.Sample>, back: Int) -> Vector2 {
        let end = back, start = back + 1
        guard start < live.count else { return .zero }
        let dt = live[end].microseconds - live[start].microseconds
        guard dt > 0 else { return .zero }
        return (live[end].position - live[start].position) / (Double(dt) / 1_000_000)
    }
}
