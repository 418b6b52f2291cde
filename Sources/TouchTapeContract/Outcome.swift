/// What a released pan did to the transition.
public enum Outcome: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// The dismissal completes (UIKit `.end`, `finishInteractiveTransition`).
    case finish
    /// It rolls back (UIKit `.start`, `cancelInteractiveTransition`).
    case cancel
    /// Neither: no transition was started (a begin rule refused the pan, so nothing
    /// happens at all), or a gesture that ended `.cancelled` is ignored and the transition
    /// hangs interactive with no callback (PhotoZoomAnimator). Both are real behaviours of
    /// the libraries, reported as they are.
    case none

    /// `finish`, `cancel` or `none`.
    public var description: String { rawValue }
}
