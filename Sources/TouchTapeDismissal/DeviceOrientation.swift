/// PhotoZoomAnimator's orientation test (`UIDevice.current.orientation.isLandscape`,
/// `ZoomDismissalInteractionController.swift` L46, L78): portrait reads the pan's y,
/// landscape its x. Face-up, face-down and unknown count as portrait.
///
/// In TouchTape the orientation is only a way to pick the ``DismissEdge``; the progress
/// divisor stays the view *height* in both (PhotoZoomAnimator divides by
/// `view.bounds.height` even in landscape), so changing the orientation leaves
/// ``DismissalSettings/progressDistance`` alone.
///
/// ```swift
/// var settings = DismissalProfile.photozoom.settings
/// settings.edge = DeviceOrientation.landscape.photoZoomEdge   // .right
/// ```
package enum DeviceOrientation: String, Hashable, Sendable, CaseIterable, Codable {
    case portrait
    case landscape

    /// The dismiss edge PhotoZoomAnimator uses in this orientation: down in portrait,
    /// right (x grows) in landscape.
    package var photoZoomEdge: DismissEdge {
        switch self {
        case .portrait: return .bottom
        case .landscape: return .right
        }
    }
}
