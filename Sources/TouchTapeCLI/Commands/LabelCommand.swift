import ArgumentParser
import Foundation
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay
import TouchTapeTracks

/// `touchtape label`: sets or copies the expected outcome and note of tracks in a recording.
///
/// Recording and judging are separate moments: a session records first, `inspect` and
/// `replay` show the tracks, then the person labels the ones that matter. Re-recordings
/// (the VM remaking `Recordings/` through a real kernel) take their labels from the file
/// they were played from with `--from`.
struct LabelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Set the expected outcome and note of tracks in a recording, or copy them from another recording.",
        discussion: """
        Tracks are numbered as 'touchtape inspect' shows them. Without --track every track \
        is labelled. --expect finish|cancel|none sets what the gesture must do (none: it must \
        not start the dismissal at all); --clear removes the expectation and the note; \
        --note "" removes the note. \
        A "cut short" mark made by the recorder stays: it is a fact of the recording, not \
        a judgement.

        --from OTHER copies each track's expectation and note from the track with the same \
        number in OTHER (e.g. the file a re-recording was played from); both must have the \
        same number of tracks.

        Only the marks change; the events, their times and the device description are \
        written back unchanged, in FILE's own format (or OUT's, from its extension); a \
        libinput record file TouchTape wrote before it marked the udev properties it derived \
        gains that mark ('touchtape: derived' under udev:). The file is replaced atomically (through a symlink, its target; the link stays); OUT \
        may be '-' (standard output), a device or a FIFO, written through.

        FILE is locked while it is read, changed and written back: another touchtape \
        labelling it at the same time is waited for (saying so on stderr), so both labels \
        land. --no-wait exits 3 instead of waiting.
        """ + HelpExamples.block("label")
    )

    @Argument(help: "The recording to label (evemu, libinput record or getevent).", completion: Completions.recording)
    var file: String

    @Option(name: .long, parsing: .unconditionalSingleValue, help: "A track to label (1-based; repeat for several). Default: every track.",
            transform: { try IntegerOption.track.parse($0) })
    var track: [Int] = []

    @Option(name: .long, help: "Expected outcome: finish, cancel, or none (the gesture must not start the dismissal).")
    var expect: ExpectedOutcome?

    @Flag(name: .long, help: "Remove the expected outcome and the note (the track becomes unlabelled).")
    var clear = false

    @Option(name: .long, parsing: .unconditional, help: "A one-line note; \"\" removes the note.")
    var note: String?

    @Option(name: .long, help: "Copy each track's expectation and note from this recording.")
    var from: String?

    @Option(name: [.short, .customLong("output")], help: "Write here instead of replacing FILE ('-': standard output).")
    var output: String?

    @Flag(name: .customLong("no-wait"), help: "If another touchtape is working on FILE, exit 3 instead of waiting for it.")
    var noWait = false

    @Option(name: .long, parsing: .unconditional, help: "Device index in a libinput recording with several devices (0-based).",
            transform: { try IntegerOption.device.parse($0) })
    var device: Int?

    func validate() throws {
        if from == nil, expect == nil, note == nil, !clear {
            throw ValidationError("say what to set: --expect, --note, --clear, or --from OTHER")
        }
        if from != nil, expect != nil || note != nil || clear {
            throw ValidationError("--from copies labels, --expect/--note/--clear set them: give one or the other")
        }
        if clear, expect != nil || note != nil { throw ValidationError("--clear removes the label: give it alone") }
        if let note, note.contains(where: \.isNewline) { throw ValidationError("--note must be one line") }
        if let bad = track.first(where: { $0 < 1 }) { throw ValidationError("--track counts from 1, not \(bad)") }
    }

    func run() async throws {
        do { try RecordingRelabelling.requireRegularFile(file) } catch { throw fail(error.message, hint: error.hint) }
        // A path that names nothing says so as every command does (before the lock is taken).
        let selection = try selectRecordings([file], deviceIndex: device)
        if let problem = selection.problems.first { throw fail(problem) }
        let source = selection.sources[0]
        // A stop signal while waiting for OTHER's or FILE's lock says so and leaves FILE as it was.
        let stop = StopSignal(signals: stopSignals)
        defer { StopSignal.restoreDefaults(stopSignals) }
        let target: RecordingRelabelling.Target
        let edit: RecordingRelabelling.Edit
        do {
            target = try RecordingRelabelling.target(file: file, output: output, source: source)
            // -o FILE is a rewrite in place; -o OTHER would destroy the recording labels come
            // from, or FILE's own description (the .desc beside an events file).
            try refuseAliasing(outputs: [("-o", target.inPlace ? nil : output)],
                               inputs: selection.inputPaths + (from.map { recordingInputs($0) } ?? []))
            // OTHER is read before FILE is locked: `label A --from B` and `label B --from A` at
            // once must not each hold one file while waiting for the other.
            edit = try from.map { .copy(try CopiedLabels(RecordingLocator.source(forPath: $0), locking: readLocking)) }
                ?? (clear ? .clear : .set(expected: expect, note: note))
        } catch let exit as ExitCode { throw exit } catch { throw fail(error) }
        // Read, changed and written back: FILE is locked for all three (see `lockForRewrite`).
        let lock = target.inPlace ? try lockForRewrite(stop) : nil
        // What changed, a line per track, said once the new file is in place (held in a
        // scratch file, not in memory: a recording may have a million tracks).
        do {
            let summary = try SpillFile()
            let out = try OutputFile(path: target.destination, waiting: waiting(stop))
            let done = try RecordingRelabelling.relabel(
                source, locking: lock == nil ? readLocking : .unlocked, tracks: track, edit: edit, format: target.format,
                output: out, inPlace: target.inPlace, cancelled: { stop.firedSignal != nil }
            ) { try summary.write(RecordingRelabelling.line($0)) }
            guard done, stop.firedSignal == nil else { throw interrupted(by: stop.firedSignal ?? SIGINT, output: out) }
            try out.commit()
            withExtendedLifetime(lock) {}   // the new file is in place: the next label may read it
            let said = target.destination == "-" ? OutputFile.standardError() : OutputFile.standardOutput()
            try summary.drain { (piece: String) throws(OutputError) in try said.write(terminalLines(piece)) }
            if target.destination != "-" { try said.write(terminalLines("wrote \(target.destination)\n")) }
            try said.commit()
        } catch let exit as ExitCode { throw exit } catch { throw fail(naming(error, [("-o", output)])) }
    }

    /// Takes FILE's exclusive lock for the read-modify-write, waiting (and saying so) while
    /// another touchtape holds it, or exit 3 at once with --no-wait.
    private func lockForRewrite(_ stop: StopSignal) throws -> FileLock {
        do {
            return try FileLock(path: file, kind: .exclusive,
                                whenBusy: noWait ? .refuse : .wait(notice: { sayWaiting(for: file) }, stopped: { stop.firedSignal != nil }))
        } catch {
            if let signal = stop.firedSignal { throw interrupted(by: signal, waitingFor: file) }
            throw fail(error.message, hint: error.hint, status: error.isBusy ? ExitStatus.deviceOrIOFailure : ExitStatus.badInput)
        }
    }
}

extension ExpectedOutcome: ExpressibleByArgument {}
