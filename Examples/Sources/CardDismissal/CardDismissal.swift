import TouchTapeContract

/// A card dismissed by pulling it down, written as an iOS pan handler would be: it reads
/// the gesture, moves the card, and drives a percent-driven transition.
///
/// - Progress is the pull over the card's height, clamped to 0…1.
/// - Pulled up, beyond its resting edge, the card rubber-bands (``rubberBand(_:dimension:)``)
///   while the transition's progress stays at 0.
/// - Release: an upward flick (≤ −800 pt/s) cancels; a downward flick (≥ 800 pt/s) or a
///   pull past 35 % dismisses; otherwise the card springs back.
public struct CardDismissal: InteractiveDismissalController {
    /// The card's height in points: the distance its progress divides by.
    public static let height: Double = 600
    /// What this controller declares, for the checks to hold it to.
    public static let rules = DismissalSettings.declared(edge: .bottom, distance: height, threshold: 0.35,
                                                         flickVelocity: 800, cancelFlickVelocity: 800)

    /// How far the card is drawn from where it rests, in points (+ down); negative while
    /// it rubber-bands above.
    public private(set) var cardOffset: Double = 0

    public init() {}

    public mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        let translation = gesture.translation(in: gesture.view).y
        cardOffset = translation >= 0 ? translation : -Self.rubberBand(-translation, dimension: Self.height)
        let progress = min(max(translation / Self.height, 0), 1)
        switch gesture.state {
        case .began:
            transition.begin()
            transition.update(progress)
        case .changed:
            transition.update(progress)
        case .ended, .cancelled:
            let velocity = gesture.velocity(in: gesture.view).y
            transition.duration = 0.35
            transition.timingParameters = .spring(dampingRatio: 0.85, initialVelocity: .fromRelease)
            if velocity <= -800 {
                transition.cancel()
            } else if velocity >= 800 || progress > 0.35 {
                transition.finish()
            } else {
                transition.cancel()
            }
        }
    }

    /// UIScrollView's rubber band: the offset for pulling `overshoot` points beyond an
    /// edge of a view `dimension` points long; always less than both.
    public static func rubberBand(_ overshoot: Double, dimension: Double, coefficient: Double = 0.55) -> Double {
        (1 - 1 / (overshoot * coefficient / dimension + 1)) * dimension
    }
}
