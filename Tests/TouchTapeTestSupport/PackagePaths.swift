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

    /// A fresh, empty folder under the system's temporary folder; the caller removes it.
    package static func scratchDirectory(_ prefix: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
