@_spi(Pipeline) import TouchTapeEvents

/// Android's impulse strategy (`calculateImpulseVelocity`): the finger does work on a
/// unit mass; with segment velocities vᵢ (oldest first) the work is
/// `W = ½·v₁·|v₁| + Σᵢ≥₂ (vᵢ − v_{i−1}')·|vᵢ|` where v' is the velocity the work so far
/// implies, and `v = sign(W)·√(2|W|)`. Same window as LSQ2 (100 ms, 20 samples, 40 ms
/// gap). Two samples give plain Δx/Δt; one sample or none gives zero. Per axis.
package struct ImpulseVelocityTracker: HistoryVelocityTracker, Hashable {
    var history = VelocitySampleHistory(strategy: .impulse)

    /// A fresh instance.
    package init() {}

    /// The impulse velocity over the window of `view`.
    static func fit(_ view: VelocityHistoryView) -> Vector2 {
        let window: [VelocitySampleHistory.Sample] = view.withLiveSamples { live in
            Array(live.prefix(VelocityHistoryView.windowCount(live)).reversed())   // oldest first
        }
        let t = window.map(\.microseconds)
        return Vector2(x: Self.impulse(t, window.map(\.position.x)), y: Self.impulse(t, window.map(\.position.y)))
    }

    static func impulse(_ t: [Int64], _ x: [Double]) -> Double {
        guard t.count >= 2 else { return 0 }
        if t.count == 2 {
            let dt = t[1] - t[0]
            return dt == 0 ? 0 : (x[1] - x[0]) / (Double(dt) / 1_000_000)
        }
        var work = 0.0
        for i in 1..<t.count {
            let dt = t[i] - t[i - 1]
            guard dt != 0 else { continue }   // identical timestamps: skipped, as Android does
            let vPrevious = energyToVelocity(work)
            let vCurrent = (x[i] - x[i - 1]) / (Double(dt) / 1_000_000)
            work += (vCurrent - vPrevious) * abs(vCurrent)
            if i == 1 { work *= 0.5 }   // the first segment starts from rest: ½·v·|v|
        }
        return energyToVelocity(work)
    }

    private static func energyToVelocity(_ work: Double) -> Double {
        (work < 0 ? -1 : 1) * (2 * abs(work)).squareRoot()
    }
}
