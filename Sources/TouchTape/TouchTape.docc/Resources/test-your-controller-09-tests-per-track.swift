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
}
