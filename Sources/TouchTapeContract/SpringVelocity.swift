/// The initial velocity of a spring, in UIKit's normalized unit (1.0 = the whole animation
/// distance per second; Apple's `initialVelocity` docs: 100 pt/s over 200 pt → 0.5).
public enum SpringVelocity: Hashable, Sendable, Codable {
    /// `UISpringTimingParameters(dampingRatio:)` and PhotoZoomAnimator's
    /// `initialSpringVelocity: 0`.
    case zero
    case normalized(Double)
    /// The release velocity along the dismiss axis divided by the remaining distance in
    /// points, as an app passing the gesture's velocity to its spring would do. None of the
    /// three libraries does this by itself.
    case fromRelease

    /// The value when it does not depend on a release (`nil` for `.fromRelease`).
    package var normalizedValue: Double? {
        switch self {
        case .zero: return 0
        case .normalized(let v): return v
        case .fromRelease: return nil
        }
    }
}
