import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapePan

@Suite struct IOSWeightedVelocityTrackerTests {
    @Test func constantSpeedGivesThatSpeed() {
        // Every pair is 1 unit / 10 ms = 100/s; 0.6 + 0.35 + 0.05 = 1 → 100/s.
        var tracker = IOSWeightedVelocityTracker()
        for k in 0...10 { tracker.addSample(time: Double(k) * 0.01, position: Vector2(x: 0, y: Double(k))) }
        #expect(isClose(tracker.velocity(at: 0.1).y, 100, 1e-6))
    }

    @Test func weightsTheOlderPairsMost() {
        // Steps 0.1, 0.2, 0.4 units per 10 ms: pair velocities v₋₂ = 10, v₋₁ = 20, v₀ = 40 /s.
        // 0.6·10 + 0.35·20 + 0.05·40 = 6 + 7 + 2 = 15.
        var tracker = IOSWeightedVelocityTracker()
        for (ms, y) in [(0, 0.0), (10, 0.1), (20, 0.3), (30, 0.7)] {
            tracker.addSample(time: Double(ms) / 1000, position: Vector2(x: y, y: 0))
        }
        #expect(isClose(tracker.velocity(at: 0.03).x, 15, 1e-9))
    }

    @Test func aMissingPairCountsAsZero() {
        // Three samples: v₋₁ = 20, v₀ = 40, no v₋₂ → 0.35·20 + 0.05·40 = 9.
        var tracker = IOSWeightedVelocityTracker()
        for (ms, y) in [(0, 0.0), (10, 0.2), (20, 0.6)] {
            tracker.addSample(time: Double(ms) / 1000, position: Vector2(x: y, y: 0))
        }
        #expect(isClose(tracker.velocity(at: 0.02).x, 9, 1e-9))
    }
}
