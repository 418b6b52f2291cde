import Testing
@_spi(Pipeline) import TouchTapeEvents
@_spi(Pipeline) import TouchTapeContract
@testable import TouchTapePan

/// Issue 26: a `.changed` sample's velocity is fitted when read. Read long after (more
/// samples added, samples overwritten at one time, blocks filled and replaced, the tracker
/// copied and fed apart), it must be the velocity the tracker gave at that moment, bit for bit.
@Suite struct DeferredVelocityTests {
    /// A wobbly motion with repeated positions, same-time overwrites and a pause over 40 ms,
    /// long enough to fill several ``VelocityBlock``s.
    static func motion(count: Int) -> [(time: Double, position: Vector2)] {
        var samples: [(Double, Vector2)] = []
        var micros = 1_000_000
        for k in 0..<count {
            micros += k % 97 == 0 ? 45_000 : (k % 13 == 0 ? 0 : 7_000 + (k % 5) * 900)   // pauses, same-time overwrites
            let t = Double(k)
            let position = k % 11 == 0 && k > 0 ? samples[k - 1].1 : Vector2(x: 30 * t.squareRoot() + (t * 0.7).truncatingRemainder(dividingBy: 3),
                                                                             y: 4 * t + (t * 1.3).truncatingRemainder(dividingBy: 5))
            samples.append((Double(micros) / 1e6, position))
        }
        return samples
    }

    @Test(arguments: VelocityStrategy.allCases)
    func aDeferredFitIsTheFitAtItsMoment(strategy: VelocityStrategy) {
        var tracker = strategy.makeTracker()
        var deferred: [PanVelocity] = []
        var eager: [Vector2] = []
        let samples = Self.motion(count: 3 * VelocityBlock.capacity + 40)
        for (time, position) in samples {
            tracker.addSample(time: time, position: position)
            deferred.append(tracker.estimate(at: time))
            eager.append(tracker.velocity(at: time))
        }
        #expect(eager.contains { $0 != .zero }, "the motion must give velocities to compare")
        for (i, estimate) in deferred.enumerated() {
            #expect(estimate.value == eager[i], "sample \(i) of \(strategy)")
        }
    }

    @Test(arguments: VelocityStrategy.allCases)
    func aCopyFedApartKeepsItsOwnFits(strategy: VelocityStrategy) {
        var original = strategy.makeTracker()
        let samples = Self.motion(count: 60)
        for (time, position) in samples.prefix(30) { original.addSample(time: time, position: position) }
        var copy = original
        // The copy goes one way, the original another, from the same moment.
        for (time, position) in samples[30...] { copy.addSample(time: time, position: position) }
        var fresh = strategy.makeTracker()
        for (time, position) in samples.prefix(30) { fresh.addSample(time: time, position: position) }
        for (time, position) in samples[30...] {
            let turned = Vector2(x: -position.x, y: position.y * 2)
            original.addSample(time: time, position: turned)
            fresh.addSample(time: time, position: turned)
        }
        let end = samples.last!.time
        #expect(original.estimate(at: end).value == fresh.velocity(at: end))
        #expect(original.velocity(at: end) == fresh.velocity(at: end))
        var alone = strategy.makeTracker()
        for (time, position) in samples { alone.addSample(time: time, position: position) }
        #expect(copy.estimate(at: end).value == alone.velocity(at: end))
    }

    @Test func aRecognizedPanReadsTheSameVelocitiesDeferredOrNot() {
        // Every sample of a recognized pan: its (deferred) velocity equals the tracker's eager
        // fit replayed to that sample.
        let samples = Self.motion(count: 400)
        var tracker = LeastSquaresVelocityTracker()
        var values: [PanVelocity] = []
        for (time, position) in samples {
            tracker.addSample(time: time, position: position)
            values.append(tracker.estimate(at: time))
        }
        var replayed = LeastSquaresVelocityTracker()
        for (i, (time, position)) in samples.enumerated() {
            replayed.addSample(time: time, position: position)
            #expect(values[i] == PanVelocity(replayed.velocity(at: time)))
        }
    }
}
