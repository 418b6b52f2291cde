/// A curve with its own fixed duration, independent of where the release happened
/// (PhotoZoomAnimator's `UIView.animate(withDuration: 0.5, … usingSpringWithDamping: 0.9 …)`).
package struct TimedCurve: Hashable, Sendable, Codable {
    /// Seconds.
    package var duration: Double
    /// The curve (or spring) of the run.
    package var curve: TimingCurve

    /// A run of `duration` seconds on `curve`.
    package init(duration: Double, curve: TimingCurve) {
        self.duration = duration
        self.curve = curve
    }
}
