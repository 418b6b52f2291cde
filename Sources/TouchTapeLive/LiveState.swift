import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapePan
import TouchTapeReplay

/// Everything the live view shows, as a value: the settings in force, the gesture on
/// screen, the history of finished gestures with their checks, and the timing figures.
///
/// Updated from the ``ReplaySession``'s steps (``apply(_:clock:emit:)``), from the
/// session's would-be decision after each event, and from key actions; the renderer
/// (``LiveView``) and the JSON-lines encoder only read it. Nothing here does I/O.
package struct LiveState: Sendable {
    /// What is being read: shown in the title line.
    package struct Source: Hashable, Sendable {
        package var deviceName: String
        package var kind: DeviceKind
        package var protocolName: String
        /// The device node or the recording's path.
        package var origin: String
        /// `--from` pace (1 = as recorded); `nil` for a device.
        package var speed: Double?

        package init(deviceName: String, kind: DeviceKind, protocolName: String, origin: String, speed: Double? = nil) {
            self.deviceName = deviceName
            self.kind = kind
            self.protocolName = protocolName
            self.origin = origin
            self.speed = speed
        }
    }

    /// A line for the user at the foot of the screen.
    package struct Message: Hashable, Sendable {
        package var text: String
        package var isError: Bool

        package init(_ text: String, isError: Bool = false) {
            self.text = text
            self.isError = isError
        }
    }

    package var source: Source
    /// The settings new gestures run under (a gesture keeps the ones it began with).
    package private(set) var settings: SessionSettings
    /// The settings the session started with (the profile, `touchtape.yml` and the options),
    /// which `0` returns to.
    package let startingSettings: SessionSettings
    package private(set) var configuration: ReplayConfiguration
    /// The gesture in progress, or the last one until the next begins.
    package private(set) var current: LiveGesture?
    /// Finished gestures, oldest first.
    package private(set) var history: [LiveHistoryEntry] = []
    /// Per-frame time from the event's read to the would-be decision.
    package private(set) var timing = ProcessingTimes()
    package var message: Message?
    /// How the source stands (`recording ended`, `pass 2`); `nil` while reading normally.
    package var status: String?
    /// The session clock (microseconds, the recording's pace) at the last update.
    package private(set) var clock: Int64 = 0
    /// How many gestures began (the live running number).
    package private(set) var gestureCount = 0
    /// The history row the arrows selected (an index into ``history``); `nil` follows the
    /// newest. `f` `c` `n` `x` and `s` act on ``selectedIndex``.
    package private(set) var selection: Int?

    /// The machine's libinput quirks and hwdb, which size a device that reports no
    /// resolution as `replay` sizes it; `nil`: none (tests).
    package let installedHints: InstalledDeviceHints?

    package init(source: Source, settings: SessionSettings, installedHints: InstalledDeviceHints? = nil) throws(SessionSettingsError) {
        self.source = source
        self.settings = settings
        self.startingSettings = settings
        self.installedHints = installedHints
        self.configuration = try Self.configuration(settings, installedHints: installedHints)
    }

    /// The replay configuration of `settings` on this machine.
    private static func configuration(_ settings: SessionSettings, installedHints: InstalledDeviceHints?) throws(SessionSettingsError) -> ReplayConfiguration {
        var configuration = try settings.configuration()
        configuration.installedHints = installedHints
        return configuration
    }

    /// The row the label and save keys act on: the selected one, else the newest.
    package var selectedIndex: Int? { selection ?? history.indices.last }

    /// Gestures whose every check passes (under their latest label).
    package var passed: Int { history.filter(\.passed).count }
    package var failed: Int { history.count - passed }
    /// `N passed, N failed`, as `touchtape replay` ends.
    package var summaryLine: String { "\(passed) passed, \(failed) failed" }

    // MARK: Session steps

    /// Takes one step of the pipeline; `clock` is the session clock when it happened.
    package mutating func apply(_ step: SessionStep, clock: Int64, emit: (LiveEvent) -> Void = { _ in }) {
        self.clock = clock
        switch step {
        case .frame(let frame):
            if current?.ended == false { current!.fingers = frame.fingerCount }
        case .trackBegan(let track):
            gestureCount += 1
            current = LiveGesture(gesture: gestureCount, track: track, settings: settings, configuration: configuration)
        case .panSample(let sample):
            guard current != nil else { return }
            current!.take(sample)
            // A `.began` the controller accepts is followed by its progress at once.
            if sample.phase == .began, current!.stage == .touching { current!.stage = .refused }
        case .progress(let update):
            guard current != nil else { return }
            current!.stage = .driving
            current!.progress = update.progress
            current!.rawProgress = update.rawProgress
        case .decided(let decided):
            guard current != nil else { return }
            current!.stage = .decided
            current!.decided = decided.decision
            current!.wouldDecide = nil
            current!.progress = decided.decision.progress
            emit(.decision(gesture: current!.gesture, track: current!.track, decided.decision))
            if !decided.frames.isEmpty {
                let completion = LiveCompletion(outcome: decided.decision.outcome, frames: decided.frames,
                                                releaseTime: decided.decision.time, startClock: clock)
                current!.completion = completion
                emit(.completion(gesture: current!.gesture, track: current!.track, completion))
            }
        case .trackEnded(let run):
            current?.ended = true
            current?.wouldDecide = nil
            var entry = LiveHistoryEntry(gesture: current?.gesture ?? gestureCount,
                                         report: run.result(annotation: TrackAnnotation()).report,
                                         labelSource: .none, edge: run.configuration.dismissal.edge,
                                         settings: current?.settings ?? settings, run: run)
            entry.annotation = TrackAnnotation(cutShort: run.span.endsWithContactsDown)
            entry.labelPending = source.speed != nil
            history.append(entry)
            emit(.track(entry))
        case .trackReported(let result):
            if let index = history.lastIndex(where: { $0.report.track == result.report.track }) { history[index].labelPending = false }
            // A recording's own mark (`--from`): the label the gesture carries, unless a key set one.
            let annotation = result.transcript.annotation
            guard !annotation.isEmpty,
                  let index = history.lastIndex(where: { $0.report.track == result.report.track }),
                  history[index].labelSource == .none else { return }
            history[index].report = result.report
            history[index].labelSource = .file
            history[index].annotation = annotation
            emit(.track(history[index]))
        }
    }

    /// The controller's answer to "what if the fingers lifted now" after an event.
    package mutating func setWouldDecide(_ decision: Decision?) {
        guard current?.stage == .driving, current?.ended == false else { return }
        current!.wouldDecide = decision
    }

    /// Moves the session clock (ticks): the completion animation advances on screen.
    package mutating func tick(clock: Int64) { self.clock = max(self.clock, clock) }

    package mutating func recordProcessing(microseconds: Int64) { timing.record(microseconds: microseconds) }

    // MARK: Key actions

    /// Replaces the settings; on a value out of range the old ones stay and the message says why.
    /// Returns whether they changed.
    @discardableResult
    package mutating func change(_ update: (inout SessionSettings) -> Void) -> Bool {
        var next = settings
        update(&next)
        guard next != settings else { return false }
        do {
            configuration = try Self.configuration(next, installedHints: installedHints)
            settings = next
            let pending = current.map { !$0.ended } ?? false
            message = Message(settingsSummary + (pending ? " (from the next gesture)" : ""))
            return true
        } catch {
            message = Message("not applied: \(error.description)", isError: true)
            return false
        }
    }

    /// Moves the selection one row: up to an older gesture, down to a newer one; down
    /// from the newest follows the newest again.
    package mutating func select(_ arrow: LiveKeyReader.Arrow) {
        guard !history.isEmpty else { return }
        let index = selection ?? history.count - 1
        switch arrow {
        case .up, .left: selection = max(index - 1, 0)
        case .down, .right: selection = index + 1 >= history.count ? nil : index + 1
        }
        if let selectedIndex {
            let entry = history[selectedIndex]
            message = Message(selection == nil ? "following the newest gesture (\(entry.gesture))"
                                               : "selected gesture \(entry.gesture): f c n x label it, s saves it")
        }
    }

    /// The events of the selected gesture with its label, for `s`.
    package var selectedForSaving: SavedTrack? {
        guard let index = selectedIndex, let run = history[index].run, !history[index].events.isEmpty else { return nil }
        let entry = history[index]
        return SavedTrack(gesture: entry.gesture, track: run.number, events: entry.events, annotation: entry.annotation)
    }

    /// Keeps the newest gesture's events (they arrive after its row).
    package mutating func keepEvents(_ events: [InputEvent]) {
        guard !history.isEmpty else { return }
        history[history.count - 1].events = events
    }

    /// Sets each gesture's outcome under the settings now in force (`decide` replays its
    /// events under them); gestures that ran under these very settings need none.
    /// `newest`: only the newest gesture (one that ended after the settings changed).
    package mutating func redecide(newest: Bool = false, _ decide: (LiveHistoryEntry) -> Outcome?) {
        for index in newest ? history.indices.suffix(1) : history.indices[...] {
            history[index].now = history[index].settings == settings ? nil : decide(history[index])
        }
    }

    /// Labels the selected gesture (the newest unless the arrows chose another) and runs
    /// its checks again; `nil` removes the label.
    package mutating func label(_ expected: ExpectedOutcome?, emit: (LiveEvent) -> Void = { _ in }) {
        guard let index = selectedIndex, let run = history[index].run else {
            message = Message("no finished gesture to label yet", isError: true)
            return
        }
        history[index].annotation.expected = expected
        history[index].report = run.result(annotation: history[index].annotation).report
        history[index].labelSource = .key
        let entry = history[index]
        let verdict = entry.passed ? "passes" : "fails " + entry.report.failedChecks.map(\.name).joined(separator: ",")
        let what = expected.map { "labelled \($0.rawValue)" } ?? "unlabelled"
        message = Message("gesture \(entry.gesture) \(what): \(verdict)", isError: !entry.passed)
        emit(.track(entry))
    }

    /// Notes that the selected gesture was appended to `path`.
    package mutating func saved(to path: String, emit: (LiveEvent) -> Void = { _ in }) {
        guard let index = selectedIndex else { return }
        history[index].savedTo = path
        message = Message("saved gesture \(history[index].gesture) (\(history[index].report.expected?.rawValue ?? "unlabelled")) to \(path)")
        emit(.saved(history[index], path: path))
    }

    package mutating func saveFailed(_ text: String) {
        message = Message("save failed: \(text)", isError: true)
    }

    /// The settings in words for the message line (`threshold 0.40, flick ≥ 1200 pt/s, edge bottom`).
    package var settingsSummary: String {
        var words = ["profile \(settings.profile.rawValue)"]
        words.append("threshold " + (settings.effectiveThreshold.map { LiveFormat.fixed($0, 2) } ?? "none"))
        words.append("flick " + (settings.effectiveFlickVelocity.map { ">= " + LiveFormat.fixed($0, 0) } ?? "off"))
        words.append("edge \(settings.effectiveEdge.rawValue)")
        return words.joined(separator: ", ")
    }
}

/// What a live session reports to a script (JSON lines) besides the screen.
package enum LiveEvent: Sendable {
    /// A pan sample, with the controller's progress and its would-be decision after it.
    case panSample(gesture: Int, track: Int, PanSample, progress: Double?, wouldDecide: Decision?, edge: DismissEdge)
    case decision(gesture: Int, track: Int, Decision)
    case completion(gesture: Int, track: Int, LiveCompletion)
    /// A gesture's report row: at its end (unlabelled), and again when it gets a label.
    case track(LiveHistoryEntry)
    case saved(LiveHistoryEntry, path: String)
    case saveFailed(gesture: Int?, message: String)
    /// The settings changed; `history` is every finished gesture, each decided again under them.
    case settings(SessionSettings, history: [LiveHistoryEntry])
}
