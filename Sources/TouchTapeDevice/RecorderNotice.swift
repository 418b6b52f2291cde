@_spi(Pipeline) import TouchTapeEvents

/// Something the recorder tells the user while it records.
package enum RecorderNotice: Hashable, Sendable {
    /// A gesture's last contact lifted; its annotation is written and synced.
    case gestureEnded(GestureSummary)
    /// The kernel dropped events (`SYN_DROPPED`) at this relative time.
    case eventsDropped(at: EventTime)

    package var line: String {
        switch self {
        case .gestureEnded(let summary): return summary.line
        case .eventsDropped(let time):
            return "SYN_DROPPED at \(time) s: the kernel's buffer overflowed, events were lost; "
                + "recorded as a gap followed by the resynchronised state"
        }
    }
}
