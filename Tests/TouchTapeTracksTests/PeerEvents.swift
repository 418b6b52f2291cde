import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats

/// The peer recordings (real evemu captures, ../shared/data/peer-recordings, see its
/// SOURCES.md), read through the formats module's reader.
enum PeerEvents {
    /// `$TOUCHTAPE_SHARED_DATA/peer-recordings`, else `<package root>/../shared/data/peer-recordings`.
    static var folder: URL {
        if let data = ProcessInfo.processInfo.environment["TOUCHTAPE_SHARED_DATA"], !data.isEmpty {
            return URL(fileURLWithPath: data).appendingPathComponent("peer-recordings")
        }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            dir.deleteLastPathComponent()
        }
        return dir.deletingLastPathComponent().appendingPathComponent("shared/data/peer-recordings")
    }

    static func recording(_ name: String) throws -> Recording {
        try RecordingReader.read(path: folder.appendingPathComponent(name).path)
    }
}
