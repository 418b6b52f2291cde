/// The view a ``PanGesture`` is measured in: TouchTape has no views, only this stand-in so
/// that an iOS handler's `gesture.translation(in: view)` and `view.bounds.height` port as
/// they are.
///
/// Replay sizes it from the declared rules: the extent along the dismiss axis is the
/// progress distance (`--distance`), so `translation.y / view.bounds.height` is the
/// fraction the checks recompute.
public struct GestureView: Hashable, Sendable {
    /// Width and height in points.
    public struct Bounds: Hashable, Sendable {
        /// Points.
        public var width: Double
        /// Points.
        public var height: Double

        /// A view of this size in points.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// The view's size (UIKit's `bounds.size`).
    public var bounds: Bounds

    /// A view of this size in points.
    public init(width: Double, height: Double) {
        bounds = Bounds(width: width, height: height)
    }

    /// A square view whose side is the rules' progress divisor, so the extent along
    /// either axis is the distance the rules divide by.
    package init(settings: DismissalSettings) {
        self.init(width: settings.divisor, height: settings.divisor)
    }
}
