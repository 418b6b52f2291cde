@_spi(Pipeline) import TouchTapeEvents

/// The human-readable comment both evemu-record and `libinput record` put after each
/// event (evemu's `write_event_desc`): type / code / value, or a separator line for
/// `SYN_REPORT` with the milliseconds since the previous one.
///
/// One value for both formatters because the text is the same; only the prefix around
/// it differs (`# ` in evemu, `] # ` in libinput record), which the callers add.
/// Written as bytes (names from ``EventCommentTable``, digits by ``ByteWriter``): it is
/// most of each event line.
struct EventComment: Hashable, Sendable {
    /// The previous `SYN_*` event's time, for the `+Nms` of the next separator.
    private var previousSyn: EventTime?

    init() {}

    /// Writes the comment for `event` (no line break):
    /// `EV_ABS / ABS_MT_POSITION_X    1330`, `++++++++++++ SYN_MT_REPORT (0) ++++++++++`
    /// or `------------ SYN_REPORT (0) ---------- +12ms`.
    @inline(__always)
    mutating func write(_ event: InputEvent, names: EventCommentTable.View, to writer: inout ByteWriter) {
        guard event.type == EventType.syn.rawValue else {
            writeName(event, names, &writer)
            writer.decimal(Int64(event.value))
            return
        }
        if event.code == EventCodes.SYN_MT_REPORT {
            writer.literal("++++++++++++ ")
            writeName(event, names, &writer)
            writer.literal(" (")
            writer.decimal(Int64(event.value))
            writer.literal(") ++++++++++")
            return
        }
        let milliseconds = previousSyn.map { event.time.microseconds(since: $0) / 1000 } ?? 0
        previousSyn = event.time
        writer.literal("------------ ")
        writeName(event, names, &writer)
        writer.literal(" (")
        writer.decimal(Int64(event.value))
        writer.literal(") ---------- ")
        if milliseconds >= 0 { writer.byte(UInt8(ascii: "+")) }
        writer.decimal(milliseconds)
        writer.literal("ms")
    }

    /// The comment as text (tests).
    mutating func text(for event: InputEvent) -> String {
        var bytes: [UInt8] = []
        EventCommentTable.shared.withView { names in
            ByteWriter.lines(into: &bytes, count: 1) { _, writer in write(event, names: names, to: &writer) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always)
    private func writeName(_ event: InputEvent, _ names: EventCommentTable.View, _ writer: inout ByteWriter) {
        if !names.write(type: event.type, code: event.code, to: &writer) {
            var text = EventCommentTable.text(type: event.type, code: event.code)
            text.withUTF8 { writer.bytes($0) }
        }
    }
}
