import TouchTapeEvents

/// Turns a description and events into the text of one recording format.
///
/// Pure: no file I/O. The recorder and `convert` write the pieces and fsync them, so
/// any prefix of a file that ends right after a `format(...)` call is a complete,
/// valid recording for ``RecordingReader`` and for the format's real tools — a
/// recorder killed between two gestures leaves a usable file.
///
/// ```swift
/// var formatter = EvemuFormatter(description: description, metadata: metadata)
/// var text = formatter.header()
/// text += formatter.format(frame)                 // whole frames, in order
/// text += formatter.format(annotation: note)      // after the gesture's last frame
/// text += formatter.footer()
/// ```
public protocol RecordingFormatter {
    init(description: DeviceDescription, metadata: RecordingMetadata)
    /// Everything before the first event (the device description).
    func header() -> String
    /// Whole frames (each ending with `SYN_REPORT`), in order.
    mutating func format(_ events: some Collection<InputEvent>) -> String
    /// A mark placed after the last formatted event.
    mutating func format(annotation: TrackAnnotation) -> String
    /// Text after the last event: the end mark (``RecordingEndMark/endLine``).
    func footer() -> String
}
