import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
@testable import TouchTapePan

/// What a UIKit handler sees at `.began` after fingers rest and then drag: the velocity of
/// the moving fingers, not the zero of a velocity history the rest ended.
@Test func afterARestTheBeganVelocityIsThatOfTheMovingFingers() throws {
    // Two fingers land at 0 ms and rest (no frames: the kernel reports nothing while they
    // are still) until 150 ms; then 6 mm per 10 ms downwards: 6, 12 → 12 > 10 at 170 ms.
    var frames = [frame(0, ms: 0, [(1, 0, 0), (2, 16, 0)])]
    for k in 1...4 {
        let y = Double(k) * 6
        frames.append(frame(k, ms: 150 + k * 10, [(1, 0, y), (2, 16, y)]))
    }
    let (samples, _) = run(frames)
    let began = try #require(samples.first)
    #expect(began.phase == .began)
    #expect(isClose(began.time, 0.17))
    // The tracker restarted after the 160 ms gap and has two samples: no estimate. The
    // fallback is the motion since it restarted: 6 mm in 10 ms = 600 mm/s (= pt/s here).
    #expect(isClose(began.velocity, Vector2(x: 0, y: 600)), "\(began.velocity)")
}

@Test func withOneFrameSinceTheRestTheBeganVelocityCountsFromTheLastFrameBefore() throws {
    // One 12 mm jump 150 ms after landing crosses the slop on its own frame.
    let frames = [frame(0, ms: 0, [(1, 0, 0)]), frame(1, ms: 150, [(1, 0, 12)])]
    let began = try #require(run(frames).samples.first)
    #expect(began.phase == .began)
    #expect(isClose(began.velocity, Vector2(x: 0, y: 80)), "12 mm over 150 ms, downwards: \(began.velocity)")
}

@Test func aTrackerEstimateAtBeganIsKept() throws {
    // A steady 3 mm per 10 ms from touch-down: the tracker has its samples by the slop.
    let began = try #require(run(straightDown(step: 3, count: 7)).samples.first)
    #expect(isClose(began.velocity, Vector2(x: 0, y: 300), 1e-6), "\(began.velocity)")
}
