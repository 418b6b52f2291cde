import TouchTapeFrames
import Foundation
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay
import TouchTapeTracks
#if canImport(Glibc)
import Glibc
#endif

/// A `touchtape live` run: a ``LiveSession`` fed from a device or from a recording at its
/// pace, with the I/O around it — where keys come from, where the screen or the JSON lines
/// go, and the `--save` file. The command only maps its options onto a ``Request``.
///
/// Side effects are this type's and nothing else's in the module but ``Terminal``: it owns
/// stdin (keys), stdout (the view or JSON lines), the save file and the poll loop; what it
/// says on stderr goes through the `say` it is given.
package final class LiveConsole {
    /// What to run: the settings, the save file, the gesture limit.
    package struct Request: Sendable {
        /// The settings the session starts under.
        package var settings: SessionSettings
        /// `--save`: where `s` appends the selected gesture, in the format its name says.
        package var savePath: String?
        /// `--gestures N`: stop after N finished gestures.
        package var gestureLimit: Int?
        /// `touchtape VERSION`, for the saved file's recorder field.
        package var recorder: String
        /// The machine's libinput quirks and hwdb (``InstalledDeviceHints/installed()``), so
        /// that a device without resolution is sized as `replay` sizes it.
        package var installedHints: InstalledDeviceHints?

        /// A request from its parts.
        package init(settings: SessionSettings, savePath: String?, gestureLimit: Int?, recorder: String,
                     installedHints: InstalledDeviceHints? = nil) {
            self.settings = settings
            self.savePath = savePath
            self.gestureLimit = gestureLimit
            self.recorder = recorder
            self.installedHints = installedHints
        }
    }

    /// How a run ended: how many gestures passed and failed their checks (the exit status is
    /// the command's to choose).
    package struct Outcome: Sendable {
        package var passed: Int
        package var failed: Int
    }

    /// The signals that end a live run normally.
    package static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private(set) var session: LiveSession
    /// The view when stdout is a terminal; `nil`: JSON lines.
    private let terminal: Terminal?
    private let color: Bool
    /// stdin, when keys can come from it (a terminal or a pipe); `nil` once it closed.
    private(set) var keys: Int32?
    private let gestureLimit: Int?
    private var appender: TrackAppender<RecordingFileFormatter>?
    private let savePath: String?
    private var pending = ""
    private var lastDraw: Int64 = 0
    private let clock = MonotonicClock()
    private let say: @Sendable (String) -> Void
    /// A frame is drawn at most this often while events pour in (ticks and keys always draw).
    static let drawIntervalMicroseconds: Int64 = 33_000
    /// How long the loops wait for input before a tick (the completion animation, the idle view).
    static let tickMicroseconds: Int64 = 50_000
    /// Events fed in one turn of the file loop before the screen and keys get a turn.
    static let eventsPerTurn = 4096

    private init(session: LiveSession, request: Request, metadata: RecordingMetadata, waiting: Waiting,
                 say: @escaping @Sendable (String) -> Void) throws(LiveError) {
        self.session = session
        self.say = say
        gestureLimit = request.gestureLimit
        let interactive = Terminal.isTerminal(1)
        terminal = interactive ? Terminal() : nil
        color = ColorChoice.auto.enabled(isTerminal: interactive, environment: ProcessInfo.processInfo.environment)
        keys = Terminal.isTerminal(0) || Terminal.isPipe(0) ? 0 : nil
        savePath = request.savePath
        if let path = request.savePath {
            let format = (try? RecordingFormat.forOutput(path, requested: nil, option: "--save")) ?? .evemu
            let formatter: RecordingFileFormatter
            do {
                formatter = try RecordingFileFormatter(format: format, description: session.description, metadata: metadata,
                                                       output: path, by: .liveSave)
            } catch {
                throw LiveError(message: "\(error)", hint: nil, isDeviceOrIOFailure: false)
            }
            // `s` appends to the recording this session starts: a new file, made `O_EXCL`. An
            // existing one would be replaced at the start, before any gesture is saved (and two
            // sessions must not both make the same one), so it is refused.
            do {
                appender = try TrackAppender(formatter: formatter, file: try RecordingFile(path: path, option: "--save", new: true, waiting: waiting))
            } catch where error.errno == EEXIST && error.interruptedBy == nil && !error.replaced {
                throw LiveError(message: "--save \(TextExcerpt.make(path, limit: nil)) already exists; live starts a new recording there, "
                                + "which would replace it",
                                hint: "give --save a new file (each session saves its gestures to a file of its own), or remove the old one first",
                                isDeviceOrIOFailure: false)
            } catch {
                throw LiveError(error)
            }
        }
    }

    private static func make(description: DeviceDescription, file: String, source: LiveState.Source, request: Request,
                             metadata: RecordingMetadata, stop: StopSignal, say: @escaping @Sendable (String) -> Void) throws(LiveError) -> LiveConsole {
        let session: LiveSession
        do { session = try LiveSession(description: description, file: file, source: source, settings: request.settings,
                                                 installedHints: request.installedHints) } catch {
            throw LiveError(message: error.description, hint: nil, isDeviceOrIOFailure: false)
        }
        // A FIFO as --save is waited for until a reader comes, saying so; a stop signal ends the wait.
        return try LiveConsole(session: session, request: request, metadata: metadata,
                               waiting: stop.waiting(notice: { say("touchtape: \($0)\n") }), say: say)
    }

    // MARK: A recording at its pace

    /// Plays the recording at `path` at `speed` times its pace (over and over with `loop`)
    /// until it ends (and no key can come), `q`, a stop signal or the gesture limit.
    package static func play(_ path: String, speed: Double, loop: Bool, request: Request, locking: ReadLocking,
                             say: @escaping @Sendable (String) -> Void) throws -> Outcome {
        let stream = try RecordingStream(RecordingLocator.source(forPath: path), locking: locking)
        try stream.requireTouchDevice()
        var items: [RecordingItem] = []
        // The marks placed as replay reads them: a misplaced one is said before the view
        // starts (replay refuses such a file; the view plays it, its track unlabelled).
        var marks = TrackSession(description: stream.description, units: MillimetreConversion(description: stream.description))
        while let item = try stream.next() {
            items.append(item)
            switch item {
            case .event(let event): _ = marks.completesFrame(event)
            case .annotation(let annotation): marks.mark(annotation, line: stream.line)
            }
        }
        marks.finish { _ in }
        if let misplaced = marks.misplacedMark {
            let error = RecordingError(misplaced: misplaced, source: stream.source)
            say("live: warning: \(error.description)\n"
                + "  live plays it with the mark passed over; replay refuses the file\n")
        }
        let description = stream.description
        let source = LiveState.Source(deviceName: description.name, kind: description.classification.kind,
                                      protocolName: description.classification.touchProtocol.name, origin: path, speed: speed)
        let metadata = RecordingMetadata(kernel: stream.metadata.kernel, recorder: "\(request.recorder) live",
                                         deviceNode: stream.metadata.deviceNode)
        let stop = StopSignal(signals: stopSignals)
        let console = try make(description: description, file: stream.source.eventsPath, source: source, request: request,
                               metadata: metadata, stop: stop, say: say)
        defer { console.stop() }
        console.session.stopsAfterReports = request.gestureLimit
        let pace = speed == speed.rounded() && speed < 1e9 ? String(Int64(speed)) : "\(speed)"
        say("live: playing \(TextExcerpt.terminalSafe(path)) (\"\(TextExcerpt.terminalSafe(description.name))\", x\(pace)\(loop ? ", loop" : "")); q or Ctrl-C stops\n")
        console.start()
        console.runPaced(items: items, speed: speed, loop: loop, stop: stop)
        return try console.finish(source: path)
    }

    /// A wait for the next event longer than this (µs of the session's clock) is said.
    static let longGapMicroseconds: Int64 = 60_000_000
    /// The due time of the last long wait said.
    private var announcedGap: Int64?

    /// The file loop, to the recording's end or a stop.
    private func runPaced(items: [RecordingItem], speed: Double, loop: Bool, stop: StopSignal) {
        var paced = PacedFileSource(items: items, speed: speed, loop: loop, start: clock.nowMicroseconds())
        var ended = false
        running: while stop.firedSignal == nil {
            var now = clock.nowMicroseconds()
            var wake = now + Self.tickMicroseconds
            var fed = 0
            let started = now
            turn: while !ended, fed < Self.eventsPerTurn {
                switch paced.next(now: now) {
                case .item(.event(let event)):
                    session.feed(event, clock: paced.recordingClock(now: now), emit: emit)
                    fed += 1
                case .item(.annotation(let annotation)):
                    session.mark(annotation)
                case .passEnded:
                    session.restart(clock: paced.recordingClock(now: now), emit: emit)
                case .passBegan(let pass):
                    session.setStatus("pass \(pass)")
                case .finished:
                    session.finish(clock: paced.recordingClock(now: now), emit: emit)
                    session.setStatus("recording ended" + (keys != nil ? "; q quits" : ""))
                    ended = true
                case .wait(let until):
                    wake = min(wake, until)
                    // A gap of over a minute before the next event (a clock that jumped in the
                    // recording): said once, not sat through in silence.
                    if until != .max, until - now > Self.longGapMicroseconds, announcedGap != until {
                        announcedGap = until
                        // A gap no finger rests (replay notes such a jump: ``ClockSteps/longestGap``),
                        // in the recording's own time.
                        let jump = Double(until - now) * speed > Double(ClockSteps.longestGap)
                        let words = "the recording's next event is \(DecimalText.shortest((Double(until - now) / 1_000_000).rounded())) s away"
                            + (jump ? " (its clock jumps there)" : " (a pause in it)") + "; q or Ctrl-C stops"
                        if terminal == nil { say("live: \(words)\n") } else { session.setStatus(words) }
                    }
                    break turn
                }
                if reachedGestureLimit || outputFailure != nil { break running }
            }
            now = clock.nowMicroseconds()
            if fed > 0 { session.recordProcessing(microseconds: (now - started) / Int64(fed)) }
            if reachedGestureLimit || outputFailure != nil { break }
            // The recording ended: stay while keys can still come (the view's terminal, a pipe).
            if ended, keys == nil || (terminal == nil && Terminal.isTerminal(0)) { break }
            session.tick(clock: paced.recordingClock(now: now))
            if fed > 0 { draw() } else { drawIdle() }
            var fds = [pollfd(fd: stop.pollDescriptor, events: Int16(POLLIN), revents: 0)]
            if let keys { fds.append(pollfd(fd: keys, events: Int16(POLLIN), revents: 0)) }
            let timeout = fed >= Self.eventsPerTurn ? 0 : Int32(clamping: max(0, (wake - now + 999) / 1000))
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds.count > 1, fds[1].revents != 0, readKeys(pace: { pause in
                let now = self.clock.nowMicroseconds()
                if pause { paced.isPaused ? paced.resume(now: now) : paced.pause(now: now) } else { paced.step() }
                if paced.isPaused { return "paused: space resumes, . steps a frame" }
                return ended ? "recording ended; q quits" : paced.playingPass > 1 ? "pass \(paced.playingPass)" : nil
            }) { break }
        }
        StopSignal.restoreDefaults(Self.stopSignals)
        // Stopped early (`q`, a signal, `--gestures`): the last finished gesture gets the
        // recording's mark (already read); one in progress is left out. It was the user who
        // cut it, not the recording, so it neither passes nor fails (it passed, unlabelled).
        if !ended { session.settle(clock: paced.recordingClock(now: clock.nowMicroseconds()), emit: emit) }
    }

    // MARK: A device

    /// Reads the opened device `evdev` (at `path`) until `q`, a stop signal, the gesture
    /// limit or the device's end. A device that fails mid-run ends the run and is thrown
    /// after the closing lines, as a ``DeviceError``.
    package static func read(_ evdev: EvdevDevice, path: String, request: Request, metadata: RecordingMetadata,
                             say: @escaping @Sendable (String) -> Void) throws -> Outcome {
        let description = evdev.description
        let classification = description.classification
        let source = LiveState.Source(deviceName: description.name, kind: classification.kind,
                                      protocolName: classification.touchProtocol.name, origin: path)
        let stop = StopSignal(signals: stopSignals)
        let console = try make(description: description, file: path, source: source, request: request, metadata: metadata,
                               stop: stop, say: say)
        defer { console.stop() }
        if let reason = classification.nonTouchReason {
            say("touchtape: warning: \(reason.sentence(deviceName: description.name)); no gestures will be found in its events\n")
        }
        say("live: reading \"\(TextExcerpt.terminalSafe(description.name))\" (\(TextExcerpt.terminalSafe(path)), \(classification.kind.rawValue), protocol \(classification.touchProtocol.name)); q or Ctrl-C stops\n")
        console.start()
        let clock = console.clock
        let loop = DeviceEventLoop(device: evdev, stop: stop, watching: console.keys.map { [$0] } ?? [],
                                   tickMilliseconds: Int32(tickMicroseconds / 1000), clock: clock)
        var failure: DeviceError?
        do {
            _ = try loop.run { input in
                switch input {
                case .events(let events):
                    let read = clock.nowMicroseconds()
                    for event in events { console.session.feed(event, clock: read, emit: console.emit) }
                    console.session.recordProcessing(microseconds: clock.nowMicroseconds() - read)
                    console.draw()
                    if console.reachedGestureLimit || console.outputFailure != nil { return .stop }
                case .readable(let descriptor):
                    if console.readKeys() { return .stop }
                    if console.keys == nil { return .stopWatching(descriptor) }
                case .tick:
                    console.session.tick(clock: clock.nowMicroseconds())
                    console.drawIdle()
                }
                return .continue
            }
        } catch let error as DeviceError {
            console.stop()
            failure = error
        }
        StopSignal.restoreDefaults(stopSignals)
        // A device that went away cut its gesture as a recording's end does (cut short,
        // judged); a user who stopped the session leaves the gesture in progress out.
        if failure != nil { console.session.finish(clock: clock.nowMicroseconds(), emit: console.emit) }
        else { console.session.settle(clock: clock.nowMicroseconds(), emit: console.emit) }
        if let failure {
            _ = try? console.finish(source: nil)
            throw failure
        }
        return try console.finish(source: nil)
    }

    // MARK: The I/O

    /// Raw keys and the alternate screen (the view), or the first JSON line.
    private func start() {
        if let keys { _ = fcntl(keys, F_SETFL, fcntl(keys, F_GETFL) | O_NONBLOCK) }
        if let terminal {
            terminal.enterRawMode()
            terminal.enterScreen()
            draw(force: true)
        } else {
            if Terminal.isTerminal(0) {
                rawKeys = Terminal(input: 0, output: 2)
                rawKeys?.enterRawMode()
            }
            pending += LiveJSONLines.ready(session.state) + "\n"
            flush()
        }
    }

    /// Puts the terminal back (idempotent: also on error paths, through `defer`).
    private func stop() {
        flush()
        terminal?.restore()
        rawKeys?.restore()
    }

    /// Keeps the raw-mode terminal of JSON mode, so it is restored too.
    private var rawKeys: Terminal?
    /// Escape sequences (arrows) consumed whole, across reads.
    private var keyReader = LiveKeyReader()

    /// What the session emits: JSON lines, buffered until ``flush()``.
    private func emit(_ event: LiveEvent) {
        guard terminal == nil else { return }
        pending += LiveJSONLines.line(event) + "\n"
        if pending.utf8.count > 1 << 16 { flush() }
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        // A failed write to standard output (a full disk, a closed pipe) is said once and
        // ends the run with exit 3 (see ``outputFailure``); nothing after it is written.
        if outputFailure == nil {
            do { try writeStandardOutput(pending) } catch { outputFailure = error }
        }
        pending = ""
    }

    /// The first failed write to standard output; the run stops and exits with it.
    private var outputFailure: OutputError?

    /// Whether `--gestures N` is reached.
    private var reachedGestureLimit: Bool {
        guard let gestureLimit else { return false }
        // A recording's gesture counts once its label is read (`stopsAfterReports`); a
        // device's as it ends (its label comes from a key, if at all).
        if let reports = session.stopsAfterReports { return session.tracksReported >= reports }
        return session.state.history.count >= gestureLimit
    }

    /// Reads and acts on the keys waiting; returns `true` for quit. `pace` acts on pause
    /// and step (`--from`: the caller owns the recording's pace; `nil` for a device).
    private func readKeys(pace: ((_ pause: Bool) -> String?)? = nil) -> Bool {
        guard let keys else { return false }
        guard let bytes = Terminal.readAvailable(keys) else {
            self.keys = nil   // the pipe closed
            return false
        }
        for input in keyReader.feed(bytes) {
            guard case .key(let key) = input else {
                if case .arrow(let arrow) = input { session.press(arrow) }
                continue
            }
            switch session.press(key, emit: emit) {
            case .handled: break
            case .quit: return true
            case .save(let track): save(track)
            case .pauseResume, .step:
                guard let pace else {
                    session.setMessage("pause and step are for a recording (--from); a device cannot be paused", isError: true)
                    break
                }
                session.setStatus(pace(key == .pauseResume))
            }
        }
        draw(force: true)
        return false
    }

    private func save(_ track: SavedTrack) {
        guard var appender, let savePath else {
            session.saveFailed("no file to save to: start live with --save FILE", emit: emit)
            return
        }
        do {
            try appender.append(events: track.events, annotation: track.annotation)
            self.appender = appender
            session.saved(to: savePath, emit: emit)
        } catch {
            self.appender = appender
            session.saveFailed(error.message, emit: emit)
        }
    }

    /// Draws the view (throttled unless `force`); JSON mode writes what is pending.
    private func draw(force: Bool = false) {
        guard let terminal else { flush(); return }
        let now = clock.nowMicroseconds()
        guard force || now - lastDraw >= Self.drawIntervalMicroseconds else {
            undrawn = true   // the next idle turn draws it (a step while paused showed a second late)
            return
        }
        lastDraw = now
        undrawn = false
        let size = terminal.size()
        lastSize = size
        terminal.draw(LiveView.render(session.state, size: size, color: color))
    }

    private var lastSize: TerminalSize?
    /// What was fed since the last drawing has not been drawn (a draw was throttled).
    private var undrawn = false

    /// Nothing arrived: redraw what a throttled draw left undrawn, while the completion
    /// animation runs (and a moment after, so its last frame shows), after a resize, or once
    /// a second — an idle view over ssh stays quiet.
    private func drawIdle() {
        guard let terminal else { flush(); return }
        let state = session.state
        let animating = state.current?.completion.map { !$0.isFinished(atClock: state.clock - 200_000) } ?? false
        guard undrawn || animating || terminal.size() != lastSize || clock.nowMicroseconds() - lastDraw >= 1_000_000 else { return }
        draw(force: true)
    }

    /// The closing lines (after the screen is left): the summary and the `touchtape replay`
    /// line that reproduces the settings in force.
    private func finish(source: String?) throws -> Outcome {
        stop()
        // The closing `touchtape replay` line names the saved file only when it holds a
        // gesture; a file the session made (at the end of any symlinks) and saved nothing to
        // is removed, so nothing is left behind.
        let gesturesSaved = appender?.tracksWritten ?? 0
        if var appender {
            do { try appender.finish() } catch {
                throw LiveError(error)
            }
            self.appender = nil
            if gesturesSaved == 0, let made = appender.file.regularFile, let savePath, unlink(made) == 0 {
                say("live: no gesture saved, so \(TextExcerpt.make(savePath, limit: nil)) was not kept\n")
            }
        }
        let state = session.state
        if terminal == nil {
            pending += LiveJSONLines.summary(state) + "\n"
            flush()
        }
        // The saved file when a gesture was saved to it; else what was replayed.
        var file = (gesturesSaved > 0 ? savePath : nil) ?? source ?? "RECORDING"
        if file.hasPrefix("-") { file = "./" + file }   // not read back as an option
        let command = (["touchtape", "replay", file] + state.settings.replayArguments).map(ShellWord.quoted).joined(separator: " ")
        let text = "live: \(state.history.count) gesture(s): \(state.summaryLine)\nsettings: \(command)\n"
        if let outputFailure { throw outputFailure }
        if terminal == nil { say(text) } else { try writeStandardOutput(text) }
        return Outcome(passed: state.history.count - state.failed, failed: state.failed)
    }

    /// Standard output, unbuffered and checked, every line terminal-safe. A failure says how
    /// much of the whole run's output was written before it (`| head -3`: the three lines).
    private func writeStandardOutput(_ text: String) throws(OutputError) {
        let out = OutputFile.standardOutput()
        do {
            try out.write(TextExcerpt.terminalLines(text))
            try out.commit()
        } catch {
            var error = error
            error.bytesWritten = standardOutputBytes + (error.bytesWritten ?? out.bytesWritten)
            throw error
        }
        standardOutputBytes += out.bytesWritten
    }

    /// Bytes written to standard output so far.
    private var standardOutputBytes: Int64 = 0
}

/// A live run that cannot start or go on: what, a hint, and whether the device or the file
/// system failed (exit 3) rather than the user's input (exit 2).
package struct LiveError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var hint: String?
    package var isDeviceOrIOFailure: Bool
    /// The stop signal that ended a wait for the `--save` file (a FIFO no one read), if one did.
    package var interruptedBy: Int32?

    /// A value from its parts.
    package init(message: String, hint: String?, isDeviceOrIOFailure: Bool, interruptedBy: Int32? = nil) {
        self.message = message
        self.hint = hint
        self.isDeviceOrIOFailure = isDeviceOrIOFailure
        self.interruptedBy = interruptedBy
    }

    /// The save file's failure.
    init(_ error: RecordingFileError) {
        self.init(message: error.message, hint: error.hint, isDeviceOrIOFailure: true, interruptedBy: error.interruptedBy)
    }

    package var description: String { message }
}
