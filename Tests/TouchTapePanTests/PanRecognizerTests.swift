import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
@testable import TouchTapePan

/// Unless a test says otherwise: touchscreen, scale 1 pt/mm (so mm = pt), slop 10 pt,
/// LSQ2 velocity, frames every 10 ms.
@Suite struct PanRecognizerTests {
    // MARK: Slop

    @Test func beganFiresOnTheFrameThatCrossesTheSlopWithZeroTranslation() throws {
        // 3 mm per frame: distances 0, 3, 6, 9, 12 → 12 > 10 first at frame 4 (40 ms).
        // Frame 5 is 15 mm from the start = 3 mm from the began point; frame 6 → 6.
        let (samples, recognizer) = run(straightDown(step: 3, count: 7))
        #expect(samples.map(\.phase) == [.began, .changed, .changed])
        let began = samples[0]
        #expect(isClose(began.time, 0.04))
        #expect(began.translation == .zero)
        #expect(began.fingerCount == 1)
        #expect(isClose(samples[1].time, 0.05))
        #expect(isClose(samples[1].translation, Vector2(x: 0, y: 3)))
        #expect(isClose(samples[2].translation, Vector2(x: 0, y: 6)))
        #expect(recognizer.state == .changed)
    }

    @Test func exactlyTheSlopIsNotEnough() {
        // 5 mm per frame: 0, 5, 10 (= slop, not beyond), 15 → began at frame 3 (30 ms).
        let (samples, _) = run(straightDown(step: 5, count: 4))
        #expect(samples.map(\.phase) == [.began])
        #expect(isClose(samples[0].time, 0.03))
    }

    @Test func slopIsTheDistanceFromTheStartNotTheDistanceTravelled() {
        // Jitter back and forth by 6 mm ten times: 60 mm travelled, never more than 6 mm
        // from the start, so no pan (Flutter's accumulated |Δ| would have begun).
        let frames = (0..<10).map { k in frame(k, ms: k * 10, [(1, 0, k % 2 == 0 ? 0 : 6)]) }
        let (samples, recognizer) = run(frames)
        #expect(samples.isEmpty)
        #expect(recognizer.state == .possible)
    }

    @Test func slopIsInPointsAtTheDefaultScale() {
        // Default scale 163/25.4 ≈ 6.417 pt/mm, slop 10 pt = 1.558 mm. Steps of 1 mm:
        // frame 1 → 6.417 pt (no), frame 2 → 12.83 pt (began); frame 3 → 1 mm = 6.417 pt.
        let (samples, _) = run(straightDown(step: 1, count: 4), settings: PanSettings())
        #expect(samples.map(\.phase) == [.began, .changed])
        #expect(isClose(samples[0].time, 0.02))
        #expect(isClose(samples[1].translation.y, 163 / 25.4))
    }

    // MARK: Finger changes

    @Test func aFingerJoiningMidPanCausesNoJump() throws {
        // Finger 1 at x = 0 moves down 2 mm per frame (200 mm/s). Slop: 12 > 10 first at
        // frame 6 (y = 12) → began there; frame 7 → (0, 14 − 12 = 2). Frame 8: finger 2
        // lands at (20, 50); the raw centroid would jump from (0, 14) to (10, (16 + 50)/2 = 33).
        // Only finger 1 is in both frames and it moved 2 mm, so frame 8 → (0, 4).
        // Afterwards both move 2 mm per frame, so the centroid does too: frame k → (0, 2·(k − 6)).
        var frames = (0..<8).map { k in frame(k, ms: k * 10, [(1, 0, 2 * Double(k))]) }
        for k in 8..<12 {
            frames.append(frame(k, ms: k * 10, [(1, 0, 2 * Double(k)), (2, 20, 50 + 2 * Double(k - 8))]))
        }
        let (samples, _) = run(frames)
        #expect(samples.map(\.phase) == [.began] + Array(repeating: .changed, count: 5))
        for (offset, sample) in samples.enumerated() {
            let k = 6 + offset
            #expect(isClose(sample.translation, Vector2(x: 0, y: 2 * Double(k - 6))), "frame \(k)")
            #expect(sample.fingerCount == (k >= 8 ? 2 : 1), "frame \(k)")
        }
        // The tracker saw the continuous position: still exactly 200 pt/s at the join
        // frame (k = 8) and after it (LSQ2 on a straight line).
        #expect(isClose(samples[2].velocity, Vector2(x: 0, y: 200), 1e-6))
        #expect(isClose(samples[5].velocity, Vector2(x: 0, y: 200), 1e-6))
    }

    @Test func aFingerLiftingMidPanCausesNoJump() {
        // Fingers 1 (x = 0) and 2 (x = 20) move down 2 mm per frame; centroid x = 10.
        // Began at frame 6 (12 > 10). Frame 9: finger 2 lifts; the raw centroid x would jump
        // from 10 to 0. Finger 1 moved 2 mm, so translation continues (0, 2·(k − 6)).
        var frames = (0..<9).map { k in frame(k, ms: k * 10, [(1, 0, 2 * Double(k)), (2, 20, 2 * Double(k))]) }
        for k in 9..<12 { frames.append(frame(k, ms: k * 10, [(1, 0, 2 * Double(k))])) }
        let (samples, _) = run(frames)
        #expect(samples.count == 6)
        for (offset, sample) in samples.enumerated() {
            let k = 6 + offset
            #expect(isClose(sample.translation, Vector2(x: 0, y: 2 * Double(k - 6))), "frame \(k)")
        }
        #expect(samples[3].fingerCount == 1)   // frame 9
        #expect(isClose(samples[3].velocity, Vector2(x: 0, y: 200), 1e-6))
    }

    // MARK: Release velocity

    @Test func constantSpeedPanReleasesAtThatSpeed() throws {
        // 1 mm every 10 ms = 100 mm/s = 100 pt/s at scale 1, frames 0…30, lift at 310 ms.
        // Began: 11 > 10 at frame 11. Final translation 30 − 11 = 19. The lift is 10 ms
        // after the last movement (not a stop); LSQ2 over frames 20…30 (100 ms) is exact.
        let frames = straightDown(step: 1, count: 31) + [lift(31, ms: 310)]
        let (samples, recognizer) = run(frames)
        let ended = try #require(samples.last)
        #expect(ended.phase == .ended)
        #expect(isClose(ended.time, 0.31))
        #expect(isClose(ended.translation, Vector2(x: 0, y: 19)))
        #expect(isClose(ended.velocity, Vector2(x: 0, y: 100), 1e-6))
        #expect(ended.fingerCount == 1)       // the count before lifting
        #expect(recognizer.state == .ended)
        #expect(samples.first?.phase == .began)
        #expect(isClose(samples[0].time, 0.11))
    }

    @Test(arguments: [VelocityStrategy.iOSWeighted, .impulse])
    func otherStrategiesOnAConstantSpeedPan(strategy: VelocityStrategy) throws {
        // Same pan; every finite difference is 100 pt/s, so both give 100.
        var settings = unitScale
        settings.velocityStrategy = strategy
        let (samples, _) = run(straightDown(step: 1, count: 31) + [lift(31, ms: 310)], settings: settings)
        let ended = try #require(samples.last)
        #expect(ended.phase == .ended)
        #expect(isClose(ended.velocity, Vector2(x: 0, y: 100), 1e-6))
    }

    @Test func aPanThatStopsWithoutFramesHasNoReleaseVelocity() throws {
        // Moving at 100 pt/s to frame 20 (200 ms), silence, lift at 250 ms: 50 ms > 40 ms.
        let (samples, _) = run(straightDown(step: 1, count: 21) + [lift(21, ms: 250)])
        let ended = try #require(samples.last)
        #expect(ended.phase == .ended)
        #expect(ended.velocity == .zero)
        #expect(isClose(ended.translation.y, 9))   // began at 11, last position 20
    }

    @Test func aPanThatStopsWithRepeatedFramesHasNoReleaseVelocity() throws {
        // Moving to frame 20 (200 ms, y = 20), then frames repeating y = 20 at 210…250 ms,
        // lift at 260 ms: last movement 200 ms, 60 ms before the lift.
        var frames = straightDown(step: 1, count: 21)
        for k in 21...25 { frames.append(frame(k, ms: k * 10, [(1, 0, 20)])) }
        frames.append(lift(26, ms: 260))
        let (samples, _) = run(frames)
        // The repeated frames emit nothing (nothing changed).
        #expect(samples.map(\.phase) == [.began] + Array(repeating: .changed, count: 9) + [.ended])
        #expect(samples.last?.velocity == .zero)
    }

    @Test func aLiftExactly40msAfterTheLastMoveKeepsItsVelocity() throws {
        // The counterpart of the two tests above: last move at 200 ms, lift at 240 ms is
        // not "more than 40 ms", so the LSQ2 estimate (100 pt/s) stands.
        let (samples, _) = run(straightDown(step: 1, count: 21) + [lift(21, ms: 240)])
        #expect(isClose(try #require(samples.last).velocity, Vector2(x: 0, y: 100), 1e-6))
    }

    // MARK: Touchpad

    @Test func oneFingerTouchpadMotionNeverBegins() {
        // 50 mm at the default scale would be ≈ 320 pt: far past any slop, but one finger
        // on a touchpad moves the pointer.
        let frames = straightDown(step: 5, count: 11) + [lift(11, ms: 110)]
        let (samples, recognizer) = run(frames, kind: .touchpad, settings: PanSettings())
        #expect(samples.isEmpty)
        #expect(recognizer.state == .failed)
    }

    @Test func twoFingerTouchpadPanBegins() throws {
        // Default settings: slop = 1.5 mm × 163/25.4 pt. Both fingers move 0.5 mm a frame:
        // 0, 0.5, 1.0, 1.5 (= slop, not beyond), 2.0 → began at frame 4 (40 ms).
        // Frame 5: 0.5 mm = 0.5 × 163/25.4 ≈ 3.209 pt.
        let frames = (0..<6).map { k in frame(k, ms: k * 10, [(1, 10, 0.5 * Double(k)), (2, 30, 0.5 * Double(k))]) }
        let (samples, _) = run(frames, kind: .touchpad, settings: PanSettings())
        #expect(samples.map(\.phase) == [.began, .changed])
        #expect(isClose(samples[0].time, 0.04))
        #expect(samples[0].fingerCount == 2)
        #expect(isClose(samples[1].translation, Vector2(x: 0, y: 0.5 * 163 / 25.4)))
    }

    @Test func touchpadSlopCountsFromWhenTheSecondFingerLands() {
        // One finger moves 20 mm (pointer motion), then a second finger lands at frame 5.
        // The slop starts there: 0.5 mm per frame after → began 4 frames later (frame 9).
        var frames = (0..<5).map { k in frame(k, ms: k * 10, [(1, 0, 5 * Double(k))]) }
        for k in 5..<10 {
            let y = 20 + 0.5 * Double(k - 5)
            frames.append(frame(k, ms: k * 10, [(1, 0, y), (2, 20, y)]))
        }
        let (samples, _) = run(frames, kind: .touchpad, settings: PanSettings())
        #expect(samples.map(\.phase) == [.began])
        #expect(isClose(samples[0].time, 0.09))
    }

    @Test func fallingBelowTheMinimumEndsThePan() throws {
        // Touchpad, scale 1, slop 1 pt: two fingers move 1 mm per frame; began at frame 2
        // (2 > 1). At frame 5 one finger lifts: ended with the translation of frame 4
        // (4 − 2 = 2), fingerCount 2 (before lifting), and velocity 100 pt/s (10 ms
        // since the last move). Frames after that are ignored until all fingers lift.
        let settings = PanSettings(scale: 1, touchpadSlop: 1)
        var frames = (0..<5).map { k in frame(k, ms: k * 10, [(1, 0, Double(k)), (2, 20, Double(k))]) }
        frames += (5..<8).map { k in frame(k, ms: k * 10, [(1, 0, Double(k))]) }
        frames.append(frame(8, ms: 80, [(1, 0, 7), (2, 20, 7)]))   // back to two: still ended
        let (samples, recognizer) = run(frames, kind: .touchpad, settings: settings)
        #expect(samples.map(\.phase) == [.began, .changed, .changed, .ended])
        let ended = try #require(samples.last)
        #expect(isClose(ended.time, 0.05))
        #expect(isClose(ended.translation, Vector2(x: 0, y: 2)))
        #expect(ended.fingerCount == 2)
        #expect(isClose(ended.velocity, Vector2(x: 0, y: 100), 1e-6))
        #expect(recognizer.state == .ended)
    }

    // MARK: Maximum touches

    @Test func extraTouchesBeyondTheMaximumAreIgnored() {
        // maximumNumberOfTouches = 1 (Transition). Finger 1 moves down 3 mm per frame, and
        // finger 2 lands at frame 2 at (50, 0) and moves right 10 mm per frame. Only finger 1
        // counts: began at frame 4 (12 > 10) as with one finger, x stays 0 throughout.
        // Frame 7: finger 1 lifts; finger 2 takes over with no jump (translation stays
        // (0, 6) at frame 7), then its motion counts: frame 8 → (10, 6).
        let settings = unitScale.limitingTouches(to: 1)
        var frames = (0..<2).map { k in frame(k, ms: k * 10, [(1, 0, 3 * Double(k))]) }
        frames += (2..<7).map { k in frame(k, ms: k * 10, [(1, 0, 3 * Double(k)), (2, 50 + 10 * Double(k - 2), 0)]) }
        frames += (7..<9).map { k in frame(k, ms: k * 10, [(2, 50 + 10 * Double(k - 2), 0)]) }
        let (samples, _) = run(frames, settings: settings)
        #expect(samples.map(\.phase) == [.began, .changed, .changed, .changed, .changed])
        #expect(isClose(samples[0].time, 0.04))
        #expect(samples[0].fingerCount == 2)   // every finger down is reported
        #expect(isClose(samples[1].translation, Vector2(x: 0, y: 3)))   // frame 5
        #expect(isClose(samples[2].translation, Vector2(x: 0, y: 6)))   // frame 6
        #expect(isClose(samples[3].translation, Vector2(x: 0, y: 6)))   // frame 7: count changed only
        #expect(samples[3].fingerCount == 1)
        #expect(isClose(samples[4].translation, Vector2(x: 10, y: 6)))  // frame 8
    }

    @Test func withoutAMaximumTheSecondFingerMovesTheCentroid() {
        // Control for the test above: same frames, no limit. Frame 2: finger 2 joins, only
        // finger 1 is common and moved +3 → continuous position (0, 6). From then on finger 1
        // moves +3 in y and finger 2 +10 in x each frame → centroid (+5, +1.5) per frame.
        // Frame 3: (5, 7.5), distance √(25 + 56.25) ≈ 9.01 (no); frame 4: (10, 9),
        // √181 ≈ 13.45 > 10 → began; frame 5 translation (5, 1.5).
        var frames = (0..<2).map { k in frame(k, ms: k * 10, [(1, 0, 3 * Double(k))]) }
        frames += (2..<6).map { k in frame(k, ms: k * 10, [(1, 0, 3 * Double(k)), (2, 50 + 10 * Double(k - 2), 0)]) }
        let (samples, _) = run(frames)
        #expect(samples.map(\.phase) == [.began, .changed])
        #expect(isClose(samples[0].time, 0.04))
        #expect(isClose(samples[1].translation, Vector2(x: 5, y: 1.5)))
    }

    // MARK: End of track, gaps, time base

    @Test func trackEndingWithFingersDownCancels() throws {
        // Began at frame 4 (12 > 10); frame 7 is the last, 21 − 12 = 9 mm later.
        let frames = straightDown(step: 3, count: 8)
        let samples = PanRecognizer.samples(for: frames, deviceKind: .touchscreen, settings: unitScale)
        #expect(samples.map(\.phase) == [.began, .changed, .changed, .changed, .cancelled])
        let cancelled = try #require(samples.last)
        #expect(isClose(cancelled.time, 0.07))
        #expect(isClose(cancelled.translation, Vector2(x: 0, y: 9)))
        #expect(isClose(cancelled.velocity, Vector2(x: 0, y: 300), 1e-6))   // 3 mm / 10 ms
        #expect(cancelled.fingerCount == 1)
    }

    @Test func trackEndingBeforeTheSlopFails() {
        var recognizer = PanRecognizer(deviceKind: .touchscreen, settings: unitScale)
        for f in straightDown(step: 1, count: 3) { #expect(recognizer.handle(f).isEmpty) }
        #expect(recognizer.finish(at: baseTime.adding(microseconds: 20_000)).isEmpty)
        #expect(recognizer.state == .failed)
    }

    @Test func aResyncGapIsAbsorbedAndResetsTheVelocity() {
        // Pan at 3 mm/frame, began at frame 4 (y = 12); frame 5 (y = 15) → (0, 3).
        // Frame 6 follows a SYN_DROPPED gap and the finger is at 45 (30 mm beyond the 15 of
        // a steady pan): absorbed, translation stays (0, 3), count unchanged → no sample.
        // Frame 7 (+3) → (0, 6); the tracker restarted at frame 6, so it has 2 samples →
        // velocity 0. Frame 8 (+3) → (0, 9) with 3 samples → 3 mm / 10 ms = 300 pt/s.
        var frames = straightDown(step: 3, count: 6)
        frames.append(frame(6, ms: 60, [(1, 0, 45)], followsGap: true))
        frames.append(frame(7, ms: 70, [(1, 0, 48)]))
        frames.append(frame(8, ms: 80, [(1, 0, 51)]))
        let (samples, _) = run(frames)
        #expect(samples.map(\.phase) == [.began, .changed, .changed, .changed])
        #expect(isClose(samples[1].translation, Vector2(x: 0, y: 3)))   // frame 5
        #expect(isClose(samples[2].translation, Vector2(x: 0, y: 6)))   // frame 7
        #expect(samples[2].velocity == .zero)
        #expect(isClose(samples[3].translation, Vector2(x: 0, y: 9)))   // frame 8
        #expect(isClose(samples[3].velocity, Vector2(x: 0, y: 300), 1e-6))
    }

    @Test func aNewTouchAfterTheLiftStartsANewPan() {
        // Pan, lift at 80 ms, then a new touch at 200 ms that pans again: began at its
        // 5th frame (12 > 10) with translation zero, time measured from the very first frame.
        var frames = straightDown(step: 3, count: 7) + [lift(7, ms: 70)]
        frames += (0..<5).map { k in frame(8 + k, ms: 200 + 10 * k, [(5, 40, 3 * Double(k))]) }
        let (samples, _) = run(frames)
        #expect(samples.map(\.phase) == [.began, .changed, .changed, .ended, .began])
        #expect(isClose(samples[4].time, 0.24))
        #expect(samples[4].translation == .zero)
    }
}
