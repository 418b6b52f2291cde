import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapePan

@Suite struct ImpulseVelocityTrackerTests {
    @Test func constantSpeedGivesThatSpeed() {
        // W = ½·v·|v| after the first segment, then (v − v)·|v| = 0 each: √(2·½v²) = v.
        var tracker = ImpulseVelocityTracker()
        for k in 0...10 { tracker.addSample(time: Double(k) * 0.01, position: Vector2(x: 0, y: -Double(k))) }
        #expect(isClose(tracker.velocity(at: 0.1).y, -100, 1e-6))
    }

    @Test func accelerationFollowsTheWorkFormula() {
        // Segments 0.1 and 0.2 units per 10 ms: v₁ = 10, v₂ = 20 /s.
        // W = ½·10·10 = 50; implied v = √100 = 10; W += (20 − 10)·20 = 200 → 250; v = √500.
        var tracker = ImpulseVelocityTracker()
        for (ms, x) in [(0, 0.0), (10, 0.1), (20, 0.3)] {
            tracker.addSample(time: Double(ms) / 1000, position: Vector2(x: x, y: 0))
        }
        #expect(isClose(tracker.velocity(at: 0.02).x, 500.0.squareRoot(), 1e-9))
    }

    @Test func twoSamplesArePlainDifference() {
        // 0.5 units in 10 ms = 50/s.
        var tracker = ImpulseVelocityTracker()
        tracker.addSample(time: 0, position: .zero)
        tracker.addSample(time: 0.01, position: Vector2(x: 0.5, y: 0))
        #expect(isClose(tracker.velocity(at: 0.01).x, 50, 1e-9))
    }
}
