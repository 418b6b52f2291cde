import ArgumentParser
import TouchTapeDevice
import TouchTapeFormats
import TouchTapeLive
import TouchTapeReplay
import Foundation

/// The exit statuses the README documents; one place so every command agrees.
enum ExitStatus {
    /// Everything ran and every check passed.
    static let success: Int32 = 0
    /// A replay check failed.
    static let checkFailed: Int32 = 1
    /// Bad input (malformed recording, unknown device, bad option): the user must change something.
    static let badInput: Int32 = 2
    /// A device or the file system failed under us (unplug, full disk, permission).
    static let deviceOrIOFailure: Int32 = 3

    /// A replay's exit: 3 when a file could not be read for the system's fault, 2 when a
    /// file was unreadable or a `--track` or `--probe` matched nothing, 1 when a track
    /// failed a check, else 0 (returns).
    static func check(_ tally: ReplayTally) throws {
        if tally.errors.contains(where: \.isIOFailure) { throw ExitCode(deviceOrIOFailure) }
        if tally.errorCount > 0 { throw ExitCode(badInput) }
        if tally.failed > 0 { throw ExitCode(checkFailed) }
    }

    /// Exit 2 when a `--track` or `--probe` matched nothing (the report on standard output
    /// says why; a report file is not written, so stderr says it).
    static func refuseUnmatched(_ tally: ReplayTally, reportOnStandardOutput: Bool) throws {
        guard let unmatched = tally.unmatched else { return }
        if reportOnStandardOutput { throw ExitCode(badInput) }
        throw fail(unmatched.message, hint: unmatched.hint)
    }
}

/// Files or folders a command that goes on past them could not read (`plot --map`, `sweep`):
/// each said on stderr when `say` (the report itself does not show them), then exit 3 when
/// one could not be read at all (permission, I/O), else 2 (malformed).
func failUnreadable(_ errors: [UnreadableFile], say: Bool) throws {
    guard !errors.isEmpty else { return }
    if say { for error in errors { writeStandardError("touchtape: error: could not read \(error.message)\n") } }
    throw ExitCode(errors.contains(where: \.isIOFailure) ? ExitStatus.deviceOrIOFailure : ExitStatus.badInput)
}

/// Prints a typed error to stderr as `touchtape: <what>` plus an optional hint line,
/// and leaves with the given status. Used for every error a user can cause.
func fail(_ message: String, hint: String? = nil, status: Int32 = ExitStatus.badInput) -> ExitCode {
    // The one place errors are rendered; writeStandardError makes every line terminal-safe.
    var text = "touchtape: error: \(message)\n"
    if let hint, !hint.isEmpty { text += "hint: \(hint)\n" }
    writeStandardError(text)
    return ExitCode(status)
}

/// `fail` for an error from the library: its description, and exit 3 when it is an I/O
/// failure (a file or folder that cannot be read or written, e.g. permission denied), else 2.
func fail(_ error: any Error) -> ExitCode {
    if let output = error as? OutputError { return fail(output) }
    if let device = error as? DeviceError {
        return fail(device.message, hint: device.hint, status: device.isUsersFault ? ExitStatus.badInput : ExitStatus.deviceOrIOFailure)
    }
    if let request = error as? DeviceRequestError { return fail(request.message, hint: request.hint) }
    if let adb = error as? AdbError {
        return fail(adb.message, hint: adb.hint, status: adb.isUsersFault ? ExitStatus.badInput : ExitStatus.deviceOrIOFailure)
    }
    if let playback = error as? PlaybackError {
        return fail(playback.message, hint: playback.hint, status: playback.isDeviceFailure ? ExitStatus.deviceOrIOFailure : ExitStatus.badInput)
    }
    if let refusal = error as? RecordingRelabelling.Refusal { return fail(refusal.message, hint: refusal.hint) }
    if let conflict = error as? RecordingFormatConflict { return fail(conflict.message, hint: conflict.hint) }
    if let file = error as? RecordingFileError {
        return fail(file.message, hint: file.hint,
                    status: file.interruptedBy.map { 128 + $0 } ?? (file.isUsersFault ? ExitStatus.badInput : ExitStatus.deviceOrIOFailure))
    }
    if let live = error as? LiveError {
        return fail(live.message, hint: live.hint, status: live.interruptedBy.map { 128 + $0 }
                    ?? (live.isDeviceOrIOFailure ? ExitStatus.deviceOrIOFailure : ExitStatus.badInput))
    }
    // A stop signal ended a wait (another touchtape's lock on a recording): the signal's exit.
    if let recording = error as? RecordingError, recording.kind == .interrupted, let signal = StopSignal.caught {
        return interrupted(by: signal, saying: "\(waitingNote(recording.file)); nothing was written")
    }
    if let recording = error as? RecordingError, recording.kind == .ioFailure {
        return fail("\(error)", status: ExitStatus.deviceOrIOFailure)
    }
    return fail("\(error)")
}

/// The signals that stop `replay` and `convert` cleanly (`record` and `live` take them as
/// their normal end).
let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

/// A stop signal ended a command before its output was complete: says what became of the
/// output (a regular file being replaced is left as it was; what went to standard output
/// or a device stays, incomplete) and leaves with 128 + the signal, as a shell reports a
/// command a signal ended.
/// `reads`: the command's reads, whose wait for another touchtape's lock the stop may have
/// ended (named first, as the other commands name it).
func interrupted(by signal: Int32, output: OutputFile, also others: [OutputFile] = [], reads: ReadLocks? = nil) -> ExitCode {
    // Every output the command had opened (`replay -o R --html H`: both), each as it stands.
    interrupted(by: signal, saying: ([output] + others).map(\.leftAsItWas).joined(separator: ", "), reads: reads)
}

/// The same for a command stopped while it waited for another touchtape to finish with
/// `path`, which it would have rewritten: nothing was read or written.
func interrupted(by signal: Int32, waitingFor path: String) -> ExitCode {
    interrupted(by: signal, saying: "\(waitingNote(path)); \(RecordingError.excerpt(path, limit: nil)) is unchanged")
}

/// The same for a command stopped before it opened its output (`path`; `-`: standard output).
func interrupted(by signal: Int32, beforeWriting path: String, reads: ReadLocks? = nil) -> ExitCode {
    // As an opened output says it: a file that is not there "was not created".
    let left = path == "-" ? "nothing was written" : OutputError.leftAsItWas(path, unchanged: true, existed: access(path, F_OK) == 0)
    return interrupted(by: signal, saying: left, reads: reads)
}

/// What a stop ended, when it ended a wait for another touchtape's lock on `path`: the one
/// wording of every command.
private func waitingNote(_ path: String) -> String {
    "it was waiting for another touchtape to finish with \(RecordingError.excerpt(path, limit: nil))"
}

/// `reads`: a wait for another touchtape's lock the stop ended is named before `outcome`.
private func interrupted(by signal: Int32, saying outcome: String, reads: ReadLocks? = nil) -> ExitCode {
    let waited = reads?.stoppedWaitingFor.map { waitingNote($0) + "; " } ?? ""
    writeStandardError("touchtape: interrupted by \(signalName(signal)); \(waited)\(outcome)\n")
    return ExitCode(128 + signal)
}

/// `SIGINT`, `SIGTERM`, `SIGHUP`, else `signal N`.
func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    case SIGHUP: return "SIGHUP"
    default: return "signal \(signal)"
    }
}
