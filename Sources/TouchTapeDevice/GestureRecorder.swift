@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
import TouchTapeTracks

/// Turns the live event stream into a recording file, gesture by gesture.
///
/// - The header (device description) is written and synced first.
/// - Events are written whole frames at a time: the frames completed by one ``feed(_:)``
///   batch (one read from the device) in one `write(2)`, so a recorder that fell behind
///   catches up with fewer system calls, and the file never ends inside a frame.
/// - When a gesture's last contact lifts, the gesture's
///   annotation (expected outcome, note) is written and the file is synced: a
///   crash, signal, unplug or full disk loses at most the gesture in progress.
/// - ``finish(cutShort:)`` closes a gesture in progress with `cutShort = true` and
///   writes the footer, so the file stays valid whatever stopped the recording.
/// - Times are made relative the way evemu-record does: the first event is at
///   0.000001 s (the absolute `CLOCK_MONOTONIC` time of the start is kept in
///   ``timeBase``).
/// - On a write failure the file is rolled back to the last completed gesture.
///
/// Gestures are found by the same ``TrackSession`` that splits the file when it is read
/// back, so every mark lands exactly where the reader looks for it (after the track's
/// lift frame, before the next track).
package struct GestureRecorder<Formatter: RecordingTextFormatter> {
    package private(set) var formatter: Formatter
    package let file: RecordingFile
    /// What every gesture's annotation says (the `--expect` and `--note` options).
    package var annotation: TrackAnnotation
    /// Absolute time subtracted from every event; set by the first event.
    package private(set) var timeBase: EventTime?
    package private(set) var completedGestures = 0

    /// The same events → frames → tracks loop that reads the file back.
    private var session: TrackSession
    /// Events of the frame being read (written at its `SYN_REPORT`).
    private var frame: [InputEvent] = []
    /// The lines of the batch's completed frames, as bytes: one buffer for the whole
    /// recording, no text per event; written at the end of ``feed(_:)`` or before a mark.
    private var lines: [UInt8] = []
    private var gestureStart: EventTime?
    private var lastFrameTime = EventTime.zero

    package init(formatter: Formatter, file: RecordingFile, description: DeviceDescription, annotation: TrackAnnotation) throws(RecordingFileError) {
        self.formatter = formatter
        self.file = file
        self.annotation = annotation
        self.session = TrackSession(description: description, units: MillimetreConversion(description: description))
        try file.write(formatter.header(), gesturesKept: 0)
        try file.commit(gesturesKept: 0)
    }

    package var isInGesture: Bool { session.isInGesture }

    /// Feeds events in kernel order; returns what to tell the user.
    package mutating func feed(_ events: [InputEvent]) throws(RecordingFileError) -> [RecorderNotice] {
        var notices: [RecorderNotice] = []
        for raw in events {
            let base = timeBase ?? raw.time.adding(microseconds: -1)
            if timeBase == nil { timeBase = base }
            var event = raw
            event.time = EventTime(totalMicroseconds: raw.time.totalMicroseconds &- base.totalMicroseconds)
            if event.isSynDropped { notices.append(.eventsDropped(at: event.time)) }
            frame.append(event)
            var boundary: TrackBoundary?
            session.feed(event) { step in
                guard case .frame(_, let b) = step else { return }
                boundary = b
                lastFrameTime = event.time
            }
            // Whole frames only (a SYN_REPORT the assembler discards after a SYN_DROPPED
            // still closes what is written).
            guard event.isSynReport else { continue }
            if case .began? = boundary { gestureStart = frame.first?.time ?? event.time }
            formatter.append(frame: frame, to: &lines)
            frame.removeAll(keepingCapacity: true)
            if case .ended(let span)? = boundary {
                try writeLines()
                notices.append(.gestureEnded(try closeGesture(span)))
            }
        }
        try writeLines()
        return notices
    }

    /// Writes the completed frames' lines (whole frames) and empties the buffer, also on failure.
    private mutating func writeLines() throws(RecordingFileError) {
        defer { lines.removeAll(keepingCapacity: true) }
        try write(lines)
    }

    /// Ends the recording: a gesture in progress is closed with `cutShort`, its
    /// unfinished frame (no `SYN_REPORT` yet) is dropped, the footer is written and
    /// the file synced. Returns the summary of the closed gesture, if one was open.
    package mutating func finish() throws(RecordingFileError) -> GestureSummary? {
        frame.removeAll()
        var open: TrackSpan?
        session.finish { step in
            if case .endedInGesture(let span) = step { open = span }
        }
        var summary: GestureSummary?
        if let open { summary = try closeGesture(open) }
        try write(formatter.footer())
        try file.commit(gesturesKept: completedGestures)
        return summary
    }

    /// Writes the annotation after the gesture's last frame and syncs; a span that
    /// ends with contacts down (the recording stopped) is marked cut short.
    private mutating func closeGesture(_ span: TrackSpan) throws(RecordingFileError) -> GestureSummary {
        let cutShort = span.endsWithContactsDown
        let start = gestureStart ?? lastFrameTime
        var mark = annotation
        mark.cutShort = cutShort
        try write(formatter.format(annotation: mark))
        if !cutShort { completedGestures += 1 }
        try file.commit(gesturesKept: completedGestures)
        let number = completedGestures + (cutShort ? 1 : 0)
        gestureStart = nil
        return GestureSummary(number: number, start: start, durationMicroseconds: lastFrameTime.microseconds(since: start),
                              maximumFingers: span.maxFingers, frames: span.frameRange.count, cutShort: cutShort)
    }

    private func write(_ bytes: [UInt8]) throws(RecordingFileError) {
        guard !bytes.isEmpty else { return }
        do {
            try file.write(bytes, gesturesKept: completedGestures)
        } catch {
            file.rollBack()
            throw error
        }
    }

    /// An annotation or the footer: rare, so as bytes through the one path above.
    private func write(_ text: String) throws(RecordingFileError) {
        try write(Array(text.utf8))
    }
}
