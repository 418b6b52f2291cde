import TouchTapeContract

/// Transition's `PanInteractionController` (Touchwonders/Transition), ported onto the contract
/// as an app ports it: a modal view dismissed by panning it towards the bottom edge
/// (`PanInteractionController(forModalTransitionsAtEdge: .bottom)`), with the library's defaults.
///
/// Each part keeps the library's rule:
/// - `gestureRecognizerShouldBegin`: the direction of the pan so far, as a screen edge, picks
///   the operation; only the dismiss edge begins one.
/// - `progress(in:)`: the translation along the edge's axis over the container's extent,
///   clamped to 0…1 as Transition's driver clamps it.
/// - `completionPosition(in:fractionComplete:)`: a flick on the dismiss axis decides by its
///   direction; otherwise the fraction must be above `completionThreshold`.
/// - `.ended` and `.cancelled` both end the interaction (`TransitionDriver.updateInteraction`).
public final class PanInteractionController: InteractiveDismissalController {
    /// Above this fraction a release completes; at or below it, it cancels.
    public let completionThreshold: Double = 1.0 / 3.0
    /// Whether a flick decides before the threshold does.
    public let allowFlick = true
    /// The speed that makes a release a flick, in points per second, of the 2-D velocity.
    public let minimumFlickVelocity: Double = 1200
    /// Scales the distance a whole transition takes.
    public let panDistanceMultiplier: Double = 1.0
    /// The screen edge the view is dismissed towards.
    let dismissEdge = TransitionScreenEdge.bottom

    /// A controller with Transition's defaults.
    public init() {}

    /// `gestureRecognizerShouldBegin`, through `operationForInteractiveTransition()`: the
    /// translation so far, as a screen edge, must be the edge the view is dismissed towards.
    public func shouldBegin(_ gesture: PanGesture) -> Bool {
        TransitionScreenEdge(vector: gesture.translation(in: gesture.view)) == dismissEdge
    }

    /// The pan's target action, as `TransitionDriver.updateInteraction` handles each state.
    public func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
    }
}

/// Transition's `TransitionScreenEdge`: a screen edge, and the one a vector points at.
enum TransitionScreenEdge {
    case top, right, bottom, left

    /// `TransitionScreenEdge(vector:)`: horizontal only if |dx| > |dy|, then right or left by
    /// the sign of dx; otherwise bottom if dy > 0, else top (so ties and zero go vertical).
    init(vector: Vector2) {
        if abs(vector.x) > abs(vector.y) {
            self = vector.x > 0 ? .right : .left
        } else {
            self = vector.y > 0 ? .bottom : .top
        }
    }

    /// Whether the edge lies on the horizontal axis (left or right).
    var isHorizontal: Bool { self == .left || self == .right }
}
