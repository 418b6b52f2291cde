/// The direction a dismissing pan moves on screen, named after the screen edge it moves towards.
///
/// `.bottom` (the default) means "pan down to dismiss": Transition's modal edge `.bottom`
/// (`TransitionEdges.swift`, `forModalTransitionsAtEdge(.bottom)` maps `.bottom` → dismiss),
/// EasyTransitions' `.fromTop` (the finger moves from the top towards the bottom,
/// `PanGesture.swift` `percentagePanned`: `ty / H`) and PhotoZoomAnimator in portrait
/// (`delta = max(ty, 0)`). PhotoZoomAnimator in landscape reads x instead: `.right`.
///
/// ```swift
/// DismissEdge.bottom.component(of: Vector2(x: 3, y: 40))   // 40: towards dismissal
/// DismissEdge.top.component(of: Vector2(x: 3, y: 40))      // -40: against it
/// ```
public enum DismissEdge: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case top
    case bottom
    case left
    case right

    /// The screen axis an edge lies on.
    package enum Axis: String, Hashable, Sendable, CaseIterable, Codable {
        case horizontal
        case vertical
    }

    /// The axis the edge lies across: vertical for top and bottom.
    package var axis: Axis {
        switch self {
        case .top, .bottom: return .vertical
        case .left, .right: return .horizontal
        }
    }

    /// +1 when moving towards this edge increases the screen coordinate (`.bottom`, `.right`),
    /// −1 otherwise. Transition's `progress(in:)` uses exactly this factor (L119–132).
    package var sign: Double {
        switch self {
        case .bottom, .right: return 1
        case .top, .left: return -1
        }
    }

    /// The edge on the same axis, facing the other way (where a flick "against" points).
    package var opposite: DismissEdge {
        switch self {
        case .top: return .bottom
        case .bottom: return .top
        case .left: return .right
        case .right: return .left
        }
    }

    /// The signed component of `vector` along this edge's axis, positive towards the edge.
    /// This is EasyTransitions' `percentagePanned` / `velocityForPan` projection.
    package func component(of vector: Vector2) -> Double {
        switch axis {
        case .vertical: return sign * vector.y
        case .horizontal: return sign * vector.x
        }
    }

    /// Transition's `TransitionScreenEdge(vector:)` (`TransitionEdges.swift` L28–30): horizontal
    /// only if |dx| > |dy| (strict), then `.right` if dx > 0 else `.left`; otherwise vertical,
    /// `.bottom` if dy > 0 else `.top`. Ties go to the vertical axis; the zero vector gives `.top`.
    package init(dominantDirectionOf vector: Vector2) {
        if abs(vector.x) > abs(vector.y) {
            self = vector.x > 0 ? .right : .left
        } else {
            self = vector.y > 0 ? .bottom : .top
        }
    }

    /// The edge's name (`bottom`).
    public var description: String { rawValue }
}
