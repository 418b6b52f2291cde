@_spi(Pipeline) import TouchTapeEvents

/// Flutter's default `VelocityTracker` and Android's LSQ2: a degree-2 unweighted
/// least-squares fit of x(τ) and y(τ) over the window (≤ 20 samples, ≤ 100 ms old,
/// stopped at a gap over 40 ms), velocity = slope at the newest sample (τ = 0).
/// Fewer than 3 samples, or a degenerate fit, give zero (Flutter's rule; Android would
/// lower the degree instead). τ is in milliseconds as in Flutter, so the solver's
/// absolute tolerance means the same thing here as there.
package struct LeastSquaresVelocityTracker: HistoryVelocityTracker, Hashable {
    var history = VelocitySampleHistory(strategy: .leastSquares)

    /// A fresh instance.
    package init() {}

    /// The fit over the window of `view`: zero below the minimum sample count or when degenerate.
    static func fit(_ view: VelocityHistoryView) -> Vector2 {
        view.withLiveSamples { live in
            let count = VelocityHistoryView.windowCount(live)
            guard count >= PanConstants.minimumSampleCount else { return .zero }
            // The window (newest first) in stack buffers: no heap allocation per fit.
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * count + 2 * (PanConstants.leastSquaresDegree + 1)) { buffer in
                let base = buffer.baseAddress!
                let tau = base, xs = base + count, ys = base + 2 * count
                let newest = live[0]
                for i in 0..<count {
                    let sample = live[i]
                    tau[i] = -Double(newest.microseconds - sample.microseconds) / 1000
                    xs[i] = sample.position.x
                    ys[i] = sample.position.y
                }
                let n = PanConstants.leastSquaresDegree + 1
                let fx = UnsafeMutableBufferPointer(start: base + 3 * count, count: n)
                let fy = UnsafeMutableBufferPointer(start: base + 3 * count + n, count: n)
                let t = UnsafeBufferPointer(start: tau, count: count)
                // One decomposition of the times for both axes.
                guard LeastSquaresSolver.solve(x: t, y: UnsafeBufferPointer(start: xs, count: count), weights: nil, into: fx,
                                               y2: UnsafeBufferPointer(start: ys, count: count), into: fy)
                else { return .zero }
                // b1 is per millisecond; × 1000 gives per second.
                return Vector2(x: fx[1] * 1000, y: fy[1] * 1000)
            }
        }
    }
}
