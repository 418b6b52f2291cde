import PropertyBased
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
@testable import TouchTapeDismissal

/// Every profile's progress stays in 0…1 whatever the pan does, and never decreases
/// while the pan only moves towards the profile's dismiss edge.
@Suite struct DismissalProfilePropertyTests {
    /// A pan from step pairs: each sample moves `along` points towards (or, unless
    /// `monotonic`, away from) the edge and any amount across it, 16 ms apart, then ends.
    static func pan(_ steps: [(along: Double, across: Double)], edge: DismissEdge, velocity: Double) -> [PanSample] {
        var along = 0.0, across = 0.0
        var samples = [PanSample(time: 0, phase: .began, translation: .zero, velocity: .zero, fingerCount: 1)]
        func vector(_ a: Double, _ c: Double) -> Vector2 {
            let signed = a * edge.sign
            return edge.axis == .vertical ? Vector2(x: c, y: signed) : Vector2(x: signed, y: c)
        }
        for (k, step) in steps.enumerated() {
            along += step.along; across += step.across
            samples.append(PanSample(time: Double(k + 1) * 0.016, phase: .changed, translation: vector(along, across),
                                     velocity: vector(velocity, 0), fingerCount: 1))
        }
        samples.append(PanSample(time: Double(steps.count + 1) * 0.016, phase: .ended, translation: vector(along, across),
                                 velocity: vector(velocity, 0), fingerCount: 1))
        return samples
    }

    /// Up to 40 steps of any size either way along the edge's axis, and across it.
    static let anySteps = zip(Gen.double(in: -400...400), Gen.double(in: -300...300))
        .map { (along: $0, across: $1) }.array(of: 0...40)
    /// The same, never away from the edge.
    static let monotonicSteps = zip(Gen.double(in: 0...400), Gen.double(in: -300...300))
        .map { (along: $0, across: $1) }.array(of: 0...40)

    @Test(arguments: DismissalProfile.allCases)
    func progressStaysInZeroToOne(profile: DismissalProfile) async {
        await propertyCheck(count: 200, input: Self.anySteps, Gen.double(in: -5000...5000)) { steps, velocity in
            let result = DismissalRun.run(controller: DismissalController(settings: profile.settings),
                                          samples: Self.pan(steps, edge: profile.settings.edge, velocity: velocity))
            for update in result.updates {
                #expect((0...1).contains(update.progress), "\(profile): progress \(update.progress) at \(update.time) s")
            }
            // The completion animation is left out: a spring may overshoot by design (CompletionFrame).
        }
    }

    @Test(arguments: DismissalProfile.allCases)
    func progressIsMonotonicForMonotonicPans(profile: DismissalProfile) async {
        await propertyCheck(count: 200, input: Self.monotonicSteps, Gen.double(in: 0...5000)) { steps, velocity in
            let result = DismissalRun.run(controller: DismissalController(settings: profile.settings),
                                          samples: Self.pan(steps, edge: profile.settings.edge, velocity: velocity))
            let progress = result.updates.map(\.progress)
            #expect(zip(progress, progress.dropFirst()).allSatisfy { $0 <= $1 }, "\(profile): \(progress)")
        }
    }
}
