import TouchTapeFrames
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeReplay

/// A live session as a value: the ``ReplaySession`` (the same pipeline and checks as
/// `touchtape replay`), the ``LiveState`` the screen shows, and the events of the last
/// gesture for saving. The `live` command only moves bytes: events and keys in, the
/// screen or JSON lines out, saves to the file.
///
/// ```swift
/// var live = try LiveSession(description: d, file: path, source: source, settings: settings)
/// live.feed(event, clock: now) { print(LiveJSONLines.line($0)) }
/// if case .save(let track) = live.press(.save) { … append it … ; live.saved(to: path) }
/// ```
package struct LiveSession {
    package private(set) var state: LiveState
    package let description: DeviceDescription
    package let file: String
    private var replay: ReplaySession<DismissalController>
    private var collector: TrackEventCollector
    private var inTrack = false
    /// Pan samples of the event being fed (reported with the would-be decision after it).
    private var samples: [PanSample] = []
    /// Tracks reported with their label so far. A recording's mark for a track comes after
    /// the track's last event, and is read when the next track begins (or the file ends).
    package private(set) var tracksReported = 0
    /// `--from` with `--gestures N`: after the Nth track is reported (its label read), the
    /// steps that follow (the next track's beginning) are dropped, so the run ends on it.
    package var stopsAfterReports: Int?

    /// What a key asks of the caller.
    package enum KeyEffect: Sendable {
        /// Handled here (settings, labels), or nothing to do.
        case handled
        /// Append this gesture to the `--save` file, then call ``saved(to:emit:)`` or ``saveFailed(_:emit:)``.
        case save(SavedTrack)
        /// Pause or resume the recording (`--from`; the caller owns its pace).
        case pauseResume
        /// Paused: hand out the next frame.
        case step
        /// Leave.
        case quit
    }

    package init(description: DeviceDescription, file: String, source: LiveState.Source,
                settings: SessionSettings, installedHints: InstalledDeviceHints? = nil) throws(SessionSettingsError) {
        self.description = description
        self.file = file
        self.state = try LiveState(source: source, settings: settings, installedHints: installedHints)
        self.replay = ReplaySession(description: description, file: file, configuration: state.configuration)
        self.collector = TrackEventCollector(description: description)
    }

    /// Feeds one event read at session-clock time `clock` (microseconds).
    package mutating func feed(_ event: InputEvent, clock: Int64, emit: (LiveEvent) -> Void = { _ in }) {
        collector.append(event)
        samples.removeAll(keepingCapacity: true)
        var steps: [SessionStep] = []
        replay.feed(event) { steps.append($0) }
        handle(steps, clock: clock, emit: emit)
        state.setWouldDecide(replay.decisionIfReleasedNow)
        reportSamples(emit, withDecision: true)
    }

    /// A mark read from a recording (`--from`), after the events before it.
    package mutating func mark(_ annotation: TrackAnnotation) { replay.mark(annotation) }

    /// The source ended (or a `--loop` pass did): a gesture in progress is cut off, the
    /// last one is reported with the recording's label.
    package mutating func finish(clock: Int64, emit: (LiveEvent) -> Void = { _ in }) {
        samples.removeAll(keepingCapacity: true)
        var steps: [SessionStep] = []
        replay.finish { steps.append($0) }
        handle(steps, clock: clock, emit: emit)
        reportSamples(emit, withDecision: false)
    }

    /// The user stopped the session (`q`, a stop signal): the last finished gesture gets its
    /// label from the marks read so far; a gesture in progress is left out (it was not
    /// finished: it neither passes nor fails).
    package mutating func settle(clock: Int64, emit: (LiveEvent) -> Void = { _ in }) {
        samples.removeAll(keepingCapacity: true)
        var steps: [SessionStep] = []
        replay.settle { steps.append($0) }
        handle(steps, clock: clock, emit: emit)
    }

    /// Starts the stream over (the next `--loop` pass): a fresh pipeline, as a new
    /// `touchtape replay` of the file would have; the history and gesture numbers go on.
    package mutating func restart(clock: Int64, emit: (LiveEvent) -> Void = { _ in }) {
        finish(clock: clock, emit: emit)
        replay = ReplaySession(description: description, file: file, configuration: state.configuration)
        collector = TrackEventCollector(description: description)
        inTrack = false
    }

    /// The session clock moved without events (the completion animation plays on).
    package mutating func tick(clock: Int64) { state.tick(clock: clock) }

    package mutating func recordProcessing(microseconds: Int64) { state.recordProcessing(microseconds: microseconds) }

    package mutating func setStatus(_ status: String?) { state.status = status }

    /// A line for the user at the foot of the screen.
    package mutating func setMessage(_ text: String, isError: Bool = false) { state.message = .init(text, isError: isError) }

    /// Acts on a key.
    package mutating func press(_ key: LiveKey, emit: (LiveEvent) -> Void = { _ in }) -> KeyEffect {
        switch key {
        case .thresholdDown: changeSettings(emit) { $0.stepThreshold(-1) }
        case .thresholdUp: changeSettings(emit) { $0.stepThreshold(1) }
        case .flickVelocityDown: changeSettings(emit) { $0.stepFlickVelocity(-1) }
        case .flickVelocityUp: changeSettings(emit) { $0.stepFlickVelocity(1) }
        case .toggleFlick: changeSettings(emit) { $0.flickEnabled.toggle() }
        case .nextProfile: changeSettings(emit) { $0.cycleProfile() }
        case .nextEdge: changeSettings(emit) { $0.cycleEdge() }
        case .resetSettings:
            let starting = state.startingSettings
            changeSettings(emit) { $0 = starting }
        case .labelFinish: state.label(.finish, emit: emit)
        case .labelCancel: state.label(.cancel, emit: emit)
        case .labelNone: state.label(ExpectedOutcome.none, emit: emit)
        case .labelClear: state.label(nil, emit: emit)
        case .save:
            guard let track = state.selectedForSaving else {
                state.message = .init("no finished gesture to save yet", isError: true)
                return .handled
            }
            return .save(track)
        case .pauseResume:
            return .pauseResume
        case .step:
            return .step
        case .quit:
            return .quit
        }
        return .handled
    }

    /// An arrow key: moves the history selection.
    package mutating func press(_ arrow: LiveKeyReader.Arrow) { state.select(arrow) }

    package mutating func saved(to path: String, emit: (LiveEvent) -> Void = { _ in }) { state.saved(to: path, emit: emit) }

    package mutating func saveFailed(_ message: String, emit: (LiveEvent) -> Void = { _ in }) {
        state.saveFailed(message)
        emit(.saveFailed(gesture: state.selectedIndex.map { state.history[$0].gesture }, message: message))
    }

    /// The history's `now` column: each gesture (or the newest alone) decided again under the
    /// settings in force.
    private mutating func redecide(newest: Bool = false) {
        let (description, file, configuration) = (self.description, self.file, state.configuration)
        state.redecide(newest: newest) { Self.outcome(of: $0.events, description: description, file: file, configuration: configuration) }
    }

    private mutating func changeSettings(_ emit: (LiveEvent) -> Void, _ update: (inout SessionSettings) -> Void) {
        guard state.change(update) else { return }
        replay.configuration = state.configuration
        redecide()
        emit(.settings(state.settings, history: state.history))
    }

    /// A finished gesture's outcome under `configuration`: its events through a fresh
    /// pipeline, as `touchtape replay` of the saved gesture would decide it. `nil` when
    /// the events hold no gesture.
    static func outcome(of events: [InputEvent], description: DeviceDescription, file: String,
                        configuration: ReplayConfiguration) -> Outcome? {
        guard !events.isEmpty else { return nil }
        var session = ReplaySession(description: description, file: file, configuration: configuration)
        var outcome: Outcome?
        let take: (SessionStep) -> Void = { step in
            if case .trackEnded(let run) = step, outcome == nil { outcome = run.dismissal.outcome }
        }
        for event in events { session.feed(event, take) }
        session.finish(take)
        return outcome
    }

    private mutating func handle(_ steps: [SessionStep], clock: Int64, emit: (LiveEvent) -> Void) {
        for step in steps {
            if let limit = stopsAfterReports, tracksReported >= limit { return }
            switch step {
            case .decided, .trackEnded, .trackReported, .trackBegan: reportSamples(emit, withDecision: false)
            default: break
            }
            switch step {
            case .trackBegan: inTrack = true
            case .frame(let frame) where !inTrack: collector.forget(before: frame.eventRange.upperBound)
            case .panSample(let sample): samples.append(sample)
            case .trackEnded: inTrack = false
            default: break
            }
            state.apply(step, clock: clock, emit: emit)
            if case .trackReported = step { tracksReported += 1 }
            if case .trackEnded(let run) = step {
                state.keepEvents(collector.events(of: run.span))
                collector.forget(before: run.span.eventRange.upperBound)
                // A gesture that began before a key changed the settings ends under other
                // ones: its `now` column is filled at once, as the older rows' were.
                if let entry = state.history.last, entry.settings != state.settings { redecide(newest: true) }
            }
        }
    }

    /// Reports the pan samples taken since the last report, in stream order (before a
    /// decision they led to); the last one with the progress after it and, at the end of
    /// an event, the would-be decision.
    private mutating func reportSamples(_ emit: (LiveEvent) -> Void, withDecision: Bool) {
        defer { samples.removeAll(keepingCapacity: true) }
        guard !samples.isEmpty, let gesture = state.current else { return }
        for (i, sample) in samples.enumerated() {
            let last = i == samples.count - 1
            emit(.panSample(gesture: gesture.gesture, track: gesture.track, sample,
                            progress: last ? gesture.progress : nil,
                            wouldDecide: last && withDecision ? gesture.wouldDecide : nil, edge: gesture.edge))
        }
    }
}
