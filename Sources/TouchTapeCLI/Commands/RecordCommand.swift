import ArgumentParser
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay
#if canImport(Glibc)
import Glibc
#endif

/// `touchtape record`: records pan gestures from a real device into a file.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record touch gestures from an input device (or a phone through adb) into an evemu, libinput-record or getevent file.",
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

        --adb records an Android phone's touchscreen through Debian's adb (DEVICE is then \
        the phone's serial, needed only when several are attached): 'adb shell getevent \
        -lp' gives the description, 'adb shell getevent -t' on the touchscreen the events, \
        written gesture by gesture as above. Times are the phone's kernel times, made \
        relative. adb missing, no phone attached, a phone that has not allowed USB \
        debugging, or adb not answering within 10 s: exit 3 with what to do.
        """ + HelpExamples.block("record")
    )

    enum FileFormat: String, ExpressibleByArgument, CaseIterable {
        case evemu, libinput, getevent
        var recordingFormat: RecordingFormat {
            switch self {
            case .evemu: return .evemu
            case .libinput: return .libinputRecord
            case .getevent: return .getevent
            }
        }
    }

    @Argument(help: "A /dev/input/eventN path or part of a device name (none: choose from a list); with --adb, the phone's serial (none: the one attached).", completion: Completions.device)
    var device: String?

    @Option(name: [.short, .customLong("output")], help: "The recording file to write, in place so it can be read while it grows ('-': standard output; a device, FIFO or symlink's target is written through).")
    var output: String?

    @Flag(name: .long, help: "Record an Android phone's touchscreen through adb (adb shell getevent); DEVICE is its serial.")
    var adb = false

    @Option(name: .long, help: "File format: evemu, libinput (libinput record YAML) or getevent (Android getevent text). Default: from the output's extension (.yml/.yaml, .getevent), else evemu.")
    var format: FileFormat?

    @Flag(name: .long, help: "Grab the device (EVIOCGRAB) so no other program sees the gestures while recording.")
    var grab = false

    @Option(name: .long, help: "Expected outcome of every gesture recorded: finish, cancel, or none (must not start the dismissal).")
    var expect: ExpectedOutcome?

    @Option(name: .long, parsing: .unconditional, help: "A note stored with every gesture.")
    var note: String?

    @Option(name: .long, parsing: .unconditional, help: "Stop after this many completed gestures.", transform: { try IntegerOption.gestures.parse($0) })
    var gestures: Int?

    @Option(name: .long, parsing: .unconditional, help: "Stop after this many seconds.", transform: { try NumberOption.duration.parse($0) })
    var duration: Double?

    @Flag(name: .long, help: "At the end, print events and frames read, SYN_DROPPED, the delay from each frame's kernel time to its bytes written (p50, p99, max) and the recorder's CPU share.")
    var stats = false

    /// `--format`, else what the output's extension says (`.yml` → libinput record), else
    /// evemu; a `--format` the file name contradicts is refused (exit 2).
    func validate() throws {
        if let gestures, gestures < 1 { throw ValidationError("--gestures must be at least 1") }
        if let duration, duration <= 0 { throw ValidationError("--duration must be positive") }
        if adb, grab { throw ValidationError("--grab is for local devices; a phone's touchscreen cannot be grabbed through adb") }
        if adb, stats { throw ValidationError("--stats times frames against this machine's clock; a phone's events carry the phone's") }
    }

    func run() async throws {
        try refuseAliasing(outputs: [("-o", output)], inputs: [])
        do {
            // A --format the file name contradicts: exit 2 before the device is opened.
            let chosen = try output.map { try RecordingFormat.forOutput($0, requested: format?.recordingFormat, option: "--format") }
                ?? format?.recordingFormat ?? .evemu
            let output = self.output ?? DefaultRecordingName.make(stamp: DeviceRequest.localStamp(), format: chosen) { access($0, F_OK) == 0 }
            let annotation = TrackAnnotation(expected: expect, note: note)
            // Before the device is opened: a --note the chosen format would not keep.
            do { try chosen.refuseUnwritable(annotation, file: output, by: .recorder) } catch {
                var refused = error
                refused.hint = "--note: " + refused.hint
                throw refused
            }
            let run = RecordingRun(output: output, format: chosen, annotation: annotation,
                                   gestures: gestures, duration: duration, stats: stats, recorder: "touchtape \(TouchTape.version)")
            if adb { return try run.runAdb(serial: device, say: writeStandardError) }
            let path = try device.map { try DeviceRequest.resolve($0) } ?? Self.choose()
            try run.run(try EvdevDevice(path: path, grab: grab), path: path, say: writeStandardError)
        } catch { throw fail(error) }
    }

    /// The device chosen from the list, the answer read from stdin (a terminal or a pipe).
    static func choose() throws -> String {
        try DeviceRequest.choose(from: DeviceEnumerator().list(), say: writeStandardError, echo: isatty(0) != 1) {
            readLine(strippingNewline: true)
        }
    }
}
