@_spi(Pipeline) import TouchTapeEvents

/// What ``GestureRecorder`` needs from a recording format: text for the header,
/// for whole frames, for a track annotation and for the end of the file.
///
/// The formats module's `RecordingFormatter`s (evemu, libinput record) satisfy it
/// through a small adapter in the `record` command; tests use a plain one.
package protocol RecordingTextFormatter {
    func header() -> String
    /// Whole frames, in order, times already relative to the recording start.
    mutating func format(frame events: [InputEvent]) -> String
    /// ``format(frame:)`` appended to `out` as bytes: what the recorder calls for every
    /// frame, into one buffer it reuses (the evemu and libinput writers build no text).
    mutating func append(frame events: [InputEvent], to out: inout [UInt8])
    /// A mark placed after the last formatted event.
    mutating func format(annotation: TrackAnnotation) -> String
    func footer() -> String
}

extension RecordingTextFormatter {
    /// By default the text of ``format(frame:)``.
    package mutating func append(frame events: [InputEvent], to out: inout [UInt8]) {
        out += format(frame: events).utf8
    }
}
