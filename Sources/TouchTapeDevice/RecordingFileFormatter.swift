@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats

/// The formats module's writers behind the recorder's ``RecordingTextFormatter``,
/// chosen at run time by `record --format`.
///
/// An enum rather than a generic recorder so the `record` command's loop is written
/// once; every case forwards to the formatter it holds, whose output is what the
/// formats module's reader and the real tools (evemu, libinput) accept.
package enum RecordingFileFormatter: RecordingTextFormatter {
    case evemu(EvemuFormatter)
    case libinputRecord(LibinputRecordFormatter)
    case getevent(GeteventFormatter)

    /// The writer of `description` as `format`, for the file `output` (`record`, `record
    /// --adb`, `live --save`). Made before the file is: a description the format would not
    /// give back as itself is refused here (``RecordingFormat/refuseUnwritable(_:file:by:)``,
    /// the check `convert` makes), with the hint `writer` gives.
    package init(format: RecordingFormat, description: DeviceDescription, metadata: RecordingMetadata,
                 output: String, by writer: RecordingFormat.Writer) throws(RecordingError) {
        try format.refuseUnwritable(description, file: output, by: writer)
        switch format {
        case .evemu: self = .evemu(EvemuFormatter(description: description, metadata: metadata))
        case .libinputRecord: self = .libinputRecord(LibinputRecordFormatter(description: description, metadata: metadata))
        case .getevent: self = .getevent(GeteventFormatter(description: description, metadata: metadata))
        }
    }

    package func header() -> String {
        switch self {
        case .evemu(let formatter): return formatter.header()
        case .libinputRecord(let formatter): return formatter.header()
        case .getevent(let formatter): return formatter.header()
        }
    }

    package mutating func format(frame events: [InputEvent]) -> String {
        var bytes: [UInt8] = []
        append(frame: events, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    package mutating func append(frame events: [InputEvent], to out: inout [UInt8]) {
        switch self {
        case .evemu(var formatter):
            formatter.append(events, to: &out)
            self = .evemu(formatter)
        case .libinputRecord(var formatter):
            formatter.append(events, to: &out)
            self = .libinputRecord(formatter)
        case .getevent(var formatter):
            formatter.append(events, to: &out)
            self = .getevent(formatter)
        }
    }

    package mutating func format(annotation: TrackAnnotation) -> String {
        switch self {
        case .evemu(var formatter):
            let text = formatter.format(annotation: annotation)
            self = .evemu(formatter)
            return text
        case .libinputRecord(var formatter):
            let text = formatter.format(annotation: annotation)
            self = .libinputRecord(formatter)
            return text
        case .getevent(var formatter):
            let text = formatter.format(annotation: annotation)
            self = .getevent(formatter)
            return text
        }
    }

    package func footer() -> String {
        switch self {
        case .evemu(let formatter): return formatter.footer()
        case .libinputRecord(let formatter): return formatter.footer()
        case .getevent(let formatter): return formatter.footer()
        }
    }
}
