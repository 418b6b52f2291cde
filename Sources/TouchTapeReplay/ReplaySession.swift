@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapeTracks
import TouchTapePan
import TouchTapeDismissal

/// The whole pipeline, one event at a time: events → frames → tracks → pan samples →
/// a fresh dismissal controller per track → completion on the virtual clock → transcript
/// → checks → a report row.
///
/// It is the one pipeline behind `touchtape replay` (fed from a file), `touchtape live`
/// (fed from a device, or from a file at its recorded pace) and the API, so that replay
/// and live cannot disagree. It holds nothing beyond the track in progress (and the last
/// finished one until its label is known), so memory does not grow with the recording.
///
/// ```swift
/// var session = ReplaySession(description: d, file: path, configuration: configuration)
/// while let item = try stream.next() {
///     switch item {
///     case .event(let e): session.feed(e) { step in if case .trackReported(let r) = step { rows.append(r.report) } }
///     case .annotation(let a): session.mark(a)
///     }
/// }
/// session.finish { … }
/// ```
///
/// Steps come in stream order: `.frame` for every frame; for each track `.trackBegan`,
/// its `.panSample`s, the controller's `.progress` updates and `.decided`, then
/// `.trackEnded` at its last frame, and `.trackReported` once its label is known (at the
/// next track's first frame or the end of the stream: a recording's mark follows its
/// track). A caller with no marks (live) can report at once with ``TrackRun/result(annotation:)``.
package struct ReplaySession<Controller: InteractiveDismissalController> {
    /// The device the events came from.
    package let description: DeviceDescription
    /// The file name reports carry.
    package let file: String
    /// Settings for the tracks that begin from now on (a track keeps the ones it began with).
    package var configuration: ReplayConfiguration
    private let makeController: (ReplayConfiguration) -> Controller

    private var tracks: TrackSession
    private var current: TrackInProgress<Controller>?
    /// `current != nil`, kept as a flag: testing the optional itself copied the whole track
    /// in progress (its recognizer, driver and samples) for every frame.
    private var inTrack = false
    /// A finished track waiting for its label.
    private var finished: TrackRun?

    /// - Parameter makeController: a fresh controller for each track, never one shared
    ///   instance (a controller keeps state from its pan).
    package init(description: DeviceDescription, file: String, configuration: ReplayConfiguration,
                makeController: @escaping (ReplayConfiguration) -> Controller) {
        self.description = description
        self.file = file
        self.configuration = configuration
        self.makeController = makeController
        self.tracks = TrackSession(description: description,
                                   units: MillimetreConversion(description: description,
                                                               fallback: configuration.resolutionFallback,
                                                               deviceSize: configuration.deviceSize,
                                                               installed: configuration.installedHints))
    }

    /// The track in progress: its number and the controller's would-be decision, for a live view.
    package var trackInProgress: Int? { current?.number }

    /// What the controller would decide if the fingers lifted now (`nil` unless a pan
    /// is driving the controller).
    package var decisionIfReleasedNow: Decision? {
        guard let current, let last = current.samples.last else { return nil }
        return current.driver.decisionIfReleased(last)
    }

    /// Feeds the next event.
    package mutating func feed(_ event: InputEvent, _ emit: (SessionStep) throws -> Void) rethrows {
        // A fixed-size result, not a list of steps: nothing allocated per event for it.
        guard tracks.completesFrame(event) else { return }
        if tracks.hasLabel, let label = tracks.lastLabel { try handle(label, emit) }
        try handleFrame(tracks.lastFrame, tracks.lastBoundary, emit)
    }

    /// An annotation mark read at this point of the recording (from `line`, where known).
    package mutating func mark(_ annotation: TrackAnnotation, line: Int? = nil) {
        tracks.mark(annotation, line: line)
    }

    /// The first mark of the recording that labels no track, or that its track ignores
    /// (``TrackSession/misplacedMark``): a reader refuses the file with it.
    package var misplacedMark: MisplacedMark? { tracks.misplacedMark }
    /// Whether ``misplacedMark`` is set (a byte to test after every event).
    package var hasMisplacedMark: Bool { tracks.hasMisplacedMark }

    /// The recording ended: a track still in progress is cut off (its pan cancelled),
    /// and the last track is reported.
    package mutating func finish(_ emit: (SessionStep) throws -> Void) rethrows {
        var steps: [TrackStep] = []
        tracks.finish { steps.append($0) }
        for step in steps { try handle(step, emit) }
    }

    /// A live session stopped (`q`, a stop signal): the last finished track is reported
    /// with the marks read so far; a track in progress is dropped, not cut off and judged.
    package mutating func settle(_ emit: (SessionStep) throws -> Void) rethrows {
        var steps: [TrackStep] = []
        tracks.labelWaitingTrack { steps.append($0) }
        for step in steps { try handle(step, emit) }
    }

    private mutating func handle(_ step: TrackStep, _ emit: (SessionStep) throws -> Void) rethrows {
        switch step {
        case .frame(let frame, let boundary):
            try handleFrame(frame, boundary, emit)
        case .endedInGesture(let span):
            guard inTrack else { return }
            for sample in current!.recognizer.finish(at: current!.lastFrameTime) { try drive(sample, emit) }
            try endTrack(span, emit)
        case .label(let track, let annotation):
            guard let run = finished, run.number == track else { return }
            finished = nil
            try emit(.trackReported(run.result(annotation: annotation)))
        }
    }

    private mutating func handleFrame(_ frame: Frame, _ boundary: TrackBoundary?,
                                      _ emit: (SessionStep) throws -> Void) rethrows {
        if case .began? = boundary {
            inTrack = true
            current = TrackInProgress(number: tracks.trackNumber, deviceKind: description.classification.kind,
                                      configuration: configuration, controller: makeController(configuration))
            current!.lastFrameTime = frame.time   // the track's clock starts at its first frame
            try emit(.trackBegan(track: tracks.trackNumber))
        }
        try emit(.frame(frame))
        guard inTrack else { return }
        // evdev's clock is the wall clock unless a reader chose another: a clock step back
        // (NTP) during a recording gives frames earlier than the frame before.
        current!.clock.step(to: frame, from: current!.lastFrameTime)
        if let sample = current!.recognizer.sample(for: frame) { try drive(sample, emit) }
        current!.lastFrameTime = frame.time
        if case .ended(let span)? = boundary { try endTrack(span, emit) }
    }

    private mutating func drive(_ sample: PanSample, _ emit: (SessionStep) throws -> Void) rethrows {
        current!.samples.append(sample)
        try emit(.panSample(sample))
        // The step's kind, then its value read from the driver (as `feed(_:)` would give it).
        switch current!.driver.advance(sample) {
        case .progress: try emit(.progress(current!.driver.updates[current!.driver.updates.count - 1]))
        case .decided: try emit(.decided(current!.driver.decided!))
        case .unused: break
        }
    }

    private mutating func endTrack(_ span: TrackSpan, _ emit: (SessionStep) throws -> Void) rethrows {
        guard let track = current else { return }
        current = nil
        inTrack = false
        var run = TrackRun(file: file, number: track.number, description: description,
                           units: tracks.units, configuration: track.configuration, span: span,
                           samples: track.samples, dismissal: track.driver.result)
        run.notes = [track.clock.note, FarTranslation.note(samples: track.samples, description: description, units: tracks.units,
                                                           configuration: track.configuration)].compactMap { $0 }
        finished = run
        try emit(.trackEnded(run))
    }
}

extension ReplaySession where Controller == DismissalController {
    /// A session with TouchTape's own controller following the configuration's settings.
    package init(description: DeviceDescription, file: String, configuration: ReplayConfiguration) {
        self.init(description: description, file: file, configuration: configuration) {
            DismissalController(settings: $0.dismissal)
        }
    }
}

/// The per-track state of a ``ReplaySession``.
private struct TrackInProgress<Controller: InteractiveDismissalController> {
    let number: Int
    let configuration: ReplayConfiguration
    var recognizer: PanRecognizer
    var driver: DismissalDriver<Controller>
    var samples: [PanSample] = []
    var lastFrameTime = EventTime.zero
    var clock = ClockSteps()

    init(number: Int, deviceKind: DeviceKind, configuration: ReplayConfiguration, controller: Controller) {
        self.number = number
        self.configuration = configuration
        self.recognizer = PanRecognizer(deviceKind: deviceKind, settings: configuration.pan)
        self.driver = DismissalDriver(controller: controller, settings: configuration.dismissal,
                                      clock: VirtualClock(origin: 0, frameRate: configuration.frameRate),
                                      maximumNumberOfTouches: configuration.pan.touchscreenFingers.maximum ?? .max)
    }
}

/// What a ``ReplaySession`` reports, in stream order. The cases made once a track are
/// `indirect`: an enum is as large as its largest case, so that a frame's or a sample's step
/// is not copied at the size of a whole track result (issue 26).
package enum SessionStep {
    case frame(Frame)
    case trackBegan(track: Int)
    case panSample(PanSample)
    case progress(ProgressUpdate)
    /// The pan ended and the controller decided; the completion's frames and callbacks.
    indirect case decided(DismissalDecided)
    /// The track's last frame went through; its label may still come.
    indirect case trackEnded(TrackRun)
    /// The track with its label, checked.
    indirect case trackReported(TrackResult)
}
