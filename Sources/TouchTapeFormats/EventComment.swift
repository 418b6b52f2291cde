import TouchTapeEvents

/// The human-readable comment both evemu-record and `libinput record` put after each
/// event (evemu's `write_event_desc`): type / code / value, or a separator line for
/// `SYN_REPORT` with the milliseconds since the previous one.
///
/// One value for both formatters because the text is the same; only the prefix around
/// it differs (`# ` in evemu, `] # ` in libinput record), which the callers add.
/// Written as bytes (names from ``EventCommentTable``, digits by ``CFormatBytes``): it
/// is most of each event line.
struct EventComment: Hashable, Sendable {
    /// The previous `SYN_*` event's time, for the `+Nms` of the next separator.
    private var previousSyn: EventTime?

    init() {}

    /// Appends the comment for `event` (no line break):
    /// `EV_ABS / ABS_MT_POSITION_X    1330`, `++++++++++++ SYN_MT_REPORT (0) ++++++++++`
    /// or `------------ SYN_REPORT (0) ---------- +12ms`.
    mutating func append(for event: InputEvent, to out: inout [UInt8]) {
        guard event.type == EventType.syn.rawValue else {
            appendName(event, to: &out)
            CFormatBytes.appendDecimal(Int64(event.value), to: &out)
            return
        }
        if event.code == EventCodes.SYN_MT_REPORT {
            CFormatBytes.append("++++++++++++ ", to: &out)
            appendName(event, to: &out)
            CFormatBytes.append(" (", to: &out)
            CFormatBytes.appendDecimal(Int64(event.value), to: &out)
            CFormatBytes.append(") ++++++++++", to: &out)
            return
        }
        let milliseconds = previousSyn.map { event.time.microseconds(since: $0) / 1000 } ?? 0
        previousSyn = event.time
        CFormatBytes.append("------------ ", to: &out)
        appendName(event, to: &out)
        CFormatBytes.append(" (", to: &out)
        CFormatBytes.appendDecimal(Int64(event.value), to: &out)
        CFormatBytes.append(") ---------- ", to: &out)
        if milliseconds >= 0 { out.append(UInt8(ascii: "+")) }
        CFormatBytes.appendDecimal(milliseconds, to: &out)
        CFormatBytes.append("ms", to: &out)
    }

    /// The comment as text (tests, and callers that want one line).
    mutating func text(for event: InputEvent) -> String {
        var bytes: [UInt8] = []
        append(for: event, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always)
    private func appendName(_ event: InputEvent, to out: inout [UInt8]) {
        if !EventCommentTable.shared.append(type: event.type, code: event.code, to: &out) {
            out += EventCommentTable.text(type: event.type, code: event.code).utf8
        }
    }
}
