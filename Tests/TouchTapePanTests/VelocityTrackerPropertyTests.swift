import PropertyBased
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapePan

/// An exactly linear motion's velocity is its slope, for every strategy whose contract
/// says so: LSQ2 fits a polynomial of degree 2 (exact for a line), the iOS tracker's
/// weights sum to 1 over finite differences that are all the slope once it has 4 samples,
/// and impulse's work sum for equal per-pair velocities is ½v|v|, which gives back |v|.
/// Times are whole microseconds (the trackers round to them) and gaps stay under 40 ms
/// (a longer gap is a stop, velocity zero by contract).
@Suite struct VelocityTrackerPropertyTests {
    struct Motion: Sendable, CustomTestStringConvertible {
        var times: [Double]
        var start: Vector2
        var slope: Vector2
        var testDescription: String { "\(times.count) samples, slope \(slope)" }
        func position(at t: Double) -> Vector2 { start + slope * (t - times[0]) }
    }

    static let motions = zip(
        Gen<Int>.value(in: 1_000...40_000).array(of: 3...19),   // µs between samples
        Gen.double(in: -3000...3000), Gen.double(in: -3000...3000),
        Gen.double(in: -500...500), Gen.double(in: -500...500)
    ).map { gaps, vx, vy, x0, y0 in
        var micros = 5_000_000
        var times = [Double(micros) / 1e6]
        for gap in gaps { micros += gap; times.append(Double(micros) / 1e6) }
        return Motion(times: times, start: Vector2(x: x0, y: y0), slope: Vector2(x: vx, y: vy))
    }

    @Test(arguments: VelocityStrategy.allCases)
    func linearMotionVelocityIsItsSlope(strategy: VelocityStrategy) async {
        await propertyCheck(count: 300, input: Self.motions) { motion in
            var tracker = strategy.makeTracker()
            for t in motion.times { tracker.addSample(time: t, position: motion.position(at: t)) }
            let velocity = tracker.velocity(at: motion.times.last!)
            let tolerance = 1e-6 * max(1, abs(motion.slope.x) + abs(motion.slope.y))
            #expect(abs(velocity.x - motion.slope.x) <= tolerance && abs(velocity.y - motion.slope.y) <= tolerance,
                    "\(strategy): \(velocity) for slope \(motion.slope)")
        }
    }
}
