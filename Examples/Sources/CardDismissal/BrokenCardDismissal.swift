import TouchTapeContract

/// A deliberately broken card, kept as a test fixture: past 40 % it rubber-bands the
/// *progress* as well, with the overshoot's sign flipped, so the transition runs backwards
/// while the finger keeps pulling down. `progress-monotonic` must catch it, naming the
/// track and the frame where it happens.
public struct BrokenCardDismissal: InteractiveDismissalController {
    var card = CardDismissal()

    public init() {}

    public mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        guard gesture.state == .changed else { return card.handlePan(gesture, transition: &transition) }
        let pull = max(gesture.translation(in: gesture.view).y, 0)
        let soft = 0.4 * CardDismissal.height
        // The bug: the band is subtracted from the soft limit instead of added to it.
        let offset = pull <= soft ? pull : soft - CardDismissal.rubberBand(pull - soft, dimension: CardDismissal.height)
        transition.update(min(max(offset / CardDismissal.height, 0), 1))
    }
}
