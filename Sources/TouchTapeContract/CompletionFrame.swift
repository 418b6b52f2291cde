/// One display frame of a completion animation.
package struct CompletionFrame: Hashable, Sendable, Codable {
    /// Seconds on the track's time base (virtual clock).
    package var time: Double
    /// The transition's fraction at this frame (1 = dismissed, 0 = back where it started).
    /// A spring may overshoot its target by a little (ζ 0.8: about 0.1 % near the end); the
    /// last frame is always exactly on the target.
    package var value: Double

    /// A frame at `time` with the transition at `value`.
    package init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}
