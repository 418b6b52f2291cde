@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
#if canImport(Glibc)
import Glibc
#endif

/// A `touchtape record` run: an opened device read into a recording file, gesture by
/// gesture, until a stop signal, `gestures` complete gestures, `duration` seconds or the
/// device's end. The command only maps its options onto it; what the run says goes
/// through `say` (stderr).
package struct RecordingRun {
    /// The file to write (`-`: standard output; a device, FIFO or symlink's target is written through).
    package var output: String
    /// Its format.
    package var format: RecordingFormat
    /// The mark every gesture gets (`--expect`, `--note`).
    package var annotation: TrackAnnotation
    /// Stop after this many complete gestures.
    package var gestures: Int?
    /// Stop after this many seconds.
    package var duration: Double?
    /// Print the recorder's statistics at the end.
    package var stats: Bool
    /// `touchtape VERSION`, for the file's recorder field.
    package var recorder: String

    /// How often the loop wakes without events (to notice the duration's end).
    static let pollTimeoutMilliseconds: Int32 = 100

    /// A run from its parts.
    package init(output: String, format: RecordingFormat, annotation: TrackAnnotation, gestures: Int?, duration: Double?,
                 stats: Bool, recorder: String) {
        self.output = output
        self.format = format
        self.annotation = annotation
        self.gestures = gestures
        self.duration = duration
        self.stats = stats
        self.recorder = recorder
    }

    /// Records `evdev` (opened from `path`). A file that cannot be written throws its
    /// ``RecordingFileError`` (the file keeps every completed gesture); a device that fails
    /// mid-run is thrown as its ``DeviceError`` after the file is finished and the summary said.
    package func run(_ evdev: EvdevDevice, path: String, say: @escaping @Sendable (String) -> Void) throws {
        let stop = StopSignal()
        // As libinput record does, the file keeps the machine's DMI modalias, the udev properties
        // libinput reads and the quirks libinput has for the device (its size ones): an axis fix
        // or a size quirk gives a device reporting resolution 0 its real size on replay.
        var description = evdev.description
        var metadata = DeviceRequest.metadata(devicePath: path, recorder: recorder)
        metadata.dmi = UdevDatabase.machineModalias()
        description.udevProperties = UdevDatabase.recordedProperties(devicePath: path, description: description, dmi: metadata.dmi)
        description.quirks = QuirkDatabase.installed().sizeQuirks(for: description).quirks
        let classification = description.classification
        let formatter = try RecordingFileFormatter(format: format, description: description, metadata: metadata,
                                                   output: output, by: .recorder)
        var recorder = try GestureRecorder(formatter: formatter, file: try RecordingFile(path: output, option: "-o", new: true, waiting: stop.waiting(notice: { say("touchtape: \($0)\n") })),
                                           description: description, annotation: annotation)
        if let reason = classification.nonTouchReason {
            say("touchtape: warning: \(reason.sentence(deviceName: description.name)); its events are recorded, "
                + "but no gestures will be found in them ('touchtape devices' shows each device's kind)\n")
        }
        say("recording \"\(TextExcerpt.terminalSafe(description.name))\" (\(path), \(classification.kind.rawValue), protocol \(classification.touchProtocol.name)) to \(output); Ctrl-C stops\n")

        let clock = MonotonicClock()
        let started = clock.nowMicroseconds()
        var recorderStats = RecorderStats()
        let loop = DeviceEventLoop(device: evdev, stop: stop, tickMilliseconds: Self.pollTimeoutMilliseconds,
                                   deadline: duration.map { clock.nowMicroseconds() + Int64($0 * 1_000_000) }, clock: clock)
        var stopReason = "stopped"
        var deviceFailure: DeviceError?
        do {
            let end = try loop.run { input in
                guard case .events(let events) = input else { return .continue }
                for notice in try recorder.feed(events) { say(notice.line + "\n") }
                if stats { recorderStats.recordWritten(events, atMicroseconds: clock.nowMicroseconds()) }
                if let gestures, recorder.completedGestures >= gestures { return .stop }
                return .continue
            }
            switch end {
            case .deadline: stopReason = "duration reached"
            case .signal(let signal): stopReason = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"
            case .handler: stopReason = "\(gestures ?? 0) gesture(s) recorded"
            }
        } catch let error as DeviceError {
            deviceFailure = error
            if case .gone = error { stopReason = "device disappeared" } else { stopReason = "device error" }
        }
        StopSignal.restoreDefaults()
        if let cut = try recorder.finish() { say(cut.line + "\n") }
        let dropped = evdev.droppedCount > 0 ? ", \(evdev.droppedCount) SYN_DROPPED" : ""
        say("\(stopReason): \(recorder.completedGestures) complete gesture(s) in \(output)\(dropped)\n")
        if stats {
            let wall = Double(clock.nowMicroseconds() - started) / 1_000_000
            say(recorderStats.summary(cpuSeconds: Self.cpuSeconds(), wallSeconds: wall) + "\n")
        }
        if let deviceFailure { throw deviceFailure }
    }

    /// This process's CPU time so far (user + system), in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
