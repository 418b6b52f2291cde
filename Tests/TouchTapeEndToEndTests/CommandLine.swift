import Foundation
import TouchTapeTestSupport

/// Runs the built `touchtape` binary the way a user would and captures what it says.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

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
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    static func peer(_ name: String) -> String { peerRecordings.appendingPathComponent(name).path }

    /// A file in the project's `Recordings/`.
    static func bundled(_ name: String) -> String { PackagePaths.recordings.appendingPathComponent(name).path }
}
