@_spi(Pipeline) import TouchTapeEvents
import TouchTapeTracks

/// A track's events made playable on their own into a fresh uinput device
/// (`touchtape play --track N`).
///
/// A fresh device has slot 0 selected and nothing down. A protocol-B track cut from a
/// stream whose selected slot was another one, and whose first MT event is not an
/// `ABS_MT_SLOT` (the kernel only sends one on a change), would otherwise update slot 0;
/// it gets the `ABS_MT_SLOT` it relied on, at its first event's time. Everything else
/// a track needs is in its own events, because tracks start with nothing down.
package enum StandaloneTrack {
    package static func events(_ track: Track) -> [InputEvent] {
        var events = track.events
        let slot = track.initialState.currentSlot
        guard slot != 0, let first = events.first,
              track.description.supports(type: .abs, code: EventCodes.ABS_MT_SLOT) else { return events }
        let firstMT = events.first { $0.eventType == .abs && $0.code >= EventCodes.ABS_MT_SLOT }
        if firstMT?.code != EventCodes.ABS_MT_SLOT {
            events.insert(InputEvent(time: first.time, type: .abs, code: EventCodes.ABS_MT_SLOT, value: Int32(slot)), at: 0)
        }
        return events
    }
}
