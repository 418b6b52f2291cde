import Testing
import TouchTape
import TouchTapeTesting
import TouchTapeTestSupport

private struct Card: InteractiveDismissalController {
    static let rules = DismissalSettings.declared(distance: 800, threshold: 0.4, flickVelocity: 1000,
                                                      cancelFlickVelocity: 1000)
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        let p = min(max(gesture.translation(in: gesture.view).y / gesture.view.bounds.height, 0), 1)
        switch gesture.state {
        case .began: transition.begin()
        case .changed: transition.update(p)
        case .ended, .cancelled:
            let v = gesture.velocity(in: gesture.view).y
            v > -1000 && (p > 0.4 || v >= 1000) ? transition.finish() : transition.cancel()
        }
    }
}

/// Completes twice: `completion-once` fails on every decided track.
private struct CompletesTwice: InteractiveDismissalController {
    var inner = Card()
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        inner.handlePan(gesture, transition: &transition)
    }
    mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {
        transition.completeTransition(!transition.transitionWasCancelled)
        transition.completeTransition(!transition.transitionWasCancelled)
    }
}

@Test func aGoodControllerRecordsNoIssue() {
    let result = expectChecksPass(replaying: PackagePaths.recordings.path, rules: Card.rules) { Card() }
    #expect(result?.tracks.isEmpty == false)
}

@Test func aBrokenControllerFailsWithFileTrackCheckAndFrame() {
    withKnownIssue {
        expectChecksPass(replaying: PackagePaths.recordings.path, rules: Card.rules, tracks: .labelled(.finish)) {
            CompletesTwice()
        }
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("completion-once failed at t=") && text.contains(" track ")
            && text.contains("of the track, frame ") && text.contains("expected exactly one completion callback, got 2")
    }
}

@Test func aPathWithoutRecordingsIsAFailureNotASilentPass() {
    let (_, messages) = ReplayExpectation.evaluate(replaying: "/nonexistent-touchtape-folder", rules: Card.rules,
                                                   tracks: .all) { Card() }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("/nonexistent-touchtape-folder") == true)
}
