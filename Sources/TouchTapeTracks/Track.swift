@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames

/// One gesture cut from a recording: its exact source events (exact times), where they
/// were, and the surface state before them, so it can be replayed on its own.
package struct Track: Hashable, Sendable {
    /// 1-based position among the recording's tracks.
    package var number: Int
    /// The device the events came from.
    package var description: DeviceDescription
    /// The gesture's events, unchanged, from its first frame's first event to its last
    /// frame's `SYN_REPORT`.
    package var events: [InputEvent]
    /// Indices of ``events`` in the recording.
    package var sourceEventRange: Range<Int>
    /// ``Frame/index`` values of the track's frames in the recording.
    package var sourceFrameRange: Range<Int>
    /// The state of the surface just before the first event (slot selection, slot
    /// contents, keys held…): a protocol-B track cut from the middle of a stream
    /// depends on it.
    package var initialState: TouchState
    /// The recorder's label (expected outcome) and note.
    package var annotation: TrackAnnotation
    /// The recording ended with contacts still down: the gesture has no lift.
    package var endsWithContactsDown: Bool
    /// The largest finger count of any frame.
    package var maxFingers: Int

    /// A value from its parts.
    package init(number: Int, description: DeviceDescription, events: [InputEvent], sourceEventRange: Range<Int>,
                sourceFrameRange: Range<Int>, initialState: TouchState, annotation: TrackAnnotation = TrackAnnotation(),
                endsWithContactsDown: Bool, maxFingers: Int) {
        precondition(events.count == sourceEventRange.count, "events must match sourceEventRange")
        self.number = number
        self.description = description
        self.events = events
        self.sourceEventRange = sourceEventRange
        self.sourceFrameRange = sourceFrameRange
        self.initialState = initialState
        self.annotation = annotation
        self.endsWithContactsDown = endsWithContactsDown
        self.maxFingers = maxFingers
    }

    /// A value from its parts.
    package init(number: Int, description: DeviceDescription, events: [InputEvent], span: TrackSpan,
                initialState: TouchState, annotation: TrackAnnotation = TrackAnnotation()) {
        self.init(number: number, description: description, events: events, sourceEventRange: span.eventRange,
                  sourceFrameRange: span.frameRange, initialState: initialState, annotation: annotation,
                  endsWithContactsDown: span.endsWithContactsDown, maxFingers: span.maxFingers)
    }

    /// Time of the first event (`.zero` for an empty track).
    package var startTime: EventTime { events.first?.time ?? .zero }
    /// Time of the last event: the last frame's `SYN_REPORT`.
    package var endTime: EventTime { events.last?.time ?? .zero }
    /// `endTime − startTime` in seconds.
    package var duration: Double { Double(endTime.microseconds(since: startTime)) / 1_000_000 }
    /// Frames in the track.
    package var frameCount: Int { sourceFrameRange.count }
    /// Events in the track.
    package var eventCount: Int { events.count }

    /// The track's frames, re-assembled from its events starting at ``initialState``;
    /// frame and event indices are those of the recording.
    package func frames(units: MillimetreConversion) -> [Frame] {
        var assembler = FrameAssembler(description: description, units: units, initialState: initialState,
                                       firstFrameIndex: sourceFrameRange.lowerBound)
        var frames: [Frame] = []
        frames.reserveCapacity(sourceFrameRange.count)
        for (offset, event) in events.enumerated() {
            if let frame = assembler.feed(event, index: sourceEventRange.lowerBound + offset) { frames.append(frame) }
        }
        return frames
    }
}
