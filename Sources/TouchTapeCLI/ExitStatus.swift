import ArgumentParser
import TouchTapeDevice
import TouchTapeFormats
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
    // A stop signal ended a wait (another touchtape's lock on a recording): the signal's exit.
    if let recording = error as? RecordingError, recording.kind == .interrupted, let signal = StopSignal.caught {
        writeStandardError("touchtape: interrupted by \(signalName(signal)) while waiting for another touchtape to finish with"
                           + " \(RecordingError.excerpt(recording.file, limit: nil)); nothing was written\n")
        return ExitCode(128 + signal)
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
func interrupted(by signal: Int32, output: OutputFile) -> ExitCode {
    let name = signalName(signal)
    let outcome = output.replacesAtCommit ? "\(output.name) is unchanged" : "what was written to \(output.name) is incomplete"
    writeStandardError("touchtape: interrupted by \(name); \(outcome)\n")
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
