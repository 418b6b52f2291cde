import Foundation

/// Where the tests find the package's own files and the shared peer recordings, for every
/// test target alike (they run from different working folders, so `#filePath` anchors them).
package enum PackagePaths {
    /// The folder holding Package.swift.
    package static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The project's `Recordings/`.
    package static var recordings: URL { packageRoot.appendingPathComponent("Recordings") }

    /// `../shared/data` beside the package, or `$TOUCHTAPE_SHARED_DATA`.
    package static var sharedData: URL {
        if let override = ProcessInfo.processInfo.environment["TOUCHTAPE_SHARED_DATA"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    /// Real hardware recordings made by other people (`sharedData/peer-recordings`).
    package static var peerRecordings: URL { sharedData.appendingPathComponent("peer-recordings") }

    /// A fresh, empty folder `PREFIX-UUID` in this test process's own temporary folder
    /// (``scratchRoot``). A test may remove it when done; whatever is left goes when the
    /// process exits.
    package static func scratchDirectory(_ prefix: String) throws -> URL {
        let dir = scratchRoot.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `tt-PID` in the system's temporary folder: every scratch folder of this process,
    /// removed at its exit together with what others left in the temporary folder for it
    /// (SwiftPM's lock files named after a scratch path, `_tmp_tt-PID_…`; the fuzz targets'
    /// scratch files, `touchtape-fuzz-PID-…`). A whole test run left some 340 folders and
    /// files in /tmp before: most tests wrote files they did not remove. The name is short:
    /// the live view's test reads a scratch path back off a 100-column screen.
    package static let scratchRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tt-\(getpid())")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { PackagePaths.removeScratch() }
        return root
    }()

    /// Removes ``scratchRoot`` and what was left beside it for this process (at exit).
    private static func removeScratch() {
        let files = FileManager.default
        try? files.removeItem(at: scratchRoot)
        let temporary = files.temporaryDirectory
        let prefixes = [scratchRoot.path.replacingOccurrences(of: "/", with: "_"), "touchtape-fuzz-\(getpid())-"]
        for name in (try? files.contentsOfDirectory(atPath: temporary.path)) ?? []
        where prefixes.contains(where: { name.hasPrefix($0) }) {
            try? files.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
}
