import ArgumentParser
import Foundation
import TouchTapeDevice
import TouchTapeEvents
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
        written back unchanged, in FILE's own format (or OUT's, from its extension). The \
        file is replaced atomically (through a symlink, its target; the link stays); OUT \
        may be '-' (standard output), a device or a FIFO, written through.

        FILE is locked while it is read, changed and written back: another touchtape \
        labelling it at the same time is waited for (saying so on stderr), so both labels \
        land. --no-wait exits 3 instead of waiting.
        """ + HelpExamples.block("label")
    )

    @Argument(help: "The recording to label (evemu or libinput record).", completion: Completions.recording)
    var file: String

    @Option(name: .long, parsing: .unconditionalSingleValue, help: "A track to label (1-based; repeat for several). Default: every track.",
            transform: { try IntegerOption.track.parse($0) })
    var track: [Int] = []

    @Option(name: .long, help: "Expected outcome: finish, cancel, or none (the gesture must not start the dismissal).")
    var expect: ExpectedOutcome?

    @Flag(name: .long, help: "Remove the expected outcome and the note (the track becomes unlabelled).")
    var clear = false

    @Option(name: .long, help: "A one-line note; \"\" removes the note.")
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
        // label rewrites a recording file: a FIFO, device or folder is refused before it is
        // opened (opening a FIFO to lock it waited for a writer for ever).
        var info = stat()
        if stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw fail("\(RecordingError.excerpt(file, limit: nil)) is not a regular file; label rewrites a recording file",
                       hint: "copy the recording to a file first (cat FIFO > pan.evemu), then label that")
        }
        // A path that names nothing says so as every command does (before the lock is taken).
        let selection = try selectRecordings([file], deviceIndex: device)
        if let problem = selection.problems.first { throw fail(problem) }
        let source = selection.sources[0]
        let destination = output ?? file
        // Read, changed and written back: FILE is locked for all three (see `lockForRewrite`).
        let inPlace = output.map { OutputAliasing.sameFile($0, file) } ?? true
        // -o FILE is a rewrite in place; -o OTHER would destroy the recording labels come from.
        try refuseAliasing(outputs: [("-o", inPlace ? nil : output)], inputs: from.map { [$0] } ?? [])
        if inPlace, source.descriptionPath != nil {
            throw fail("\(file) is events only (its description is in \(source.descriptionPath!)); it cannot be rewritten in place",
                       hint: "give -o OUT to write a complete recording")
        }
        let target: RecordingFormat
        if let output {
            // OUT's extension decides; a file whose extension says neither gets FILE's format
            // only where it would read back so (standard output, a device, a FIFO, .evemu's default).
            if let implied = RecordingFormat(pathExtension: (output as NSString).pathExtension) { target = implied } else {
                do { target = try RecordingFormat.forOutput(output, requested: source.format, option: "FILE's format") } catch {
                    throw fail(error.message, hint: error.hint)
                }
            }
        } else {
            target = source.format
        }
        let edit: RecordingRelabelling.Edit
        if let from {
            // OTHER is read before FILE is locked: `label A --from B` and `label B --from A` at
            // once must not each hold one file while waiting for the other.
            do { edit = .copy(try CopiedLabels(RecordingLocator.source(forPath: from), locking: readLocking)) } catch { throw fail(error) }
        } else {
            edit = clear ? .clear : .set(expected: expect, note: note)
        }
        let lock = inPlace ? try lockForRewrite() : nil
        let locking = lock == nil ? readLocking : .unlocked

        // What changed, a line per track, said once the new file is in place (held in a
        // scratch file, not in memory: a recording may have a million tracks).
        let stop = StopSignal(signals: stopSignals)
        defer { StopSignal.restoreDefaults(stopSignals) }
        do {
            let summary = try SpillFile()
            let out = try OutputFile(path: destination, waiting: waiting(stop))
            let done = try RecordingRelabelling.relabel(
                source, locking: locking, tracks: track, edit: edit, format: target, output: out, inPlace: inPlace,
                cancelled: { stop.firedSignal != nil }
            ) { change in
                try summary.write("track \(change.track): \(Self.describe(change.new))"
                                  + (change.new == change.old ? " (unchanged)\n" : " (was: \(Self.describe(change.old)))\n"))
            }
            guard done, stop.firedSignal == nil else { throw interrupted(by: stop.firedSignal ?? SIGINT, output: out) }
            try out.commit()
            // The new file is in place: the next label may read it.
            withExtendedLifetime(lock) {}
            let said = destination == "-" ? OutputFile.standardError() : OutputFile.standardOutput()
            try summary.drain { (piece: String) throws(OutputError) in try said.write(terminalLines(piece)) }
            if destination != "-" { try said.write(terminalLines("wrote \(destination)\n")) }
            try said.commit()
        } catch let exit as ExitCode {
            throw exit
        } catch let refusal as RecordingRelabelling.Refusal {
            throw fail(refusal.message, hint: refusal.hint)
        } catch { throw fail(error) }
    }

    /// Takes FILE's exclusive lock for the read-modify-write, waiting (and saying so) while
    /// another touchtape holds it, or exit 3 at once with --no-wait.
    private func lockForRewrite() throws -> FileLock {
        do {
            return try FileLock(path: file, kind: .exclusive, whenBusy: noWait ? .refuse : .wait(notice: { sayWaiting(for: file) }))
        } catch {
            throw fail(error.message, hint: error.hint, status: error.isBusy ? ExitStatus.deviceOrIOFailure : ExitStatus.badInput)
        }
    }

    /// `expect finish, note "…", cut short` or `unlabelled`.
    private static func describe(_ annotation: TrackAnnotation) -> String {
        var parts: [String] = []
        if let expected = annotation.expected { parts.append("expect \(expected.rawValue)") }
        if let note = annotation.note, !note.isEmpty { parts.append("note \"\(note)\"") }
        if annotation.cutShort { parts.append("cut short") }
        return parts.isEmpty ? "unlabelled" : parts.joined(separator: ", ")
    }
}

extension ExpectedOutcome: ExpressibleByArgument {}
