@_spi(Pipeline) import TouchTapeEvents
import TouchTapeTracks

/// Keeps the events of the gesture in progress so the last finished one can be saved
/// (`s`): the events a ``TrackSpan`` names, made playable alone.
///
/// Between gestures it forgets what it no longer needs, so memory stays flat however
/// long the session. It follows the selected MT slot through what it forgets, because a
/// protocol-B gesture whose first event is not an `ABS_MT_SLOT` relies on the slot the
/// stream had selected; like ``StandaloneTrack`` in the device module (which works from a
/// ``Track``'s initial state), such a gesture gets that `ABS_MT_SLOT` at its first event.
package struct TrackEventCollector: Sendable {
    private let supportsSlots: Bool
    /// Stream index of `events[0]`.
    private var firstIndex = 0
    private var events: [InputEvent] = []
    /// The slot selected before `events[0]`.
    private var slotBefore: Int32 = 0

    package init(description: DeviceDescription) {
        supportsSlots = description.supports(type: .abs, code: EventCodes.ABS_MT_SLOT)
    }

    /// The next event of the stream (the same events, in the same order, as the session's).
    package mutating func append(_ event: InputEvent) { events.append(event) }

    /// Forgets the events before stream index `index` (a frame outside any gesture went by).
    package mutating func forget(before index: Int) {
        let count = min(max(0, index - firstIndex), events.count)
        guard count > 0 else { return }
        for event in events[..<count] where isSlot(event) { slotBefore = event.value }
        events.removeFirst(count)
        firstIndex += count
    }

    /// The events of `span`, playable alone (times as read).
    package func events(of span: TrackSpan) -> [InputEvent] {
        let lower = max(span.eventRange.lowerBound - firstIndex, 0)
        let upper = min(span.eventRange.upperBound - firstIndex, events.count)
        guard lower < upper else { return [] }
        var slot = slotBefore
        for event in events[..<lower] where isSlot(event) { slot = event.value }
        var result = Array(events[lower..<upper])
        if supportsSlots, slot != 0, let first = result.first {
            let firstMT = result.first { $0.eventType == .abs && $0.code >= EventCodes.ABS_MT_SLOT }
            if firstMT?.code != EventCodes.ABS_MT_SLOT {
                result.insert(InputEvent(time: first.time, type: .abs, code: EventCodes.ABS_MT_SLOT, value: slot), at: 0)
            }
        }
        return result
    }

    private func isSlot(_ event: InputEvent) -> Bool {
        event.eventType == .abs && event.code == EventCodes.ABS_MT_SLOT
    }
}

/// A finished gesture ready to be appended to a recording: its events (times as read)
/// and the mark that follows them.
package struct SavedTrack: Hashable, Sendable {
    package var gesture: Int
    package var track: Int
    package var events: [InputEvent]
    package var annotation: TrackAnnotation

    package init(gesture: Int, track: Int, events: [InputEvent], annotation: TrackAnnotation) {
        self.gesture = gesture
        self.track = track
        self.events = events
        self.annotation = annotation
    }
}
