import TouchTapeEvents

/// Reads a whole recording into memory (for the pipeline, tests and `inspect`).
///
/// Built on ``RecordingStream``; use the stream directly when the recording may be
/// long and the caller can work event by event.
public enum RecordingReader {
    public static func read(_ source: RecordingSource) throws(RecordingError) -> Recording {
        var stream = try RecordingStream(source)
        var events: [InputEvent] = []
        var marks: [AnnotationMark] = []
        while let item = try stream.next() {
            switch item {
            case .event(let event): events.append(event)
            case .annotation(let annotation): marks.append(AnnotationMark(eventIndex: events.count, annotation: annotation))
            }
        }
        var notes: [String] = []
        if stream.isTruncated { notes.append(RecordingEndMark.truncationNote(events: events.count)) }
        return Recording(description: stream.description, events: events, annotations: marks,
                         metadata: stream.metadata, source: source, notes: notes)
    }

    /// Reads one path; an events-only evemu file is paired with its `.desc` the way
    /// ``RecordingLocator`` pairs them.
    public static func read(path: String, deviceIndex: Int? = nil) throws(RecordingError) -> Recording {
        try read(RecordingLocator.source(forPath: path, deviceIndex: deviceIndex))
    }

    /// Reads the split layout given explicitly (`touchtape inspect DESC EVENTS`).
    public static func read(descriptionPath: String, eventsPath: String) throws(RecordingError) -> Recording {
        try read(RecordingSource(eventsPath: eventsPath, descriptionPath: descriptionPath, format: .evemu))
    }
}
