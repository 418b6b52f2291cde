import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
@testable import TouchTapePan

// What `.began` carries is UIKit's undocumented choice, so it is a setting (issue 22). Both
// settings see the same pan: the same frames begin it, the same velocities, the same
// phases; only where translations count from differs, by exactly the movement that crossed
// the slop.
@Suite struct BeganTranslationTests {
    @Test func slopBeganCarriesTheSlopMovementAndCountsFromTouchDown() throws {
        // 3 mm per frame: 12 mm at frame 4 crosses the 10 pt slop (scale 1).
        var settings = unitScale
        settings.beganTranslation = .slop
        let (samples, _) = run(straightDown(step: 3, count: 7), settings: settings)
        #expect(samples.map(\.phase) == [.began, .changed, .changed])
        let began = try #require(samples.first)
        #expect(isClose(began.translation, Vector2(x: 0, y: 12)))
        #expect(began.translation == began.slopTranslation)
        #expect(isClose(samples[1].translation, Vector2(x: 0, y: 15)))
        #expect(isClose(samples[2].translation, Vector2(x: 0, y: 18)))
    }

    @Test func zeroBeganIsTheDefault() {
        #expect(PanSettings().beganTranslation == .zero)
        let (samples, _) = run(straightDown(step: 3, count: 7))
        #expect(samples.first?.translation == .zero)
        #expect(samples.first?.slopTranslation == Vector2(x: 0, y: 12))
    }

    /// Over a pan with a diagonal start, a finger joining and a release: every sample
    /// under `.slop` is the `.zero` sample moved by the began sample's slop movement.
    @Test func theTwoSettingsDifferOnlyByTheSlopMovement() throws {
        var frames = (0..<8).map { k in frame(k, ms: k * 10, [(1, Double(k) * 2, Double(k) * 4)]) }
        frames += (8..<14).map { k in frame(k, ms: k * 10, [(1, Double(k) * 2, Double(k) * 4), (2, 20, Double(k) * 4)]) }
        frames.append(lift(14, ms: 140))
        var slop = unitScale
        slop.beganTranslation = .slop
        let zeroSamples = run(frames).samples, slopSamples = run(frames, settings: slop).samples
        #expect(zeroSamples.count == slopSamples.count && zeroSamples.count >= 5)
        let shift = try #require(zeroSamples.first?.slopTranslation)
        #expect(shift.length > 10)
        for (z, s) in zip(zeroSamples, slopSamples) {
            #expect(z.phase == s.phase && z.time == s.time && z.velocity == s.velocity && z.fingerCount == s.fingerCount)
            #expect(isClose(z.translation + shift, s.translation), "at \(z.time) s: \(z.translation) + \(shift) vs \(s.translation)")
        }
    }
}
