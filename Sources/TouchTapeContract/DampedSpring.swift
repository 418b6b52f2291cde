#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// UIKit's duration-based spring (`UIView.animate(withDuration:…usingSpringWithDamping:
/// initialSpringVelocity:…)`) as a damped harmonic oscillator.
///
/// Mass is 1. UIKit picks the natural angular frequency ω so that the motion has decayed to
/// a tolerance of 0.001 of the unit displacement at t = duration (fact sheet §4.2, from
/// OpenUXKit's `parametersOfSpringAnimation` re-implementation and the decompiled
/// `UIViewSpringAnimationState.generateSpringPropertiesForDuration:damping:velocity:`):
/// duration clamped to [0.01, 10] s, ζ clamped to (1.2e−7, 1], 12 Newton steps from ω = 5/T on
///
/// * ζ < 1: `|(ζω − v0)/ω_d| · exp(−ζωT) = 0.001`, `ω_d = ω·√(1 − ζ²)`;
/// * ζ = 1: `|1 + (ω − v0)·T| · exp(−ωT) = 0.001`.
///
/// The exponential is the fact sheet's reconstruction (the decompiled text drops it); the
/// worked values ω(0.5 s, 0.9) ≈ 16.96, ω(0.85 s, 0.8) ≈ 10.58, ω(1 s, 0.8) ≈ 8.99 follow
/// from it. Validate against a device before relying on exact curves.
///
/// The motion is `x'' + 2ζωx' + ω²x = 0` with `x(0) = 1` (distance to the target, as a
/// fraction of the whole move) and `x'(0) = −v0` (v0 > 0 moves towards the target).
///
/// ```swift
/// let spring = DampedSpring(duration: 0.5, dampingRatio: 0.9)   // PhotoZoomAnimator's cancel
/// spring.naturalFrequency   // ≈ 16.96 rad/s
/// spring.displacement(at: 0.5)   // within ±0.001 of the target
/// ```
package struct DampedSpring: Hashable, Sendable, Codable {
    /// The decay UIKit solves for at t = duration.
    package static let settlingTolerance = 0.001
    /// UIKit clamps the duration into this range before solving.
    package static let solvableDurations: ClosedRange<Double> = 0.01...10
    /// The smallest damping ratio UIKit accepts (`FLT_EPSILON`); larger than 1 is cut to 1.
    package static let minimumDampingRatio = 0.00000011920929
    /// Newton steps UIKit takes, starting from ω = 5 / duration.
    package static let newtonSteps = 12

    /// The requested duration (unclamped); the completion block runs at this time.
    package let duration: Double
    /// ζ after clamping into (1.2e−7, 1].
    package let dampingRatio: Double
    /// v0 in UIKit's normalized unit (whole distance per second), positive towards the target.
    package let initialVelocity: Double
    /// ω in rad/s, solved from the clamped duration.
    package let naturalFrequency: Double

    /// The spring UIKit runs for `UISpringTimingParameters(dampingRatio:initialVelocity:)` over `duration` seconds.
    package init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        self.duration = duration
        self.dampingRatio = min(max(dampingRatio, Self.minimumDampingRatio), 1)
        self.initialVelocity = initialVelocity
        self.naturalFrequency = Self.naturalFrequency(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
    }

    /// `ω²` (mass 1).
    package var stiffness: Double { naturalFrequency * naturalFrequency }
    /// `2ζω` (mass 1).
    package var dampingCoefficient: Double { 2 * dampingRatio * naturalFrequency }

    /// The ω UIKit would pick: 12 Newton steps on the tolerance equation above.
    package static func naturalFrequency(duration: Double, dampingRatio: Double, initialVelocity v0: Double = 0) -> Double {
        let zeta = min(max(dampingRatio, minimumDampingRatio), 1)
        let t = min(max(duration, solvableDurations.lowerBound), solvableDurations.upperBound)
        let epsilon = settlingTolerance
        // g(ω) = |A(ω)|·exp(−kω) − ε and its derivative, for the two damping cases.
        let residual: (Double) -> (value: Double, slope: Double)
        if zeta >= 1 {
            residual = { w in
                let a = 1 + (w - v0) * t
                let e = exp(-w * t)
                let value = abs(a) * e - epsilon
                // d/dω [a·e^{−ωT}] = T·e − T·a·e = −T²(ω − v0)·e
                let slope = (a < 0 ? -1.0 : 1.0) * (-t * t * (w - v0) * e)
                return (value, slope)
            }
        } else {
            let root = (1 - zeta * zeta).squareRoot()
            residual = { w in
                let a = (zeta * w - v0) / (w * root)
                let da = v0 / (w * w * root)
                let e = exp(-zeta * w * t)
                let value = abs(a) * e - epsilon
                let slope = (a < 0 ? -1.0 : 1.0) * (da - zeta * t * a) * e
                return (value, slope)
            }
        }
        var w = 5 / t
        for _ in 0..<newtonSteps {
            let (value, slope) = residual(w)
            guard slope != 0, slope.isFinite else { break }
            let next = w - value / slope
            // Keep ω positive; halving towards zero stands in for an overshoot below it.
            w = next > 0 ? next : w / 2
        }
        return w
    }

    /// x(t): the remaining distance to the target as a fraction of the whole move
    /// (1 at t = 0, ≈ 0 at t = duration, may go slightly negative = overshoot).
    package func displacement(at time: Double) -> Double {
        let w = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta >= 1 {
            return (1 + (w - v0) * time) * exp(-w * time)
        }
        let wd = w * (1 - zeta * zeta).squareRoot()
        let b = (zeta * w - v0) / wd
        return exp(-zeta * w * time) * (cos(wd * time) + b * sin(wd * time))
    }

    /// The first time at which the displacement has come down to `remaining` (0…1), found by
    /// stepping forward and bisecting; `duration` when it never gets there before then.
    /// A spring that "continues" from a fraction already covered starts its run here.
    package func firstTime(atDisplacement remaining: Double) -> Double {
        if remaining >= 1, initialVelocity >= 0 { return 0 }
        let steps = 2000
        let dt = duration / Double(steps)
        var previous = 0.0
        for i in 1...steps {
            let t = Double(i) * dt
            if displacement(at: t) <= remaining {
                var low = previous, high = t
                for _ in 0..<60 {
                    let mid = (low + high) / 2
                    if displacement(at: mid) <= remaining { high = mid } else { low = mid }
                }
                return high
            }
            previous = t
        }
        return duration
    }
}
