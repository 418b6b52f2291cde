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
        try process.run()
        let outData = out.fileHandleForReading.readToEndRetryingInterrupts()
        let errData = err.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        return ProcessRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self))
    }
}
