import Testing
import TouchTapeDismissal

@Test func happyPathThroughTheTable() {
    var state = DismissalState.idle
    for event: DismissalEvent in [.began(accepted: true), .changed, .changed, .released, .decided(.cancel), .animationEnded] {
        state = state.next(on: event) ?? state
    }
    #expect(state == .completed)
}

@Test func refusedAndUndecidedBranches() {
    #expect(DismissalState.idle.next(on: .began(accepted: false)) == .notStarted)
    #expect(DismissalState.notStarted.next(on: .changed) == .notStarted)
    #expect(DismissalState.notStarted.next(on: .released) == .notStarted)
    #expect(DismissalState.deciding.next(on: .decided(.none)) == .undecided)
    #expect(DismissalState.deciding.next(on: .decided(.finish)) == .animating)
}

@Test func nonsenseIsRejected() {
    #expect(DismissalState.idle.next(on: .released) == nil)
    #expect(DismissalState.interactive.next(on: .began(accepted: true)) == nil)
    #expect(DismissalState.animating.next(on: .changed) == nil)
    #expect(DismissalState.undecided.next(on: .animationEnded) == nil)
    #expect(DismissalState.completed.next(on: .animationEnded) == nil)
    #expect(DismissalState.undecided.next(on: .began(accepted: true)) == nil)
}

/// The interaction controller is used again: a pan after a completed transition (a cancel
/// leaves the view controller in place) or a refused pan begins as from idle.
@Test func aPanAfterACompletedTransitionOrARefusedPanBeginsAgain() {
    #expect(DismissalState.completed.next(on: .began(accepted: true)) == .interactive)
    #expect(DismissalState.completed.next(on: .began(accepted: false)) == .notStarted)
    #expect(DismissalState.notStarted.next(on: .began(accepted: true)) == .interactive)
    #expect(DismissalState.notStarted.next(on: .began(accepted: false)) == .notStarted)
}
