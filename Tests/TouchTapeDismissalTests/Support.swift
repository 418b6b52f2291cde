import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

/// A pan that begins at t = 0 (translation zero, like TouchTape's recognizer reports it),
/// moves halfway at 0.1 s, reaches `translation` at 0.2 s and ends (or is cancelled) there at
/// 0.3 s with `velocity`. `beganVelocity` decides begin rules; it points down by default.
func pan(_ translation: Vector2, velocity: Vector2, end: PanPhase = .ended,
         beganVelocity: Vector2 = Vector2(x: 0, y: 300), fingers: Int = 1) -> [PanSample] {
    [
        PanSample(time: 0, phase: .began, translation: .zero, velocity: beganVelocity, fingerCount: fingers),
        PanSample(time: 0.1, phase: .changed, translation: translation / 2, velocity: velocity, fingerCount: fingers),
        PanSample(time: 0.2, phase: .changed, translation: translation, velocity: velocity, fingerCount: fingers),
        PanSample(time: 0.3, phase: end, translation: translation, velocity: velocity, fingerCount: fingers),
    ]
}

func v(_ x: Double, _ y: Double) -> Vector2 { Vector2(x: x, y: y) }

/// One of the fact sheet's §6 examples.
struct Scenario: Sendable, CustomTestStringConvertible {
    var name: String
    var samples: [PanSample]
    var outcome: Outcome
    var reason: DecisionReason
    /// The fraction UIKit holds at release, computed by hand in the table.
    var releaseProgress: Double
    var adjust: @Sendable (inout DismissalSettings) -> Void = { _ in }

    var testDescription: String { name }

    func run(_ profile: DismissalProfile) -> DismissalRunResult {
        var settings = profile.settings
        adjust(&settings)
        return DismissalRun.run(controller: DismissalController(settings: settings), samples: samples)
    }
}
