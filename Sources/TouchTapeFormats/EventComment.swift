import TouchTapeEvents

/// The human-readable comment both evemu-record and `libinput record` put after each
/// event (evemu's `write_event_desc`): type / code / value, or a separator line for
/// `SYN_REPORT` with the milliseconds since the previous one.
///
/// One value for both formatters because the text is the same; only the prefix around
/// it differs (`# ` in evemu, `] # ` in libinput record), which the callers add.
struct EventComment: Hashable, Sendable {
    /// The previous `SYN_*` event's time, for the `+Nms` of the next separator.
    private var previousSyn: EventTime?

    init() {}

    mutating func text(for event: InputEvent) -> String {
        let codeName = EventCodes.codeName(type: event.type, code: event.code)
        guard event.type == EventType.syn.rawValue else {
            return "\(EventCodes.typeName(event.type)) / \(CFormat.left(codeName, width: 20)) \(event.value)"
        }
        if event.code == EventCodes.SYN_MT_REPORT {
            return "++++++++++++ \(codeName) (\(event.value)) ++++++++++"
        }
        let milliseconds = previousSyn.map { event.time.microseconds(since: $0) / 1000 } ?? 0
        previousSyn = event.time
        return "------------ \(codeName) (\(event.value)) ---------- \(milliseconds >= 0 ? "+" : "")\(milliseconds)ms"
    }
}
