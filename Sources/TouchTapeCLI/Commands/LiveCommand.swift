import ArgumentParser
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents
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
            help: "Where 's' appends the selected gesture, or the latest when none is (evemu; libinput record for .yml/.yaml, getevent for .getevent); -o/--output is the same.")
    var save: String?

    @Option(parsing: .unconditional, help: "Stop after this many finished gestures.", transform: { try IntegerOption.gestures.parse($0) })
    var gestures: Int?

    func validate() throws {
        if device == nil, from == nil { throw ValidationError("give a DEVICE or --from FILE") }
        if let device, let from {
            throw ValidationError("give a DEVICE or --from FILE, not both (DEVICE '\(TextExcerpt.make(device))', "
                                  + "--from '\(TextExcerpt.make(from))')")
        }
        if from == nil, loop || speed != 1 { throw ValidationError("--speed and --loop go with --from") }
        if from != nil, grab { throw ValidationError("--grab goes with a DEVICE") }
        if !(speed > 0) || !speed.isFinite { throw ValidationError("--speed must be positive") }
        if let gestures, gestures < 1 { throw ValidationError("--gestures must be at least 1") }
    }

    func run() async throws {
        let (settings, configuration, project) = try settingsOptions.configuration()
        try refuseAliasing(outputs: [("the live view or its JSON lines", "-"), ("--save", save)],
                           inputs: (from.map { recordingInputs($0) } ?? []) + (project.map { [$0.file] } ?? []))
        let request = LiveConsole.Request(settings: settings, savePath: save, gestureLimit: gestures,
                                          recorder: "touchtape \(TouchTape.version)", installedHints: configuration.installedHints)
        let outcome: LiveConsole.Outcome
        do {
            if let from {
                outcome = try LiveConsole.play(from, speed: speed, loop: loop, request: request, locking: readLocking,
                                               say: writeStandardError)
            } else {
                let path = try DeviceRequest.resolve(device ?? "")
                outcome = try LiveConsole.read(try EvdevDevice(path: path, grab: grab), path: path, request: request,
                                               metadata: DeviceRequest.metadata(devicePath: path, recorder: request.recorder),
                                               say: writeStandardError)
            }
        } catch { throw fail(error) }
        if outcome.failed > 0 { throw ExitCode(ExitStatus.checkFailed) }
    }
}
