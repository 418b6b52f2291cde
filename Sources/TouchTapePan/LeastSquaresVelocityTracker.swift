import TouchTapeEvents

/// Flutter's default `VelocityTracker` and Android's LSQ2: a degree-2 unweighted
/// least-squares fit of x(τ) and y(τ) over the window (≤ 20 samples, ≤ 100 ms old,
/// stopped at a gap over 40 ms), velocity = slope at the newest sample (τ = 0).
/// Fewer than 3 samples, or a degenerate fit, give zero (Flutter's rule; Android would
/// lower the degree instead). τ is in milliseconds as in Flutter, so the solver's
/// absolute tolerance means the same thing here as there.
public struct LeastSquaresVelocityTracker: VelocityTracker, Hashable {
    private var history = VelocitySampleHistory()

    /// A fresh instance.
    public init() {}

    /// Adds the position at `time` to the history.
    public mutating func addSample(time: Double, position: Vector2) { history.add(time: time, position: position) }

    /// Forgets the history.
    public mutating func reset() { history.reset() }

    /// The velocity at `time`, points per second.
    public func velocity(at time: Double) -> Vector2 {
        guard !history.isStopped(at: time) else { return .zero }
        let window = history.window()
        guard window.count >= PanConstants.minimumSampleCount, let newest = window.first else { return .zero }
        let tau = window.map { -Double(newest.microseconds - $0.microseconds) / 1000 }
        guard
            let fx = LeastSquaresSolver(x: tau, y: window.map(\.position.x)).solve(degree: PanConstants.leastSquaresDegree),
            let fy = LeastSquaresSolver(x: tau, y: window.map(\.position.y)).solve(degree: PanConstants.leastSquaresDegree)
        else { return .zero }
        // b1 is per millisecond; × 1000 gives per second.
        return Vector2(x: fx.coefficients[1] * 1000, y: fy.coefficients[1] * 1000)
    }
}
