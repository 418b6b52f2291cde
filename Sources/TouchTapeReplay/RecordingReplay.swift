import TouchTapeFrames
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeDismissal

/// A recording file through a ``ReplaySession``, streamed: the file is read item by item
/// and each track is reported as soon as its label is known, so memory stays flat
/// however long the recording.
package enum RecordingReplay {
    /// Replays every track of `source` with a fresh controller per track.
    ///
    /// - Returns: notes on the whole file that no track could carry (a truncated file
    ///   without tracks); otherwise they are on the last track.
    /// - Throws: the reader's ``RecordingError`` (with file, line and hint), including
    ///   ``RecordingError/Kind/noTouchDevice`` before any track is reported and
    ///   ``RecordingError/Kind/misplacedMark`` for a mark that labels no track or that its
    ///   track passes over (``TrackSession/misplacedMark``).
    @discardableResult
    package static func run<Controller: InteractiveDismissalController>(
        _ source: RecordingSource, configuration: ReplayConfiguration,
        makeController: @escaping (ReplayConfiguration) -> Controller,
        cancelled: () -> Bool = { false }, locking: ReadLocking = .standard,
        report: (TrackResult) throws -> Void
    ) throws -> [String] {
        try replay(source, configuration: configuration, makeController: makeController, cancelled: cancelled, locking: locking) {
            try report($0.result)
        }
    }

    /// The one loop every replay runs (``ReplayEngine``, the API, plots and pages): the file
    /// read item by item into a ``ReplaySession``, each track handed on as a ``ReplayedTrack``
    /// (its result and the recording frame of each pan sample) once the next track is
    /// reported, so that notes on the whole file (known only at its end, e.g. how it was
    /// cut short) go with its last track.
    // Specialized for the built-in controller: called from other modules (the CLI, the
    // harness) this generic function otherwise ran unspecialized, every frame paying for
    // metadata look-ups and value-witness copies of the track in progress (issue 26).
    @discardableResult
    @_specialize(exported: false, where Controller == DismissalController)
    package static func replay<Controller: InteractiveDismissalController>(
        _ source: RecordingSource, configuration: ReplayConfiguration,
        makeController: @escaping (ReplayConfiguration) -> Controller,
        cancelled: () -> Bool = { false }, keepFrames: Bool = false, locking: ReadLocking = .standard,
        report: (ReplayedTrack) throws -> Void
    ) throws -> [String] {
        let stream = try RecordingStream(source, locking: locking)
        try stream.requireTouchDevice()
        var session = ReplaySession(description: stream.description, file: source.eventsPath,
                                    configuration: configuration, makeController: makeController)
        // Where each pan sample came from, and the track held until the next is reported.
        // A struct changed from closures written at each call, not a closure kept in a
        // `let`: such a closure counts as escaping, so the variables it changed were boxed
        // and each change checked for exclusive access at run time (1 % of a replay; issue 26).
        var frames = TrackFrames(keepFrames: keepFrames)
        var frameOpen = false
        // A stop signal is looked at every 4096 items, not only between tracks: one track of
        // a hostile file can be millions of events long (Ctrl-C waited 41 s for one).
        var items = 0
        let quick = stream.quickEvents
        while true {
            // Most events come the quick way; next() reads the rest and the annotations.
            if let event = quick.nextCanonicalEvent() {
                if !frameOpen { frames.frameLine = stream.line; frameOpen = true }
                if event.isSynReport { frameOpen = false }
                try session.feed(event) { try frames.forward($0, report) }
            } else {
                guard let item = try stream.next() else { break }
                switch item {
                case .event(let event):
                    if !frameOpen { frames.frameLine = stream.line; frameOpen = true }
                    if event.isSynReport { frameOpen = false }
                    try session.feed(event) { try frames.forward($0, report) }
                case .annotation(let annotation):
                    session.mark(annotation, line: stream.line)
                }
            }
            // Found when a gesture began or ended: refused before the track it concerns
            // (held until the next is reported) is reported.
            if session.hasMisplacedMark { break }
            items &+= 1
            if items & 0xFFF == 0, cancelled() { throw ReplayCancelled() }
        }
        if !session.hasMisplacedMark { try session.finish { try frames.forward($0, report) } }
        if let misplaced = session.misplacedMark { throw RecordingError(misplaced: misplaced, source: source) }
        let fileNotes = stream.truncationNote.map { [$0] } ?? []
        if var last = frames.held {
            last.result.report.notes += fileNotes
            last.result.transcript.notes += fileNotes
            try report(last)
            return []
        }
        return fileNotes
    }

    /// The same with TouchTape's own controller following the configuration.
    @discardableResult
    package static func run(_ source: RecordingSource, configuration: ReplayConfiguration,
                           report: (TrackResult) throws -> Void) throws -> [String] {
        try run(source, configuration: configuration, makeController: { DismissalController(settings: $0.dismissal) },
                report: report)
    }
}

/// A replay stopped early because its caller asked (a stop signal): no report of the file.
package struct ReplayCancelled: Error, Hashable, Sendable {
    /// The one value.
    package init() {}
}

/// What ``RecordingReplay/replay(_:configuration:makeController:cancelled:keepFrames:locking:report:)``
/// keeps of the session's steps: the recording frame of each pan sample, the line where each
/// track began, the track's frames when asked, and the last track until the next is
/// reported.
private struct TrackFrames {
    /// Keep each track's frames (stability re-runs the recognizer on them).
    let keepFrames: Bool
    /// Frames counted over the whole file.
    var frameIndex = -1
    var firstFrame = 0
    var sampleFrames: [Int] = []
    var framesOfTrack: [Int: (first: Int, samples: [Int], frames: [Frame], line: Int?)] = [:]
    /// The line where the frame being read started, and the track's first frame's.
    var frameLine: Int?
    var trackLine: Int?
    /// The track's own frames, only when asked.
    var trackFrames: [Frame]?
    /// The last track reported by the session, handed on when the next one is (or at the end).
    var held: ReplayedTrack?

    init(keepFrames: Bool) {
        self.keepFrames = keepFrames
    }

    mutating func forward(_ step: SessionStep, _ report: (ReplayedTrack) throws -> Void) throws {
        switch step {
        case .frame(let frame):
            frameIndex += 1
            trackFrames?.append(frame)
        case .trackBegan:
            firstFrame = frameIndex + 1
            trackLine = frameLine
            sampleFrames = []
            if keepFrames { trackFrames = [] }
        case .panSample: sampleFrames.append(frameIndex)
        case .trackEnded(let run):
            framesOfTrack[run.number] = (firstFrame, sampleFrames, trackFrames ?? [], trackLine)
            trackFrames = nil
        case .trackReported(let result):
            let frames = framesOfTrack.removeValue(forKey: result.report.track) ?? (0, [], [], nil)
            if let previous = held { try report(previous) }
            var result = result
            result.report.line = frames.line
            held = ReplayedTrack(result: result, sampleFrames: frames.samples, firstFrame: frames.first)
            held?.frames = frames.frames
        case .progress, .decided: break
        }
    }
}
