import Foundation
import Testing
import TouchTape
import TouchTapeTesting
@testable import CardDismissal

/// Transition's `PanInteractionController`, as the app target ports it, replayed against the
/// recordings this test target carries as resources (`.copy("Recordings")`).
@Suite struct PanInteractionControllerTests {
    /// Every track of every recording, each with its probes, held to the declared rules.
    @Test func passesEveryCheckOnEveryRecording() throws {
        let recordings = try Recordings(bundle: .module, subdirectory: "Recordings")
        let result = expectChecksPass(recordings, rules: PanInteractionController.rules) {
            PanInteractionController()
        }
        #expect(result.tracks.count >= 4)
    }

    /// One test case per recorded track, named after it: a failure says which gesture.
    @Test(arguments: try! Recordings(bundle: .module, subdirectory: "Recordings").tracks())
    func passesEveryCheckOn(_ track: RecordedTrack) {
        let run = ControllerReplay(rules: PanInteractionController.rules) { PanInteractionController() }.run(track)
        #expect(!run.tracks.isEmpty)
        #expect(run.failures.isEmpty, "\(run.failures)")
    }

    /// A hand-made pan, no recording: released still at exactly a third of the way it
    /// cancels (Transition compares with `>`); a point further, it finishes.
    @Test func aStillReleaseAtExactlyAThirdCancels() {
        #expect(Self.release(after: 300).outcome == .cancel)
        #expect(Self.release(after: 301).outcome == .finish)
    }

    /// Pulls a 900 pt view down by `pull` points and lets go without speed.
    private static func release(after pull: Double) -> TransitionContext {
        let controller = PanInteractionController()
        var transition = TransitionContext(distance: 900)
        let view = GestureView(width: 390, height: 900)
        let moved = Vector2(x: 0, y: pull)
        controller.handlePan(PanGesture(state: .began, view: view), transition: &transition)
        controller.handlePan(PanGesture(state: .changed, timestamp: 0.1, translation: moved, view: view),
                             transition: &transition)
        controller.handlePan(PanGesture(state: .ended, timestamp: 0.2, translation: moved, view: view),
                             transition: &transition)
        return transition
    }
}
