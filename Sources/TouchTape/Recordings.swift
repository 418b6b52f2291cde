import Foundation

/// Recording files to replay: from paths (files or folders, searched as `touchtape replay`
/// searches them) or from a test bundle's resources.
///
/// ```swift
/// let recordings = try Recordings(path: "Recordings")
/// let fromBundle = try Recordings(bundle: .module, subdirectory: "Recordings")
/// ```
public struct Recordings: Hashable, Sendable {
    /// The files, sorted by path (split evemu layouts paired with their `.desc`).
    public var sources: [RecordingSource]

    /// Recordings already located (`RecordingLocator`).
    public init(sources: [RecordingSource]) {
        self.sources = sources
    }

    /// Every recording under `path` (a file or a folder, recursively).
    /// - Throws: `RecordingError` for a path that does not exist or cannot be read.
    public init(path: String) throws(RecordingError) {
        try self.init(paths: [path])
    }

    /// Every recording under these paths, in order.
    public init(paths: [String]) throws(RecordingError) {
        sources = try RecordingLocator.sources(for: paths)
    }

    /// The recordings a test bundle carries as resources (SwiftPM `resources: [.copy("Recordings")]`
    /// gives `Bundle.module`; Xcode, `Bundle(for: Self.self)`), under `subdirectory`.
    /// - Throws: `RecordingError` when the bundle has no such folder.
    public init(bundle: Bundle, subdirectory: String? = nil) throws(RecordingError) {
        let base = bundle.resourceURL ?? bundle.bundleURL
        let folder = subdirectory.map { base.appendingPathComponent($0) } ?? base
        try self.init(path: folder.path)
    }
}
