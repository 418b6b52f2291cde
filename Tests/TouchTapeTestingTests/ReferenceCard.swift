import TouchTape

/// The card both helpers' tests replay: it follows the finger, finishes past 40 % or on a
/// downward flick of 1000 pt/s, cancels on an upward one (the README's card, with its rules).
/// `ReadmeExampleTests` keeps its own copy, written as the README has it.
struct ReferenceCard: InteractiveDismissalController {
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
