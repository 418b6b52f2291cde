@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats

/// Appends whole gestures to a recording, one at a time (`touchtape live --save`),
/// written the way ``GestureRecorder`` writes: the header once (synced), then for each
/// gesture its frames with relative times, its mark, and an `fsync`, so the file is a
/// valid recording after every save; a failed write is rolled back to the last save.
///
/// Times: the first gesture starts at 0.000001 s (as evemu-record starts); each next one
/// ``gapMicroseconds`` after the end of the one before, keeping its own spacing.
package struct TrackAppender<Formatter: RecordingTextFormatter> {
    package private(set) var formatter: Formatter
    package let file: RecordingFile
    package private(set) var tracksWritten = 0
    /// Recording time between one saved gesture's last event and the next one's first.
    package static var gapMicroseconds: Int64 { 1_000_000 }
    private var nextStart = EventTime(totalMicroseconds: 1)

    package init(formatter: Formatter, file: RecordingFile) throws(RecordingFileError) {
        self.formatter = formatter
        self.file = file
        try write(formatter.header())
        try file.commit(gesturesKept: 0)
    }

    /// Writes one gesture's events (times as read; whole frames) and its mark, then syncs.
    package mutating func append(events: [InputEvent], annotation: TrackAnnotation) throws(RecordingFileError) {
        guard let first = events.first else { return }
        var frame: [InputEvent] = []
        var last = nextStart
        var text = ""
        for raw in events {
            var event = raw
            event.time = nextStart.adding(microseconds: raw.time.microseconds(since: first.time))
            last = event.time
            frame.append(event)
            if event.isSynReport {
                text += formatter.format(frame: frame)
                frame.removeAll(keepingCapacity: true)
            }
        }
        if !frame.isEmpty { text += formatter.format(frame: frame) }
        text += formatter.format(annotation: annotation)
        try write(text)
        try file.commit(gesturesKept: tracksWritten + 1)
        tracksWritten += 1
        nextStart = last.adding(microseconds: Self.gapMicroseconds)
    }

    /// Ends the file with the end mark (the session ended normally: `q`, a stop signal,
    /// `--gestures`), so it reads back complete, as `record`'s files do. A file whose
    /// session was killed keeps its saved gestures and reads back as cut short, which it is.
    package mutating func finish() throws(RecordingFileError) {
        try write(formatter.footer())
        try file.commit(gesturesKept: tracksWritten)
    }

    private func write(_ text: String) throws(RecordingFileError) {
        guard !text.isEmpty else { return }
        do {
            try file.write(text, gesturesKept: tracksWritten)
        } catch {
            file.rollBack()
            throw error
        }
    }
}
