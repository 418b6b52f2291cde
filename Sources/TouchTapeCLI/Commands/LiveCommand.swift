import ArgumentParser
import TouchTapeDevice
import TouchTapeEvents
import TouchTapeFormats
import TouchTapeLive
import TouchTapeReplay
#if canImport(Glibc)
import Glibc
#endif

/// `touchtape live`: the tuning session. A device (or a recording at its pace) through
/// the same pipeline and checks as `replay`, shown as it happens; keys change the
/// settings, label and save gestures.
struct LiveCommand: AsyncParsableCommand {
    /// What ends a session cleanly (terminal restored, summary printed): Ctrl-C, a kill,
    /// and a hang-up (an ssh connection dropped or the terminal closed).
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Watch the dismissal decide live, from a device or a recording, and tune it with keys.",
        discussion: """
        DEVICE is a /dev/input/eventN path or part of a device name, as for 'record'; \
        --from FILE plays a recording at its recorded pace (--speed X: X times faster; \
        --loop: over and over). Every gesture runs through the pipeline of 'touchtape \
        replay' and gets the same checks when it ends.

        When stdout is a terminal: a full-screen view (progress and threshold, velocity \
        and flick velocity, the decision if the fingers lifted now and why, the completion, \
        the history with checks). Keys: \(LiveKey.legend) (f finish, c cancel, n none: \
        must not dismiss, x clear the label). Settings changes apply from the \
        next gesture. Otherwise: one JSON object per line (see the README, "JSON lines"). \
        Keys are read from stdin when it is a terminal or a pipe.

        Stops at q, Ctrl-C (SIGINT), SIGTERM, after --gestures N gestures, or when the \
        recording ends (unless keys can still come: the view waits for q, a pipe for its \
        end). Prints 'N passed, N failed' and the 'touchtape replay' command line with the \
        settings in force. Exit status: 0, or 1 when a gesture failed a check (under its \
        latest label); 2 bad usage or input; 3 device or I/O failure.
        """ + HelpExamples.block("live"))

    @Argument(help: "A /dev/input/eventN path or part of a device name (or use --from).", completion: Completions.device)
    var device: String?

    @Option(help: "Play this recording instead of reading a device.", completion: Completions.recording)
    var from: String?

    @Option(parsing: .unconditional, help: "With --from: play X times faster than recorded (0.01 to 10000).",
            transform: { try NumberOption.speed.parse($0) })
    var speed: Double = 1

    @Flag(help: "With --from: start the recording over when it ends.")
    var loop = false

    @OptionGroup var settingsOptions: SessionSettingsOptions

    @Flag(help: "Grab the device (EVIOCGRAB) so no other program sees the gestures.")
    var grab = false

    @Option(name: [.customLong("save"), .customShort("o"), .customLong("output")],
            help: "Where 's' appends the last gesture (evemu, or libinput record for .yml/.yaml); -o/--output is the same.")
    var save: String?

    @Option(parsing: .unconditional, help: "Stop after this many finished gestures.", transform: { try IntegerOption.gestures.parse($0) })
    var gestures: Int?

    func validate() throws {
        if (device == nil) == (from == nil) { throw ValidationError("give a DEVICE or --from FILE (one of them)") }
        if from == nil, loop || speed != 1 { throw ValidationError("--speed and --loop go with --from") }
        if from != nil, grab { throw ValidationError("--grab goes with a DEVICE") }
        if !(speed > 0) || !speed.isFinite { throw ValidationError("--speed must be positive") }
        if let gestures, gestures < 1 { throw ValidationError("--gestures must be at least 1") }
    }

    func run() async throws {
        let (settings, _, _) = try settingsOptions.configuration()
        try refuseAliasing(outputs: [("--save", save)], inputs: from.map { [$0] } ?? [])
        if let from { try runFile(from, settings: settings) } else if let device { try runDevice(device, settings: settings) }
    }

    // MARK: A recording at its pace

    private func runFile(_ path: String, settings: SessionSettings) throws {
        var stream: RecordingStream
        var items: [RecordingItem] = []
        do {
            stream = try RecordingStream(RecordingLocator.source(forPath: path), locking: readLocking)
            try stream.requireTouchDevice()
            while let item = try stream.next() { items.append(item) }
        } catch { throw fail("\(error)") }
        let description = stream.description
        let source = LiveState.Source(deviceName: description.name, kind: description.classification.kind,
                                      protocolName: description.classification.touchProtocol.name, origin: path, speed: speed)
        let metadata = RecordingMetadata(kernel: stream.metadata.kernel, recorder: "touchtape \(TouchTape.version) live",
                                         deviceNode: stream.metadata.deviceNode)
        let runner = try makeRunner(description: description, file: stream.source.eventsPath, source: source,
                                    settings: settings, metadata: metadata)
        defer { runner.stop() }
        let stop = StopSignal(signals: Self.stopSignals)
        let pace = speed == speed.rounded() && speed < 1e9 ? String(Int64(speed)) : "\(speed)"
        writeStandardError("live: playing \(path) (\"\(TextExcerpt.terminalSafe(description.name))\", x\(pace)\(loop ? ", loop" : "")); q or Ctrl-C stops\n")
        runner.start()

        let clock = runner.clock
        var paced = PacedFileSource(items: items, speed: speed, loop: loop, start: clock.nowMicroseconds())
        var ended = false
        let tick: Int64 = 50_000
        running: while stop.firedSignal == nil {
            var now = clock.nowMicroseconds()
            var wake = now + tick
            var fed = 0
            let started = now
            turn: while !ended, fed < 4096 {
                switch paced.next(now: now) {
                case .item(.event(let event)):
                    runner.session.feed(event, clock: paced.recordingClock(now: now), emit: runner.emit)
                    fed += 1
                case .item(.annotation(let annotation)):
                    runner.session.mark(annotation)
                case .passEnded:
                    runner.session.restart(clock: paced.recordingClock(now: now), emit: runner.emit)
                    runner.session.setStatus("pass \(paced.pass)")
                case .finished:
                    runner.session.finish(clock: paced.recordingClock(now: now), emit: runner.emit)
                    runner.session.setStatus("recording ended" + (runner.keys != nil ? "; q quits" : ""))
                    ended = true
                case .wait(let until):
                    wake = min(wake, until)
                    break turn
                }
                if runner.reachedGestureLimit || runner.outputFailure != nil { break running }
            }
            now = clock.nowMicroseconds()
            if fed > 0 { runner.session.recordProcessing(microseconds: (now - started) / Int64(fed)) }
            if runner.reachedGestureLimit || runner.outputFailure != nil { break }
            // The recording ended: stay while keys can still come (the view's terminal, a pipe).
            if ended, runner.keys == nil || (runner.terminal == nil && Terminal.isTerminal(0)) { break }
            runner.session.tick(clock: paced.recordingClock(now: now))
            if fed > 0 { runner.draw() } else { runner.drawIdle() }
            var fds = [pollfd(fd: stop.pollDescriptor, events: Int16(POLLIN), revents: 0)]
            if let keys = runner.keys { fds.append(pollfd(fd: keys, events: Int16(POLLIN), revents: 0)) }
            let timeout = fed >= 4096 ? 0 : Int32(clamping: max(0, (wake - now + 999) / 1000))
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds.count > 1, fds[1].revents != 0, runner.readKeys(pace: { pause in
                let now = clock.nowMicroseconds()
                if pause { paced.isPaused ? paced.resume(now: now) : paced.pause(now: now) } else { paced.step() }
                if paced.isPaused { return "paused: space resumes, . steps a frame" }
                return ended ? "recording ended; q quits" : paced.pass > 1 ? "pass \(paced.pass)" : nil
            }) { break }
        }
        StopSignal.restoreDefaults(Self.stopSignals)
        // Stopped early: the last gesture gets the recording's mark (already read), and one
        // in progress is cut off, as `replay` treats a recording that ends there.
        if !ended { runner.session.finish(clock: paced.recordingClock(now: clock.nowMicroseconds()), emit: runner.emit) }
        try runner.finish(source: path)
    }

    // MARK: A device

    private func runDevice(_ query: String, settings: SessionSettings) throws {
        let path = try RecordCommand.resolve(query)
        let evdev = try RecordCommand.open(path, grab: grab)
        let description = evdev.description
        let classification = description.classification
        let source = LiveState.Source(deviceName: description.name, kind: classification.kind,
                                      protocolName: classification.touchProtocol.name, origin: path)
        let runner = try makeRunner(description: description, file: path, source: source, settings: settings,
                                    metadata: RecordCommand.metadata(devicePath: path))
        defer { runner.stop() }
        let stop = StopSignal(signals: Self.stopSignals)
        if let reason = classification.nonTouchReason {
            writeStandardError("touchtape: warning: \(reason.sentence(deviceName: description.name)); no gestures will be found in its events\n")
        }
        writeStandardError("live: reading \"\(TextExcerpt.terminalSafe(description.name))\" (\(path), \(classification.kind.rawValue), protocol \(classification.touchProtocol.name)); q or Ctrl-C stops\n")
        runner.start()

        let clock = runner.clock
        let loop = DeviceEventLoop(device: evdev, stop: stop, watching: runner.keys.map { [$0] } ?? [],
                                   tickMilliseconds: 50, clock: clock)
        var failure: ExitCode?
        do {
            _ = try loop.run { input in
                switch input {
                case .events(let events):
                    let read = clock.nowMicroseconds()
                    for event in events { runner.session.feed(event, clock: read, emit: runner.emit) }
                    runner.session.recordProcessing(microseconds: clock.nowMicroseconds() - read)
                    runner.draw()
                    if runner.reachedGestureLimit || runner.outputFailure != nil { return .stop }
                case .readable(let descriptor):
                    if runner.readKeys() { return .stop }
                    if runner.keys == nil { return .stopWatching(descriptor) }
                case .tick:
                    runner.session.tick(clock: clock.nowMicroseconds())
                    runner.drawIdle()
                }
                return .continue
            }
        } catch let error as DeviceError {
            runner.stop()
            failure = fail(error.message, hint: error.hint, status: ExitStatus.deviceOrIOFailure)
        }
        StopSignal.restoreDefaults(Self.stopSignals)
        runner.session.finish(clock: clock.nowMicroseconds(), emit: runner.emit)
        if let failure {
            try? runner.finish(source: nil)
            throw failure
        }
        try runner.finish(source: nil)
    }

    private func makeRunner(description: DeviceDescription, file: String, source: LiveState.Source,
                            settings: SessionSettings, metadata: RecordingMetadata) throws -> LiveRunner {
        let session: LiveSession
        do {
            session = try LiveSession(description: description, file: file, source: source, settings: settings)
        } catch { throw fail(error.description) }
        return try LiveRunner(session: session, gestureLimit: gestures,
                              save: save.map { ($0, (try? RecordingFormat.forOutput($0, requested: nil, option: "--save")) ?? .evemu, metadata) })
    }
}
