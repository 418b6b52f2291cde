import TouchTapeEvents
import TouchTapeFormats
import TouchTapeDismissal

/// A recording file through a ``ReplaySession``, streamed: the file is read item by item
/// and each track is reported as soon as its label is known, so memory stays flat
/// however long the recording.
public enum RecordingReplay {
    /// Replays every track of `source` with a fresh controller per track.
    ///
    /// - Throws: the reader's ``RecordingError`` (with file, line and hint), including
    ///   ``RecordingError/Kind/noTouchDevice`` before any track is reported.
    public static func run<Controller: InteractiveDismissalController>(
        _ source: RecordingSource, configuration: ReplayConfiguration,
        makeController: @escaping (ReplayConfiguration) -> Controller,
        report: (TrackResult) throws -> Void
    ) throws {
        var stream = try RecordingStream(source)
        try stream.requireTouchDevice()
        var session = ReplaySession(description: stream.description, file: source.eventsPath,
                                    configuration: configuration, makeController: makeController)
        let forward: (SessionStep) throws -> Void = { step in
            if case .trackReported(let result) = step { try report(result) }
        }
        while let item = try stream.next() {
            switch item {
            case .event(let event): try session.feed(event, forward)
            case .annotation(let annotation): session.mark(annotation)
            }
        }
        try session.finish(forward)
    }

    /// The same with TouchTape's own controller following the configuration.
    public static func run(_ source: RecordingSource, configuration: ReplayConfiguration,
                           report: (TrackResult) throws -> Void) throws {
        try run(source, configuration: configuration, makeController: { DismissalController(settings: $0.dismissal) },
                report: report)
    }
}
