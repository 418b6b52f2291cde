import Foundation
import Testing
import TouchTape
import TouchTapeTestSupport

// Issue 23: `completeTransition` called at release, before the completion animation ran,
// passed every check. `completion-timing` holds it to the animation's end.

/// `FollowingCard`, but it completes the transition itself as soon as it decides.
private struct CompletesAtRelease: InteractiveDismissalController {
    var inner = FollowingCard()
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        inner.handlePan(gesture, transition: &transition)
        if gesture.state == .ended || gesture.state == .cancelled, transition.isInteractive == false {
            transition.completeTransition(!transition.transitionWasCancelled)
        }
    }
    mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {}
}

@Test func aControllerThatCompletesAtReleaseFailsCompletionTiming() throws {
    var replay = ControllerReplay(rules: FollowingCard.rules) { CompletesAtRelease() }
    replay.probes = false
    let run = replay.run(try Recordings(path: PackagePaths.recordings.path), tracks: .labelled)
    let timing = run.failures.filter { $0.check == "completion-timing" }
    #expect(!timing.isEmpty, "\(run.failures.map(\.description))")
    let first = try #require(timing.first)
    #expect(first.detail.contains("expected when the completion animation ends at t="), "\(first.detail)")
    #expect(first.detail.contains("release at t="), "names the expected and actual virtual times: \(first.detail)")
}

@Test func theCorrectControllerCompletesWhenItsAnimationEnds() throws {
    var replay = ControllerReplay(rules: FollowingCard.rules) { FollowingCard() }
    replay.probes = false
    let run = replay.run(try Recordings(path: PackagePaths.recordings.path))
    let results = run.report.tracks.flatMap(\.checks).filter { $0.name == "completion-timing" }
    #expect(results.contains { $0.status == .passed })
    #expect(!results.contains { $0.status == .failed })
}
