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
        // The first 20 failed checks, then one issue counting the rest.
        if text.hasPrefix("… and ") { return text.contains(" more failed checks (completion-once) in ") }
        return text.contains("completion-once failed at t=") && text.contains(" track ")
            && text.contains("of the track, frame ") && text.contains("expected exactly one completion callback, got 2")
    }
}

/// A bug seen on every track and probe fails two hundred checks: the first 20 are recorded
/// one by one, then one message counts the rest (a log of two hundred hid the first).
@Test func aHundredFailuresAreTwentyMessagesAndACount() {
    let (result, messages) = ReplayExpectation.evaluate(replaying: PackagePaths.recordings.path, rules: ReferenceCard.rules,
                                                        tracks: .all) { CompletesTwice() }
    let failures = result?.failures.count ?? 0
    #expect(failures > ReplayExpectation.failureLimit + 10, "\(failures)")
    #expect(messages.count == ReplayExpectation.failureLimit + 1)
    #expect(messages.last == "… and \(failures - ReplayExpectation.failureLimit) more failed checks (completion-once) in "
            + "\(PackagePaths.recordings.path); the returned ControllerReplayResult holds every one, and the first above usually says what to fix",
            "\(messages.last ?? "")")
}

@Test func aPathWithoutRecordingsIsAFailureNotASilentPass() {
    let (_, messages) = ReplayExpectation.evaluate(replaying: "/nonexistent-touchtape-folder", rules: ReferenceCard.rules,
                                                   tracks: .all) { ReferenceCard() }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("/nonexistent-touchtape-folder") == true)
}
