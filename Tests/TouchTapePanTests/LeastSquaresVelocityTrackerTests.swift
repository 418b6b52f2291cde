import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapePan

@Suite struct LeastSquaresVelocityTrackerTests {
    @Test func constantSpeedGivesThatSpeed() {
        // 1 unit every 10 ms = 100 units/s along y; −50 units/s along x.
        var tracker = LeastSquaresVelocityTracker()
        for k in 0...30 { tracker.addSample(time: Double(k) * 0.01, position: Vector2(x: -0.5 * Double(k), y: Double(k))) }
        #expect(isClose(tracker.velocity(at: 0.30), Vector2(x: -50, y: 100), 1e-6))
    }

    @Test func quadraticMotionGivesTheSlopeAtTheNewestSample() {
        // y = 1000·t² (t in s), samples every 10 ms up to t = 0.1: all 11 are in the 100 ms
        // window and lie on a quadratic, so LSQ2 is exact: dy/dt = 2000·t = 200 at t = 0.1.
        // (A straight-line estimate over the window would give the mean speed 100.)
        var tracker = LeastSquaresVelocityTracker()
        for k in 0...10 {
            let t = Double(k) * 0.01
            tracker.addSample(time: t, position: Vector2(x: 0, y: 1000 * t * t))
        }
        #expect(isClose(tracker.velocity(at: 0.1).y, 200, 1e-6))
    }

    @Test func fewerThanThreeSamplesGiveZero() {
        var tracker = LeastSquaresVelocityTracker()
        tracker.addSample(time: 0, position: .zero)
        tracker.addSample(time: 0.01, position: Vector2(x: 0, y: 5))
        #expect(tracker.velocity(at: 0.01) == .zero)
        tracker.addSample(time: 0.02, position: Vector2(x: 0, y: 10))
        // Third sample: 5 units per 10 ms = 500/s.
        #expect(isClose(tracker.velocity(at: 0.02).y, 500, 1e-6))
    }

    @Test func aGapOver40msEndsTheWindow() {
        // Fast (1000/s) until 30 ms, a 50 ms gap, then 1 unit per 10 ms (100/s) at 80, 90,
        // 100 ms. Only the last three samples are in the window: 100/s exactly.
        var tracker = LeastSquaresVelocityTracker()
        for (ms, y) in [(0, 0.0), (10, 10), (20, 20), (30, 30), (80, 31), (90, 32), (100, 33)] {
            tracker.addSample(time: Double(ms) / 1000, position: Vector2(x: 0, y: y))
        }
        #expect(isClose(tracker.velocity(at: 0.1).y, 100, 1e-6))
    }

    @Test func samplesOlderThan100msAreLeftOut() {
        // 1000/s for 0…100 ms, then 100/s for 110…210 ms. At 210 ms the window holds
        // ages 0…100 ms = samples 110…210 ms (11 samples at 100/s) plus none older:
        // the sample at 100 ms has age 110 ms. Result 100/s exactly.
        var tracker = LeastSquaresVelocityTracker()
        var y = 0.0
        for k in 0...21 {
            if k > 0 { y += k <= 10 ? 10 : 1 }
            tracker.addSample(time: Double(k) * 0.01, position: Vector2(x: 0, y: y))
        }
        #expect(isClose(tracker.velocity(at: 0.21).y, 100, 1e-6))
    }

    @Test func aPointerStoppedOver40msHasNoVelocity() {
        var tracker = LeastSquaresVelocityTracker()
        for k in 0...3 { tracker.addSample(time: 0.03 + Double(k) * 0.01, position: Vector2(x: 0, y: Double(k))) }
        // Last movement at 60 ms. Exactly 40 ms later (100 ms) is not "more than 40 ms":
        // the estimate stands (1 per 10 ms = 100/s). At 100.001 ms it is a stop.
        #expect(isClose(tracker.velocity(at: 0.10).y, 100, 1e-6))
        #expect(tracker.velocity(at: 0.100001) == .zero)
    }

    @Test func repeatedPositionsAreSamplesButNotMovement() {
        // Moving until 60 ms, then frames repeating the position at 70…110 ms: the last
        // movement is still 60 ms, so at 110 ms (50 ms later) the pointer has stopped.
        var tracker = LeastSquaresVelocityTracker()
        for k in 0...6 { tracker.addSample(time: Double(k) * 0.01, position: Vector2(x: 0, y: Double(k))) }
        for k in 7...11 { tracker.addSample(time: Double(k) * 0.01, position: Vector2(x: 0, y: 6)) }
        #expect(tracker.velocity(at: 0.11) == .zero)
    }

    @Test func repeatedPositionsPullTheFitToZeroBeforeTheStopRule() {
        // 1000 Hz hardware: y = k for k = 0…10 ms (1 unit/ms = 1000/s), then the finger
        // holds y = 10 and frames keep coming at 11…35 ms. The history keeps the newest 20
        // samples, 16…35 ms, all at y = 10: the fit is flat, slope exactly 0, although only
        // 25 ms (< 40 ms) passed since the last movement, so the stop rule is not what
        // zeroes it.
        var still = LeastSquaresVelocityTracker()
        for k in 0...10 { still.addSample(time: Double(k) / 1000, position: Vector2(x: 0, y: Double(k))) }
        let silent = still   // a copy: the same history, no frames after 10 ms
        for k in 11...35 { still.addSample(time: Double(k) / 1000, position: Vector2(x: 0, y: 10)) }
        #expect(isClose(still.velocity(at: 0.035).y, 0, 1e-9))
        // Control: the same pause with no frames keeps the last estimate (window 0…10 ms,
        // a straight line at 1000/s) until the 40 ms stop rule applies.
        #expect(isClose(silent.velocity(at: 0.035).y, 1000, 1e-6))
        #expect(silent.velocity(at: 0.051) == .zero)   // 41 ms after the last movement
    }

    @Test func resetForgetsEverything() {
        var tracker = LeastSquaresVelocityTracker()
        for k in 0...5 { tracker.addSample(time: Double(k) * 0.01, position: Vector2(x: 0, y: Double(k))) }
        tracker.reset()
        tracker.addSample(time: 0.06, position: Vector2(x: 0, y: 6))
        #expect(tracker.velocity(at: 0.06) == .zero)
    }
}
