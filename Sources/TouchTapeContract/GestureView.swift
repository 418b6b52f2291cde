/// The view a ``PanGesture`` is measured in: TouchTape has no views, only this stand-in so
/// that an iOS handler's `gesture.translation(in: view)` and `view.bounds.height` port as
/// they are.
///
/// Replay sizes it from the declared rules: the extent along the dismiss axis is the
/// progress distance (`--distance`), so `translation.y / view.bounds.height` is the
/// fraction the checks recompute.
public struct GestureView: Hashable, Sendable {
    /// Width and height in points.
    public struct Bounds: Hashable, Sendable, Codable {
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

    /// The view the rules declare (``DismissalSettings/declared(edge:distance:progressRange:threshold:finishesAtThreshold:flickVelocity:finishesAtFlickVelocity:flickMeasure:flickCrossAxisMargin:flickNeedsProgress:flickSlidesBackAtFullThreshold:cancelFlickVelocity:cancelRule:rule:decidesOn:begins:maximumTouches:onGestureCancelled:view:)``'s
    /// `view`), else one whose extent along the dismiss axis is the rules' progress divisor
    /// and whose other extent is a portrait phone's proportion of it (390 × 844 points): a
    /// handler that divides by the wrong side (`bounds.width` for `bounds.height`) gets
    /// another progress than the rules, as it would on a phone. (The view was square, so
    /// such a mix-up passed every check.)
    package init(settings: DismissalSettings) {
        if let declared = settings.viewBounds {
            self.init(width: declared.width, height: declared.height)
            return
        }
        let d = settings.divisor
        switch settings.edge.axis {
        case .vertical: self.init(width: d * Self.portraitWidth / Self.portraitHeight, height: d)
        case .horizontal: self.init(width: d, height: d * Self.portraitHeight / Self.portraitWidth)
        }
    }

    /// A portrait phone's size in points (iPhone 14's 390 × 844): the proportion of the
    /// replay's view.
    static let portraitWidth = 390.0, portraitHeight = 844.0
}
