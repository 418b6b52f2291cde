import ArgumentParser
import Foundation
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay

// Everything the commands write goes through the library's one writer (`OutputFile`):
// files, devices, FIFOs, symlinks and standard output alike, every write checked.

/// Writes to stderr unbuffered (progress lines, errors). A failure here has nowhere to be
/// reported, so it is ignored.
/// Every line is made terminal-safe: messages quote paths and names from recordings.
func writeStandardError(_ text: String) {
    try? OutputFile.standardError().write(terminalLines(text))
}

/// Writes to stderr as it is: the progress line's own terminal codes (carriage return,
/// erase line), which nothing from a recording is part of.
func writeStandardErrorControls(_ text: String) {
    try? OutputFile.standardError().write(text)
}

/// Writes to stdout unbuffered (so a script waiting for a line sees it at once), checked:
/// a failure is `cannot write standard output: <reason>` and exit 3.
func writeStandardOutput(_ text: String) throws {
    do {
        let out = OutputFile.standardOutput()
        try out.write(terminalLines(text))
        try out.commit()
    } catch {
        throw fail(error)
    }
}

/// Writes a whole text to `path` (`-`: standard output): a regular file is replaced
/// atomically, a device, FIFO or symlink's target is written through. Exit 3 on failure.
/// A FIFO nobody reads is waited for, saying so, until a reader comes or a stop signal
/// (exit 128 + signal, the old file unchanged).
func writeOutput(_ text: String, to path: String, option: String) throws {
    let stop = StopSignal(signals: stopSignals)
    defer { StopSignal.restoreDefaults(stopSignals) }
    try writeOutput(text, to: path, option: option, waiting: waiting(stop))
}

/// ``writeOutput(_:to:option:)`` for a command that installed its own stop signal already.
func writeOutput(_ text: String, to path: String, option: String, waiting: Waiting) throws {
    do {
        let file = try OutputFile(path: path, waiting: waiting)
        try file.write(text)
        try file.commit()
    } catch { throw fail(naming(error, [(option, path)])) }
}

/// `error` with the option its output was given with, when it is an ``OutputError`` of one
/// of `outputs` (the error names the path; the user typed the option). Standard output by
/// default (`-`, or no option) is named as it is.
func naming(_ error: any Error, _ outputs: [(option: String, path: String?)]) -> any Error {
    guard var failure = error as? OutputError,
          let given = outputs.first(where: { $0.path != nil && $0.path != "-" && $0.path == failure.name }) else { return error }
    failure.option = given.option
    return failure
}

/// A failed write as `touchtape: error: cannot write NAME: <reason>` plus its hint; exit 3.
/// A wait a stop signal ended (a FIFO nobody read) exits 128 + the signal, as a shell
/// reports a command a signal ended.
func fail(_ error: OutputError) -> ExitCode {
    fail(error.message, hint: error.hint, status: error.interruptedBy.map { 128 + $0 } ?? ExitStatus.deviceOrIOFailure)
}

/// How the outputs of a command that installed `stop` wait: interruptible, saying so.
func waiting(_ stop: StopSignal) -> Waiting {
    stop.waiting(notice: { writeStandardError("touchtape: \($0)\n") })
}

/// Says on stderr that a file is busy and touchtape waits for it (``FileLock``).
func sayWaiting(for path: String) {
    writeStandardError("touchtape: waiting for another touchtape to finish with \(path)\n")
}

/// How the commands lock a recording while reading it: shared, saying so if they must wait.
/// A wait ends when a stop signal arrives (exit 128 + the signal; see `fail(_:)`).
/// (A command whose stop is an error the reader throws; ``ReadLocks`` for one that reports
/// the stop itself.)
var readLocking: ReadLocking { ReadLocks().locking }

/// The reads of a command that reports a stop itself once its run has ended (`replay`,
/// `sweep`, `compare`, `plot --map`): locked as every command's, and remembering the
/// recording a stop signal found them waiting for, so that the stop names it as every other
/// command's does (`interrupted by SIGINT; it was waiting for another touchtape to finish
/// with F; …`). One a command run, on the thread that reads.
final class ReadLocks {
    /// The recording whose lock the last wait was for.
    private var waitingFor: String?
    /// The recording a stop signal ended the wait for, if one did.
    private(set) var stoppedWaitingFor: String?

    /// Shared, saying so when a read must wait; a stop signal ends the wait.
    var locking: ReadLocking {
        .shared(waiting: { [self] path in
            waitingFor = path
            sayWaiting(for: path)
        }, stopped: { [self] in
            // Asked only while a read waits (``ReadLocking/shared(waiting:stopped:)``).
            guard StopSignal.caught != nil else { return false }
            stoppedWaitingFor = waitingFor
            return true
        })
    }
}

/// Refuses (exit 2, naming both) an output that names the same file as an input or as
/// another output, before anything is opened: `replay R -o R` must never replace R.
/// `outputs` pairs the option the user typed with its path (`nil`: not given).
func refuseAliasing(outputs: [(option: String, path: String?)], inputs: [String]) throws {
    let given = outputs.compactMap { output in output.path.map { (option: output.option, path: $0) } }
    if let empty = given.first(where: { $0.path.isEmpty }) {
        throw fail("\(empty.option) is an empty path",
                   hint: "give \(empty.option) a file name" + (empty.option == "--save" ? "" : ", or - for standard output"))
    }
    do { try OutputAliasing.check(outputs: given, inputs: inputs) } catch {
        throw fail(error.message, hint: error.hint, status: ExitStatus.badInput)
    }
}

/// The files reading the recording `path` reads, for ``refuseAliasing(outputs:inputs:)``:
/// the recording and its description (`description` when given, else the `.desc` or
/// getevent listing found beside an events-only file).
func recordingInputs(_ path: String, description: String? = nil) -> [String] {
    if let description { return [path, description] }
    let source = RecordingLocator.source(forPath: path)
    return [source.eventsPath] + (source.descriptionPath.map { [$0] } ?? [])
}

/// Text for a terminal whose lines may quote a recording (names, notes): each line made
/// terminal-safe (``TextExcerpt/terminalSafe(_:)``), the line breaks kept.
func terminalLines(_ text: String) -> String { TextExcerpt.terminalLines(text) }

/// The recordings the path arguments name (``RecordingSelection``), or exit 2 when a path
/// names nothing or nothing is found. Files left out on purpose (a FIFO in a folder) are
/// noted on stderr; what the search could not follow stays in `problems` for the report.
/// `defaulted`: the paths are the default (`Recordings/`, or touchtape.yml's), not typed.
func selectRecordings(_ paths: [String], defaulted: Bool = false, project: ProjectConfiguration? = nil,
                      deviceIndex: Int? = nil) throws -> RecordingSelection {
    let selection: RecordingSelection
    // An empty argument (an unset shell variable) would read as the current folder.
    if paths.contains(where: \.isEmpty) {
        throw fail("a recording path is empty", hint: "give recordings or folders (touchtape COMMAND PATH...); '.' is the current folder")
    }
    let base = FileManager.default.currentDirectoryPath
    do throws(RecordingError) {
        selection = try RecordingSelection(paths, deviceIndex: deviceIndex, base: base)
    } catch {
        guard defaulted, error.kind == .notFound else { throw fail(error) }
        let hint = (project.flatMap { $0.recordings.isEmpty ? nil : "a path listed under recordings: in \($0.file) is missing" }
            ?? "no path given, and the default Recordings/ is not in the current folder")
            + "; give recordings or folders (touchtape COMMAND PATH...), or list them under recordings: in a touchtape.yml"
        throw fail("no such file or folder: '\(RecordingError.excerpt(error.file, limit: nil))'", hint: hint)
    }
    for (path, reason) in selection.skipped {
        writeStandardError("touchtape: note: skipped \(RecordingError.excerpt(path, limit: nil)): \(reason)\n")
    }
    guard !selection.sources.isEmpty || !selection.problems.isEmpty else {
        throw fail("no recordings found under \(paths.joined(separator: ", "))",
                   hint: "recordings end in " + RecordingFormat.readExtensions.map { "." + $0 }.joined(separator: ", "))
    }
    return selection
}
