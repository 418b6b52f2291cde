import Foundation

/// SplitMix64: a tiny, well-known generator, so a gesture script with a seed gives
/// the same events on every machine and every run (recordings are reproducible).
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `0..<1` from the top 53 bits (the same on every platform,
    /// unlike `Double.random(in:using:)` whose algorithm the standard library may change).
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A normally distributed value (Box–Muller), for sensor noise and timing jitter.
    package mutating func gaussian(standardDeviation: Double) -> Double {
        let u1 = max(unit(), 1e-12)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2) * standardDeviation
    }
}
