@_spi(Pipeline) import TouchTapeEvents

/// Reads a whole recording into memory (for the pipeline, tests and `inspect`).
///
/// Built on ``RecordingStream``; use the stream directly when the recording may be
/// long and the caller can work event by event.
package enum RecordingReader {
    /// Reads a whole recording; `locking` says how it is locked while read (shared by default,
    /// so a file being rewritten by `label` is read once the rewrite is done).
    package static func read(_ source: RecordingSource, locking: ReadLocking = .standard) throws(RecordingError) -> Recording {
        let stream = try RecordingStream(source, locking: locking)
        var events: [InputEvent] = []
        var marks: [AnnotationMark] = []
        while let item = try stream.next() {
            switch item {
            case .event(let event): events.append(event)
            case .annotation(let annotation): marks.append(AnnotationMark(eventIndex: events.count, annotation: annotation))
            }
        }
        return Recording(description: stream.description, events: events, annotations: marks,
                         metadata: stream.metadata, source: source, notes: stream.truncationNote.map { [$0] } ?? [])
    }

    /// Reads one path; an events-only evemu file is paired with its `.desc` the way
    /// ``RecordingLocator`` pairs them.
    package static func read(path: String, deviceIndex: Int? = nil, locking: ReadLocking = .standard) throws(RecordingError) -> Recording {
        try read(RecordingLocator.source(forPath: path, deviceIndex: deviceIndex), locking: locking)
    }

    /// Reads the split layout given explicitly (`touchtape inspect DESC EVENTS`).
    package static func read(descriptionPath: String, eventsPath: String, locking: ReadLocking = .standard) throws(RecordingError) -> Recording {
        try read(RecordingSource(eventsPath: eventsPath, descriptionPath: descriptionPath, format: .evemu), locking: locking)
    }
}
