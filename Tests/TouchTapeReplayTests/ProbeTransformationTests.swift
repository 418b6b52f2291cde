import Testing
@_spi(Pipeline) import TouchTapeEvents
@_spi(Pipeline) import TouchTapeContract
import TouchTapePan
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

// A probe's transformations give a deferred velocity to each sample whose recorded one was
// deferred, computed when read from the recorded samples (issue 26). These hold each one to
// the transformation written out on the recorded velocities, read eagerly, bit for bit.

/// The pan samples of every track of a bundled recording, as a replay's recognizer gives
/// them (the `.changed` ones' velocities deferred).
private func recordedPans() throws -> [[PanSample]] {
    let path = PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path
    let results = try RecordingReplay.results(RecordingLocator.source(forPath: path),
                                              configuration: SessionSettings().configuration())
    let pans = results.map(\.transcript.samples).filter { $0.count > 3 }
    try #require(!pans.isEmpty, "the recording has a pan")
    return pans
}

@Test func aRecordedPansChangedVelocitiesAreDeferred() throws {
    for samples in try recordedPans() {
        #expect(samples.contains { $0.velocityEstimate.isDeferred }, "otherwise the tests below test nothing deferred")
    }
}

@Test(arguments: [1, 2, 3])
func aTurnedPansVelocitiesAreTheRecordedOnesTurned(quarterTurns: Int) throws {
    for samples in try recordedPans() {
        let turned = ProbeMaker.rotated(samples, quarterTurns: quarterTurns)
        #expect(turned.count == samples.count)
        for (s, t) in zip(samples, turned) {
            let v = s.velocity
            let expected = switch quarterTurns {
            case 1: Vector2(x: -v.y, y: v.x)
            case 2: Vector2(x: -v.x, y: -v.y)
            default: Vector2(x: v.y, y: -v.x)
            }
            #expect(t.velocity == expected)
            #expect(t.velocityEstimate.isDeferred == s.velocityEstimate.isDeferred)
            #expect(t.time == s.time && t.phase == s.phase && t.fingerCount == s.fingerCount)
        }
    }
}

@Test(arguments: [2.0, 0.5])
func aTimeWarpedPansVelocitiesAreTheRecordedOnesScaled(factor: Double) throws {
    for samples in try recordedPans() {
        let warped = ProbeMaker.timeWarped(samples, by: factor)
        for (s, w) in zip(samples, warped) {
            #expect(w.velocity == s.velocity * (1 / factor))
            #expect(w.translation == s.translation && w.slopTranslation == s.slopTranslation)
            #expect(w.time == samples[0].time + (s.time - samples[0].time) * factor)
        }
    }
}

@Test func aBentBackPansVelocitiesLoseTheRampsRate() throws {
    let rules = try SessionSettings().configuration().dismissal
    for samples in try recordedPans() {
        let release = try #require(samples.lastIndex { $0.phase == .ended || $0.phase == .cancelled })
        let bent = try #require(ProbeMaker.bentBack(samples, release: release, rules: rules, to: -0.3))
        let now = rules.edge.component(of: samples[release].translation)
        let rate = (now - -0.3 * rules.divisor) / (samples[release].time - samples[0].time)
        for (s, b) in zip(samples, bent) {
            var expected = s.velocity
            switch rules.edge.axis {
            case .vertical: expected.y -= rules.edge.sign * rate
            case .horizontal: expected.x -= rules.edge.sign * rate
            }
            #expect(b.velocity == expected)
        }
        #expect(abs(rules.rawProgress(of: bent[release].translation) - -0.3) < 1e-9)
    }
}

@Test(arguments: [60.0, 240.0])
func aResampledPansVelocitiesLieBetweenTheRecordedOnes(rate: Double) throws {
    for samples in try recordedPans() {
        let release = try #require(samples.lastIndex { $0.phase == .ended || $0.phase == .cancelled })
        let resampled = try #require(ProbeMaker.resampled(samples, release: release, at: rate, velocity: .leastSquares))
        // Every sample between the began one and the release, against the recorded pair
        // around its time, interpolated as the translation is.
        var checked = 0
        for r in resampled.dropFirst().dropLast() {
            let after = try #require(samples.firstIndex { $0.time > r.time })
            let a = samples[after - 1], b = samples[after]
            let f = (r.time - a.time) / (b.time - a.time)
            #expect(r.velocity == a.velocity + (b.velocity - a.velocity) * f, "t=\(r.time)")
            #expect(r.velocityEstimate.isDeferred == (a.velocityEstimate.isDeferred || b.velocityEstimate.isDeferred))
            checked += 1
        }
        #expect(checked > 3)
    }
}

/// A flick minimum of 0 puts the flick-back probe on 0, said as `0.0`, not `-0.0`.
@Test func aFlickBackOnZeroIsNotNegativeZero() throws {
    var rules = DismissalProfile.transition.settings
    rules.flick?.minimumVelocity = 0
    let samples = try #require(try recordedPans().first)
    let on = try #require(ProbeMaker.probes(from: samples, rules: rules).probes.first { $0.kind == .flickBackOn })
    #expect(on.detail.hasPrefix("release velocity 0.0 pt/s along the edge"), "\(on.detail)")
}
