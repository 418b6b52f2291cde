/// Which ``VelocityTracker`` a pan uses: a setting, so one recording can be replayed
/// under each estimator and the dismissal decisions compared.
package enum VelocityStrategy: String, Hashable, Sendable, CaseIterable, Codable {
    /// ``LeastSquaresVelocityTracker`` (Flutter default, Android LSQ2). The default.
    case leastSquares = "lsq2"
    /// ``IOSWeightedVelocityTracker`` (Flutter's UIScrollView approximation).
    case iOSWeighted = "ios"
    /// ``ImpulseVelocityTracker`` (Android impulse).
    case impulse = "impulse"

    /// A fresh tracker of this kind.
    package func makeTracker() -> any VelocityTracker {
        switch self {
        case .leastSquares: return LeastSquaresVelocityTracker()
        case .iOSWeighted: return IOSWeightedVelocityTracker()
        case .impulse: return ImpulseVelocityTracker()
        }
    }
}
