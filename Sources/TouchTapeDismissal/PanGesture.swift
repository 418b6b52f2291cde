import TouchTapeEvents
import TouchTapePan

/// What an app's pan handler reads: the shape of `UIPanGestureRecognizer`, filled from a
/// recorded (or live) pan sample.
///
/// ```swift
/// switch gesture.state {
/// case .began: transition.begin()
/// case .changed: transition.update(gesture.translation(in: view).y / view.bounds.height)
/// case .ended, .cancelled: gesture.velocity(in: view).y > 1000 ? transition.finish() : transition.cancel()
/// }
/// ```
public struct PanGesture: Hashable, Sendable {
    /// `UIGestureRecognizer.State`, as a pan target sees it (`.possible` and `.failed`
    /// never reach a target, so they are not here).
    public enum State: String, Hashable, Sendable, CaseIterable {
        case began
        case changed
        /// The fingers lifted: decide.
        case ended
        /// The gesture was cut off (the track ended with fingers down): UIKit apps usually
        /// decide as for `.ended`.
        case cancelled
    }

    /// The recognizer's state for this callback.
    public var state: State
    /// Seconds since the track's first frame (the virtual clock's time base).
    public var timestamp: Double
    /// Fingers down (at `.ended`: the count before lifting).
    public var numberOfTouches: Int
    /// The view the gesture is attached to (`gesture.view`).
    public var view: GestureView
    /// The pan sample this gesture was made from.
    public var sample: PanSample

    /// The gesture a pan target sees for `sample`, measured in `view`.
    public init(sample: PanSample, view: GestureView) {
        switch sample.phase {
        case .began: state = .began
        case .changed: state = .changed
        case .ended: state = .ended
        case .cancelled: state = .cancelled
        }
        timestamp = sample.time
        numberOfTouches = sample.fingerCount
        self.view = view
        self.sample = sample
    }

    /// Translation since `.began` in points (+y down). Every view shares one coordinate
    /// space here; `view` is accepted so UIKit code ports unchanged.
    public func translation(in view: GestureView? = nil) -> Vector2 { sample.translation }

    /// Velocity in points per second (+y down); `view` as for ``translation(in:)``.
    public func velocity(in view: GestureView? = nil) -> Vector2 { sample.velocity }
}
