@_spi(Pipeline) import TouchTapeEvents

/// Turns a description and events into the text of one recording format.
///
/// Pure: no file I/O. The recorder and `convert` write the pieces and fsync them, so
/// any prefix of a file that ends right after an `append(...)` call is a complete,
/// valid recording for ``RecordingReader`` and for the format's real tools — a
/// recorder killed between two gestures leaves a usable file.
///
/// Events, millions of them in `convert` and a thousand frames a second in the recorder,
/// are written as bytes into a buffer the caller reuses (``append(_:to:)``); the rare
/// pieces (header, marks, footer) are text.
///
/// ```swift
/// var formatter = EvemuFormatter(description: description, metadata: metadata)
/// var bytes = Array(formatter.header().utf8)
/// formatter.append(frame, to: &bytes)             // whole frames, in order
/// bytes += formatter.format(annotation: note).utf8 // after the gesture's last frame
/// bytes += formatter.footer().utf8
/// ```
package protocol RecordingFormatter {
    init(description: DeviceDescription, metadata: RecordingMetadata)
    /// Everything before the first event (the device description).
    func header() -> String
    /// Appends the lines of whole frames (each ending with `SYN_REPORT`), in order, to `out`.
    mutating func append(_ events: some Collection<InputEvent>, to out: inout [UInt8])
    /// A mark placed after the last formatted event.
    mutating func format(annotation: TrackAnnotation) -> String
    /// Text after the last event: the end mark (``RecordingEndMark/endLine``).
    func footer() -> String
}

extension RecordingFormatter {
    /// ``append(_:to:)`` as text: the same bytes.
    package mutating func format(_ events: some Collection<InputEvent>) -> String {
        var bytes: [UInt8] = []
        append(events, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
