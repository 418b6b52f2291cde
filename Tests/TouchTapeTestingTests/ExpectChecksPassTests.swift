import Testing
import TouchTape
import TouchTapeTesting
import TouchTapeTestSupport

/// Completes twice: `completion-once` fails on every decided track.
private struct CompletesTwice: InteractiveDismissalController {
    var inner = ReferenceCard()
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        inner.handlePan(gesture, transition: &transition)
    }
    mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {
        transition.completeTransition(!transition.transitionWasCancelled)
        transition.completeTransition(!transition.transitionWasCancelled)
    }
}

@Test func aGoodControllerRecordsNoIssue() {
    let result = expectChecksPass(replaying: PackagePaths.recordings.path, rules: ReferenceCard.rules) { ReferenceCard() }
    #expect(result?.tracks.isEmpty == false)
}

@Test func aBrokenControllerFailsWithFileTrackCheckAndFrame() {
    withKnownIssue {
        expectChecksPass(replaying: PackagePaths.recordings.path, rules: ReferenceCard.rules, tracks: .labelled(.finish)) {
            CompletesTwice()
        }
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("completion-once failed at t=") && text.contains(" track ")
            && text.contains("of the track, frame ") && text.contains("expected exactly one completion callback, got 2")
    }
}

@Test func aPathWithoutRecordingsIsAFailureNotASilentPass() {
    let (_, messages) = ReplayExpectation.evaluate(replaying: "/nonexistent-touchtape-folder", rules: ReferenceCard.rules,
                                                   tracks: .all) { ReferenceCard() }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("/nonexistent-touchtape-folder") == true)
}
