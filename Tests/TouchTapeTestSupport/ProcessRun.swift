import Foundation

/// What a program run by the tests said and how it exited.
package struct ProcessRun: Sendable {
    package var status: Int32
    package var stdout: String
    package var stderr: String

    /// Runs `executable` with `arguments` (in `directory`, if given) and waits for it.
    /// Both pipes are drained before waiting, so a chatty program cannot block on a full pipe.
    /// `input`: its stdin (default: the test's own; `FileHandle.nullDevice` for none).
    package static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                           input: FileHandle? = nil) throws -> ProcessRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let input { process.standardInput = input }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let processExit = ProcessExit(process)
        try process.run()
        let outData = out.fileHandleForReading.readToEndRetryingInterrupts()
        let errData = err.fileHandleForReading.readToEndRetryingInterrupts()
        processExit.wait()
        return ProcessRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Waits for a `Process` to exit through its termination handler, set before `run()` so a
/// quick exit cannot be missed. Not `waitUntilExit()`: on Linux that spins the calling
/// thread's run loop until Foundation marks the process ended, which off the main thread
/// (every test runs on a worker thread, many starting processes at once) is a known way to
/// wait for an exit that already happened; the product avoids it too (`ChildProcess`).
package final class ProcessExit: @unchecked Sendable {
    private let exited = DispatchSemaphore(value: 0)

    /// Watches `process`, which has not been started yet (its termination handler is taken).
    package init(_ process: Process) {
        process.terminationHandler = { [exited] _ in exited.signal() }
    }

    /// Blocks until the process has exited; its `terminationStatus` is then final.
    package func wait() {
        exited.wait()
    }
}
