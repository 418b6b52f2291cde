/// How many fingers a pan accepts (`UIPanGestureRecognizer.minimumNumberOfTouches` /
/// `maximumNumberOfTouches`).
///
/// - Below ``minimum`` the pan does not begin (a one-finger touchpad motion moves the
///   pointer, it is not a pan), and a running pan that falls below it *ends* (the
///   remaining finger cannot carry the gesture, so it is a release, not an abort).
/// - Above ``maximum`` the extra fingers are ignored, as UIKit does: the pan keeps
///   tracking the earliest-landed `maximum` contacts (centroid, slop and velocity come
///   from those alone); when one of them lifts, the next-earliest contact takes its
///   place with the translation re-anchored, so nothing jumps. ``PanSample/fingerCount``
///   still reports every finger down, so a consumer can apply its own policy.
package struct FingerCountRule: Hashable, Sendable {
    /// The least finger count.
    package var minimum: Int
    /// `nil` = no limit (UIKit's default `Int.max`).
    package var maximum: Int?

    /// - Precondition: `minimum ≥ 1` and `maximum ≥ 1` when given (check user input
    ///   with ``PanSettings/validated()`` first).
    package init(minimum: Int = 1, maximum: Int? = nil) {
        precondition(minimum >= 1 && (maximum ?? 1) >= 1, "finger counts start at 1")
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Touchscreen default: any number of fingers.
    package static let any = FingerCountRule(minimum: 1)
    /// Touchpad default: two or more (see ``PanConstants/touchpadMinimumFingers``).
    package static let touchpad = FingerCountRule(minimum: PanConstants.touchpadMinimumFingers)

    /// True when `fingerCount` fingers are enough to pan.
    package func allowsPan(fingerCount: Int) -> Bool { fingerCount >= minimum }

    /// Can any finger count pan under this rule? `false` when the maximum is below the minimum.
    package var isSatisfiable: Bool { maximum.map { $0 >= minimum } ?? true }
}
