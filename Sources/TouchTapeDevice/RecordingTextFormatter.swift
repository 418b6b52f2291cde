import TouchTapeEvents

/// What ``GestureRecorder`` needs from a recording format: text for the header,
/// for whole frames, for a track annotation and for the end of the file.
///
/// The formats module's `RecordingFormatter`s (evemu, libinput record) satisfy it
/// through a small adapter in the `record` command; tests use a plain one.
public protocol RecordingTextFormatter {
    func header() -> String
    /// Whole frames, in order, times already relative to the recording start.
    mutating func format(frame events: [InputEvent]) -> String
    /// A mark placed after the last formatted event.
    mutating func format(annotation: TrackAnnotation) -> String
    func footer() -> String
}
