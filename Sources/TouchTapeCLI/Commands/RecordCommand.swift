import ArgumentParser
import TouchTapeDevice
import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay
#if canImport(Glibc)
import Glibc
#endif

/// `touchtape record`: records pan gestures from a real device into a file.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record touch gestures from an input device into an evemu or libinput-record file.",
        discussion: """
        DEVICE is a /dev/input/eventN path or a case-insensitive part of a device name \
        (see 'touchtape devices'); without it the touchscreens and touchpads are listed \
        and their event number is read from stdin, as evemu-record asks. Without -o the \
        file is touchtape-DATE-TIME.evemu (.yml with --format libinput) in the current \
        folder, never one that exists. The file gets the device description first, then the \
        events frame by frame; when a gesture's last finger lifts, its mark (--expect, \
        --note) is written and the file is synced, so a crash, signal, unplug or full disk \
        loses at most the gesture in progress. A gesture still in progress when the \
        recording stops is kept and marked "cut short".

        Times are relative, like evemu-record: the first event is at 0.000001 s; the \
        device clock is CLOCK_MONOTONIC. If the kernel drops events (SYN_DROPPED), the \
        SYN_DROPPED is recorded followed by the resynchronised state, and reported.

        Stops at Ctrl-C (SIGINT) or SIGTERM, after --gestures N gestures or --duration S \
        seconds. Exit status: 0 for those normal stops (SIGTERM too: it is how service \
        managers ask a recorder to finish); 2 for a DEVICE that matches no device or \
        several; 3 when the device disappears ("device disappeared"), cannot be opened \
        (permission), or the file cannot be written (e.g. disk full: the file keeps every \
        completed gesture).
        """ + HelpExamples.block("record")
    )

    enum FileFormat: String, ExpressibleByArgument, CaseIterable {
        case evemu, libinput
        var recordingFormat: RecordingFormat { self == .evemu ? .evemu : .libinputRecord }
    }

    @Argument(help: "A /dev/input/eventN path or part of a device name (none: choose from a list).", completion: Completions.device)
    var device: String?

    @Option(name: [.short, .customLong("output")], help: "The recording file to write, in place so it can be read while it grows ('-': standard output; a device, FIFO or symlink's target is written through).")
    var output: String?

    @Option(name: .long, help: "File format: evemu or libinput (libinput record YAML). Default: libinput for a .yml/.yaml output, else evemu.")
    var format: FileFormat?

    @Flag(name: .long, help: "Grab the device (EVIOCGRAB) so no other program sees the gestures while recording.")
    var grab = false

    @Option(name: .long, help: "Expected outcome of every gesture recorded: finish, cancel, or none (must not start the dismissal).")
    var expect: ExpectedOutcome?

    @Option(name: .long, help: "A note stored with every gesture.")
    var note: String?

    @Option(name: .long, parsing: .unconditional, help: "Stop after this many completed gestures.", transform: { try IntegerOption.gestures.parse($0) })
    var gestures: Int?

    @Option(name: .long, parsing: .unconditional, help: "Stop after this many seconds.", transform: { try NumberOption.duration.parse($0) })
    var duration: Double?

    @Flag(name: .long, help: "At the end, print events and frames read, SYN_DROPPED, the delay from each frame's kernel time to its bytes written (p50, p99, max) and the recorder's CPU share.")
    var stats = false

    /// `--format`, else what the output's extension says (`.yml` → libinput record), else
    /// evemu; a `--format` the file name contradicts is refused (exit 2).
    var fileFormat: RecordingFormat {
        get throws {
            guard let output else { return format?.recordingFormat ?? .evemu }
            do { return try RecordingFormat.forOutput(output, requested: format?.recordingFormat, option: "--format") } catch {
                throw fail(error.message, hint: error.hint)
            }
        }
    }

    /// How long one poll() waits before the loop looks at the clock again.
    static let pollTimeoutMilliseconds: Int32 = 100

    func validate() throws {
        if let gestures, gestures < 1 { throw ValidationError("--gestures must be at least 1") }
        if let duration, duration <= 0 { throw ValidationError("--duration must be positive") }
    }

    func run() async throws {
        let chosenFormat = try fileFormat   // a --format the file name contradicts: exit 2 before the device is opened
        let path = try device.map(Self.resolve) ?? Self.choose()
        let output = self.output ?? DefaultRecordingName.make(stamp: Self.localStamp(), format: chosenFormat) {
            access($0, F_OK) == 0
        }
        let stop = StopSignal()
        let evdev = try Self.open(path, grab: grab)
        let description = evdev.description
        let classification = description.classification
        var recorder: GestureRecorder<RecordingFileFormatter>
        do {
            let formatter = RecordingFileFormatter(format: chosenFormat, description: description,
                                                   metadata: Self.metadata(devicePath: path))
            recorder = try GestureRecorder(formatter: formatter, file: try RecordingFile(path: output),
                                           description: description,
                                           annotation: TrackAnnotation(expected: expect, note: note))
        } catch {
            throw fail(error.message, hint: error.hint, status: ExitStatus.deviceOrIOFailure)
        }
        if let reason = classification.nonTouchReason {
            writeStandardError("touchtape: warning: \(reason.sentence(deviceName: description.name)); its events are recorded, "
                + "but no gestures will be found in them ('touchtape devices' shows each device's kind)\n")
        }
        writeStandardError("recording \"\(TextExcerpt.terminalSafe(description.name))\" (\(path), \(classification.kind.rawValue), protocol \(classification.touchProtocol.name)) to \(output); Ctrl-C stops\n")

        let clock = MonotonicClock()
        let started = clock.nowMicroseconds()
        var recorderStats = RecorderStats()
        let loop = DeviceEventLoop(device: evdev, stop: stop, tickMilliseconds: Self.pollTimeoutMilliseconds,
                                   deadline: duration.map { clock.nowMicroseconds() + Int64($0 * 1_000_000) }, clock: clock)
        var stopReason = "stopped"
        var exitFailure: ExitCode?
        do {
            let end = try loop.run { input in
                guard case .events(let events) = input else { return .continue }
                do throws(RecordingFileError) {
                    for notice in try recorder.feed(events) { writeStandardError(notice.line + "\n") }
                    if stats { recorderStats.recordWritten(events, atMicroseconds: clock.nowMicroseconds()) }
                } catch {
                    throw fail(error.message, hint: error.hint, status: ExitStatus.deviceOrIOFailure)
                }
                if let gestures, recorder.completedGestures >= gestures { return .stop }
                return .continue
            }
            switch end {
            case .deadline: stopReason = "duration reached"
            case .signal(let signal): stopReason = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"
            case .handler: stopReason = "\(gestures ?? 0) gesture(s) recorded"
            }
        } catch let error as DeviceError {
            exitFailure = fail(error.message, hint: error.hint, status: ExitStatus.deviceOrIOFailure)
            if case .gone = error { stopReason = "device disappeared" } else { stopReason = "device error" }
        }
        StopSignal.restoreDefaults()
        do {
            if let cut = try recorder.finish() { writeStandardError(cut.line + "\n") }
        } catch {
            throw fail(error.message, hint: error.hint, status: ExitStatus.deviceOrIOFailure)
        }
        let dropped = evdev.droppedCount > 0 ? ", \(evdev.droppedCount) SYN_DROPPED" : ""
        writeStandardError("\(stopReason): \(recorder.completedGestures) complete gesture(s) in \(output)\(dropped)\n")
        if stats {
            let wall = Double(clock.nowMicroseconds() - started) / 1_000_000
            writeStandardError(recorderStats.summary(cpuSeconds: Self.cpuSeconds(), wallSeconds: wall) + "\n")
        }
        if let exitFailure { throw exitFailure }
    }

    /// User + system CPU time of this process so far (`getrusage`).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// What the file's header says about where it was made (`uname -r`, the node, the tool).
    static func metadata(devicePath: String) -> RecordingMetadata {
        var info = utsname()
        uname(&info)
        let kernel = withUnsafeBytes(of: info.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return RecordingMetadata(formatVersion: nil, kernel: kernel.isEmpty ? nil : kernel,
                                 recorder: "touchtape \(TouchTape.version)", deviceNode: devicePath)
    }

    /// Opens a device node, or exits 2 (no such node, not evdev) or 3 (permission, gone,
    /// grab refused) with the reason and a hint. `record` and `live` open devices here.
    static func open(_ path: String, grab: Bool) throws -> EvdevDevice {
        do {
            return try EvdevDevice(path: path, grab: grab)
        } catch {
            let status: Int32
            switch error {
            case .notFound, .notEvdev: status = ExitStatus.badInput
            case .permissionDenied, .gone, .noUInput, .grabFailed, .system: status = ExitStatus.deviceOrIOFailure
            }
            throw fail(error.message, hint: error.hint, status: status)
        }
    }

    /// DEVICE → a node path, or exit 2 with the reason.
    /// No DEVICE: the touch devices listed on stderr and the chosen event number read from
    /// stdin (a terminal or a pipe, as evemu-record reads it).
    static func choose() throws -> String {
        let choice = DeviceChoice(listings: DeviceEnumerator().list())
        guard !choice.candidates.isEmpty else {
            var hint = "'touchtape devices' lists every input device"
            if choice.unreadable > 0 {
                hint += "; \(choice.unreadable) could not be opened: " + DeviceError.permissionDenied(path: "").hint
            }
            throw fail("no touchscreen or touchpad to record from", hint: hint)
        }
        writeStandardError("Touch devices:\n" + choice.menu + choice.prompt)
        guard let answer = readLine(strippingNewline: true) else {
            writeStandardError("\n")
            throw fail("no device chosen (standard input ended)", hint: "give the DEVICE: a /dev/input/eventN path or part of its name")
        }
        // A terminal echoed the answer and its newline; from a pipe, the log says it.
        if isatty(0) != 1 { writeStandardError(TextExcerpt.terminalSafe(answer) + "\n") }
        guard let path = choice.pick(answer) else {
            throw fail("\"\(TextExcerpt.terminalSafe(answer))\" is none of the listed devices",
                       hint: "answer with an event number from the list, or give the DEVICE")
        }
        return path
    }

    /// The local time as `YYYYMMDD-HHMMSS`, for a default file name.
    static func localStamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }

    static func resolve(_ query: String) throws -> String {
        if query.hasPrefix("/") || query.hasPrefix(".") { return query }
        let enumerator = DeviceEnumerator()
        let listings = enumerator.list()
        switch DeviceSelection.resolve(query, among: listings) {
        case .path(let path):
            return path
        case .ambiguous(let query, let candidates):
            throw fail("\"\(query)\" matches \(candidates.count) devices: " + candidates.joined(separator: ", "),
                       hint: "give more of the name or the /dev/input/eventN path")
        case .noMatch(let query, let unreadable):
            var hint = "'touchtape devices' lists the devices"
            if unreadable > 0 {
                hint += "; \(unreadable) device(s) could not be opened, so their names are unknown: "
                    + DeviceError.permissionDenied(path: "").hint
            }
            let why = listings.isEmpty ? " (no input devices on this machine)" : ""
            throw fail("no input device name contains \"\(query)\"\(why)", hint: hint)
        }
    }
}


