import Testing
import TouchTapeTesting          // re-exports TouchTape
import TouchTapeTestSupport

// The README's 15-line version, as written there (but for the recordings' path).
private struct Card: InteractiveDismissalController {
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        let p = min(max(gesture.translation(in: gesture.view).y / gesture.view.bounds.height, 0), 1)
        let v = gesture.velocity(in: gesture.view).y
        switch gesture.state {
        case .began: transition.begin()                          // dismiss(animated: true)
        case .changed: transition.update(p)
        case .ended, .cancelled: v > -1000 && (p > 0.4 || v >= 1000) ? transition.finish() : transition.cancel()
        }
    }
}
@Test func cardFollowsRealFingers() {
    expectChecksPass(replaying: PackagePaths.recordings.path, rules: .declared(distance: 800, threshold: 0.4,
                     flickVelocity: 1000, cancelFlickVelocity: 1000)) { Card() }
}
