@_spi(Pipeline) import TouchTapeEvents

/// One gesture the recorder closed: what the live line on stderr says about it.
package struct GestureSummary: Hashable, Sendable {
    /// 1-based, in recording order.
    package var number: Int
    /// Time of its first frame (relative to the recording start).
    package var start: EventTime
    /// First frame to lift frame, in microseconds.
    package var durationMicroseconds: Int64
    /// Most fingers down at once.
    package var maximumFingers: Int
    package var frames: Int
    /// The recorder stopped before the last contact lifted.
    package var cutShort: Bool

    package init(number: Int, start: EventTime, durationMicroseconds: Int64, maximumFingers: Int, frames: Int, cutShort: Bool) {
        self.number = number
        self.start = start
        self.durationMicroseconds = durationMicroseconds
        self.maximumFingers = maximumFingers
        self.frames = frames
        self.cutShort = cutShort
    }

    /// `gesture 3: 0.412 s, 2 fingers, 31 frames` (+ `, cut short`).
    package var line: String {
        let ms = Int(durationMicroseconds / 1000)
        let seconds = "\(ms / 1000)." + String(repeating: "0", count: 3 - String(ms % 1000).count) + String(ms % 1000)
        return "gesture \(number): \(seconds) s, \(maximumFingers) finger\(maximumFingers == 1 ? "" : "s"), \(frames) frame\(frames == 1 ? "" : "s")"
            + (cutShort ? ", cut short" : "")
    }
}
