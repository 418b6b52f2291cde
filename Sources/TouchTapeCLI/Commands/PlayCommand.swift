import ArgumentParser
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay
import TouchTapeTracks
#if canImport(Glibc)
import Glibc
#endif

/// `touchtape play`: replays a recording into a new virtual (uinput) device.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Replay a recording into a new virtual input device (uinput).",
        discussion: """
        Creates a device with the recorded description, waits until its /dev/input node \
        exists, prints "NAME: /dev/input/eventN" on standard output, then writes the events \
        with the recorded timing: like evemu-play, it sleeps only when the next event is due \
        more than 0.3 ms ahead, so the events of one frame go out back to back. The kernel \
        stamps the events with its own time. Afterwards the timing error against the schedule \
        (max and 99th percentile, ms) goes to standard error.

        --start-delay waits after the device appears so recorders (touchtape record, \
        evemu-record, libinput record) can attach; --wait-for-enter instead waits for a \
        line (Enter) on standard input, or its end, so a person or a script starts the \
        play once its recorders say they are recording (it prints "waiting for Enter" on \
        standard error first); --hold keeps the device a moment after the last event so \
        readers can drain their buffers before it disappears.

        Needs /dev/uinput (modprobe uinput) and the right to open it (usually root). \
        Exit status: 0 played (or stopped by SIGINT/SIGTERM), 2 bad file or track, \
        3 device failure (no uinput, device vanished).
        """ + HelpExamples.block("play")
    )

    @Argument(help: "The recording: evemu, libinput record or getevent (a split .events file finds its .desc beside it, a getevent capture its -lp listing).",
              completion: Completions.recording)
    var file: String

    @Option(name: .long, parsing: .unconditional, help: "Play only this track (1-based; a track is one gesture).",
            transform: { try IntegerOption.track.parse($0) })
    var track: Int?

    @Flag(help: "Timing: recorded (default) or no sleeps at all.")
    var pacing: Pacing = .realtime

    @Option(name: .customLong("device-name"), parsing: .unconditional, help: "Name of the virtual device (default: the recorded name).")
    var deviceName: String?

    @Option(name: .customLong("description"), help: "Description file for an events-only recording (evemu .desc).")
    var descriptionFile: String?

    @Option(name: .customLong("start-delay"), parsing: .unconditional, help: "Seconds to wait after the device appears, before the first event.",
            transform: { try NumberOption.startDelay.parse($0) })
    var startDelay: Double = 0.2

    @Flag(name: .customLong("wait-for-enter"), help: "After the device appears, wait for a line on standard input (Enter) before --start-delay and the first event.")
    var waitForEnter = false

    @Option(name: .long, parsing: .unconditional, help: "Seconds to keep the device after the last event, so readers can drain.",
            transform: { try NumberOption.hold.parse($0) })
    var hold: Double = 0.2

    @Flag(name: .customLong("dry-run"), help: "Read the file and list its tracks; create no device.")
    var dryRun = false

    @Option(name: .customLong("write-expected"), help: "Write, as evemu event lines, what readers of the device should see (the kernel's filtering applied).")
    var writeExpected: String?

    enum Pacing: String, EnumerableFlag {
        case realtime, asFastAsPossible
        var replayPacing: ReplayPacing { self == .realtime ? .realtime : .asFastAsPossible }
    }

    func run() async throws {
        try refuseAliasing(outputs: [("--write-expected", writeExpected)],
                           inputs: recordingInputs(file, description: descriptionFile))
        let recording = try PlayInput.load(file, descriptionFile: descriptionFile)
        do { try recording.requireTouchDevice() } catch { throw PlayInput.fail(error) }
        do {
            let tracks = recording.tracks()
            let playback = try Playback(recording, tracks: tracks, file: file, track: track)
            if let writeExpected { try writeOutput(playback.expectedText, to: writeExpected, option: "--write-expected") }
            if dryRun { return try writeStandardOutput(Playback.listing(recording, tracks: tracks, file: file)) }
            try playback.play(deviceName: deviceName, pacing: pacing.replayPacing, startDelay: startDelay, hold: hold,
                              waitForEnter: waitForEnter, announce: writeStandardOutput, readLine: { _ = Swift.readLine() },
                              say: writeStandardError)
        } catch let exit as ExitCode { throw exit } catch { throw fail(error) }
    }
}

enum PlayInput {
    static func load(_ path: String, descriptionFile: String?) throws -> Recording {
        do {
            if let descriptionFile {
                return try RecordingReader.read(descriptionPath: descriptionFile, eventsPath: path, locking: readLocking)
            }
            return try RecordingReader.read(path: path, locking: readLocking)
        } catch {
            throw fail(error)
        }
    }

    /// A reader error as `touchtape: error: FILE:LINE: expected …` plus its hint; exit 2 (3 for I/O).
    static func fail(_ error: RecordingError) -> ExitCode {
        var message = RecordingError.excerpt(error.file, limit: nil)
        if let line = error.line { message += ":\(line)" }
        message += ": expected '\(RecordingError.excerpt(error.expected, limit: RecordingError.messageLimit))'"
        if let found = error.found { message += ", found '\(RecordingError.excerpt(found, limit: RecordingError.messageLimit))'" }
        if let index = error.eventIndex { message += " (event \(index))" }
        return touchtape.fail(message, hint: RecordingError.excerpt(error.hint, limit: RecordingError.messageLimit),
                              status: error.kind == .ioFailure ? ExitStatus.deviceOrIOFailure : ExitStatus.badInput)
    }
}
