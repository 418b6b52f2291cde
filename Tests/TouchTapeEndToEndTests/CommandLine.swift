import Foundation
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
