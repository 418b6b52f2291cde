/// Where one gesture lies in a stream: its frames and the events they consumed.
package struct TrackSpan: Hashable, Sendable {
    /// ``Frame/index`` values of the track's frames, the neutral last frame included.
    package var frameRange: Range<Int>
    /// Source event indices: from the first frame's first event to the last frame's `SYN_REPORT`.
    package var eventRange: Range<Int>
    /// The largest finger count in the track (``Frame/fingerCount``; `BTN_TOUCH` alone counts 1).
    package var maxFingers: Int
    /// The stream ended before every contact lifted; the span ends at the last complete frame.
    package var endsWithContactsDown: Bool

    /// A value from its parts.
    package init(frameRange: Range<Int>, eventRange: Range<Int>, maxFingers: Int, endsWithContactsDown: Bool) {
        self.frameRange = frameRange
        self.eventRange = eventRange
        self.maxFingers = maxFingers
        self.endsWithContactsDown = endsWithContactsDown
    }
}
