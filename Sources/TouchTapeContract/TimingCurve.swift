/// The shape of a completion animation in time.
///
/// Cubic curves use Core Animation's named control points (`kCAMediaTimingFunction…`):
/// ease-in (0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1), ease-in-out (0.42, 0, 0.58, 1).
/// UIKit's default animation curve and `UIPercentDrivenInteractiveTransition.completionCurve`
/// default are ease-in-out.
public enum TimingCurve: Hashable, Sendable, Codable {
    case linear
    case easeIn
    case easeOut
    case easeInOut
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A duration-based UIKit spring (see `DampedSpring`): the damping ratio ζ and the
    /// initial velocity; its ω is solved from the animation's duration.
    case spring(dampingRatio: Double, initialVelocity: SpringVelocity)

    /// The cubic control points, `nil` for `.spring`.
    package var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .cubicBezier(let x1, let y1, let x2, let y2): return (x1, y1, x2, y2)
        case .spring: return nil
        }
    }

    /// Progress (0 at the start, 1 at the end) at time fraction `u` (clamped to 0…1) of a run
    /// lasting `duration` seconds. A spring evaluated here is a full run from rest-distance 1
    /// with its velocity taken as `.normalized` (`.fromRelease` needs a release, so it counts as
    /// zero here; ``CompletionStyle`` resolves it before building an animation).
    package func progress(at u: Double, duration: Double) -> Double {
        let u = min(max(u, 0), 1)
        if u == 1 { return 1 }
        switch self {
        case .linear:
            return u
        case .easeIn, .easeOut, .easeInOut, .cubicBezier:
            let p = controlPoints!
            return Self.cubicBezierProgress(u, p.x1, p.y1, p.x2, p.y2)
        case .spring(let zeta, let velocity):
            let spring = DampedSpring(duration: duration, dampingRatio: zeta, initialVelocity: velocity.normalizedValue ?? 0)
            return 1 - spring.displacement(at: u * duration)
        }
    }

    /// y on the Bézier curve from (0,0) to (1,1) where x = u: solve x(t) = u by Newton's method,
    /// falling back to bisection, then evaluate y(t).
    static func cubicBezierProgress(_ u: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let mt = 1 - t
            return 3 * mt * mt * t * p1 + 3 * mt * t * t * p2 + t * t * t
        }
        func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let mt = 1 - t
            return 3 * mt * mt * p1 + 6 * mt * t * (p2 - p1) + 3 * t * t * (1 - p2)
        }
        var t = u
        for _ in 0..<8 {
            let error = coordinate(t, x1, x2) - u
            if abs(error) < 1e-12 { return coordinate(t, y1, y2) }
            let d = slope(t, x1, x2)
            if abs(d) < 1e-9 { break }
            t -= error / d
        }
        var low = 0.0, high = 1.0
        t = u
        for _ in 0..<100 {
            let x = coordinate(t, x1, x2)
            if abs(x - u) < 1e-12 { break }
            if x < u { low = t } else { high = t }
            t = (low + high) / 2
        }
        return coordinate(t, y1, y2)
    }
}
