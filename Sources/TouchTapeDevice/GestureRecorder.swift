import TouchTapeEvents

/// Turns the live event stream into a recording file, gesture by gesture.
///
/// - The header (device description) is written and synced first.
/// - Events are written a whole frame at a time, as each `SYN_REPORT` arrives.
/// - When a gesture's last contact lifts (``TouchActivity``), the gesture's
///   annotation (expected outcome, note) is written and the file is synced: a
///   crash, signal, unplug or full disk loses at most the gesture in progress.
/// - ``finish(cutShort:)`` closes a gesture in progress with `cutShort = true` and
///   writes the footer, so the file stays valid whatever stopped the recording.
/// - Times are made relative the way evemu-record does: the first event is at
///   0.000001 s (the absolute `CLOCK_MONOTONIC` time of the start is kept in
///   ``timeBase``).
/// - On a write failure the file is rolled back to the last completed gesture.
public struct GestureRecorder<Formatter: RecordingTextFormatter> {
    public private(set) var formatter: Formatter
    public let file: RecordingFile
    /// What every gesture's annotation says (the `--expect` and `--note` options).
    public var annotation: TrackAnnotation
    /// Absolute time subtracted from every event; set by the first event.
    public private(set) var timeBase: EventTime?
    public private(set) var completedGestures = 0

    private var activity: TouchActivity
    private var frame: [InputEvent] = []
    private var gestureStart: EventTime?
    private var gestureFrames = 0
    private var gestureFingers = 0
    private var lastFrameTime = EventTime.zero

    public init(formatter: Formatter, file: RecordingFile, touchProtocol: TouchProtocol, annotation: TrackAnnotation) throws(RecordingFileError) {
        self.formatter = formatter
        self.file = file
        self.annotation = annotation
        self.activity = TouchActivity(touchProtocol: touchProtocol)
        try file.write(formatter.header(), gesturesKept: 0)
        try file.commit(gesturesKept: 0)
    }

    public var isInGesture: Bool { gestureStart != nil }

    /// Feeds events in kernel order; returns what to tell the user.
    public mutating func feed(_ events: [InputEvent]) throws(RecordingFileError) -> [RecorderNotice] {
        var notices: [RecorderNotice] = []
        for raw in events {
            let base = timeBase ?? raw.time.adding(microseconds: -1)
            if timeBase == nil { timeBase = base }
            var event = raw
            event.time = EventTime(totalMicroseconds: raw.time.totalMicroseconds &- base.totalMicroseconds)
            if event.isSynDropped { notices.append(.eventsDropped(at: event.time)) }
            frame.append(event)
            guard let fingers = activity.feed(event) else { continue }
            // A whole frame: write it, then see whether a gesture started or ended.
            if fingers > 0 && gestureStart == nil {
                gestureStart = event.time
                gestureFrames = 0
                gestureFingers = 0
            }
            if gestureStart != nil {
                gestureFrames += 1
                gestureFingers = max(gestureFingers, fingers)
            }
            lastFrameTime = event.time
            let text = formatter.format(frame: frame)
            frame.removeAll(keepingCapacity: true)
            try write(text)
            if fingers == 0, gestureStart != nil {
                notices.append(.gestureEnded(try closeGesture(cutShort: false)))
            }
        }
        return notices
    }

    /// Ends the recording: a gesture in progress is closed with `cutShort`, its
    /// unfinished frame (no `SYN_REPORT` yet) is dropped, the footer is written and
    /// the file synced. Returns the summary of the closed gesture, if one was open.
    public mutating func finish() throws(RecordingFileError) -> GestureSummary? {
        frame.removeAll()
        var summary: GestureSummary?
        if gestureStart != nil { summary = try closeGesture(cutShort: true) }
        try write(formatter.footer())
        try file.commit(gesturesKept: completedGestures)
        return summary
    }

    private mutating func closeGesture(cutShort: Bool) throws(RecordingFileError) -> GestureSummary {
        let start = gestureStart ?? lastFrameTime
        var mark = annotation
        mark.cutShort = cutShort
        try write(formatter.format(annotation: mark))
        if !cutShort { completedGestures += 1 }
        try file.commit(gesturesKept: completedGestures)
        let number = completedGestures + (cutShort ? 1 : 0)
        gestureStart = nil
        return GestureSummary(number: number, start: start, durationMicroseconds: lastFrameTime.microseconds(since: start),
                              maximumFingers: gestureFingers, frames: gestureFrames, cutShort: cutShort)
    }

    private func write(_ text: String) throws(RecordingFileError) {
        guard !text.isEmpty else { return }
        do {
            try file.write(text, gesturesKept: completedGestures)
        } catch {
            file.rollBack()
            throw error
        }
    }
}
