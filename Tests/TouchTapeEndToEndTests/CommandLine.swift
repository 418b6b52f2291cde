import Foundation
import Glibc
import TouchTapeTestSupport

/// What the `touchtape` binary said and how it exited.
typealias Run = ProcessRun

enum TouchTapeBinary {
    /// The package root (the folder holding Package.swift).
    static var packageRoot: URL { PackagePaths.packageRoot }

    /// `../shared/data/peer-recordings`, or `$TOUCHTAPE_SHARED_DATA/peer-recordings`.
    static var peerRecordings: URL { PackagePaths.peerRecordings }

    /// The `touchtape` executable built next to the test bundle.
    static let executable: URL = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("touchtape")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/touchtape")
    }()

    static func run(_ arguments: [String], in directory: URL = packageRoot) throws -> Run {
        try ProcessRun.run(executable, arguments, in: directory)
    }

    static func peer(_ name: String) -> String { peerRecordings.appendingPathComponent(name).path }

    /// A file in the project's `Recordings/`.
    static func bundled(_ name: String) -> String { PackagePaths.recordings.appendingPathComponent(name).path }
}

/// A `touchtape` process whose standard error the test reads as it comes (tests that
/// synchronise on what the program prints, never on sleeps). Standard input is empty.
final class RunningTouchTape {
    let process = Process()
    private let errorPipe = Pipe()
    private let outputPipe = Pipe()
    private(set) var stderrSoFar = ""
    private let processExit: ProcessExit

    init(_ arguments: [String], standardOutput: FileHandle? = nil, in directory: URL = TouchTapeBinary.packageRoot) throws {
        process.executableURL = TouchTapeBinary.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = standardOutput ?? outputPipe
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        processExit = ProcessExit(process)
        try process.run()
    }

    /// Reads standard error until it contains `text` (true) or the process closes it (false).
    func waitForStandardError(containing text: String) -> Bool {
        while !stderrSoFar.contains(text) {
            let chunk = errorPipe.fileHandleForReading.readSomeRetryingInterrupts()
            if chunk.isEmpty { return false }
            stderrSoFar += String(decoding: chunk, as: UTF8.self)
        }
        return true
    }

    /// Drains both pipes and waits for the exit status.
    func finish() -> (status: Int32, stdout: String, stderr: String) {
        let out = process.standardOutput is Pipe ? outputPipe.fileHandleForReading.readToEndRetryingInterrupts() : Data()
        stderrSoFar += String(decoding: errorPipe.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        processExit.wait()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), stderrSoFar)
    }
}

/// What `lstat` says the path is: "character device", "fifo", "symlink", "regular", "missing".
func fileKind(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0 else { return "missing" }
    switch info.st_mode & S_IFMT {
    case S_IFCHR: return "character device"
    case S_IFIFO: return "fifo"
    case S_IFLNK: return "symlink"
    case S_IFREG: return "regular"
    default: return "other"
    }
}
