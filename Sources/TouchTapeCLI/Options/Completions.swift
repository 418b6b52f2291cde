import ArgumentParser
import Glibc

/// What the shell completes for each kind of argument: recordings by their extensions
/// (folders too, for the commands that search them), output files as any file, and input
/// devices as their `/dev/input/event*` nodes.
enum Completions {
    /// The extensions TouchTape reads: evemu (`.evemu`, a split pair's `.desc`/`.events`)
    /// and libinput record (`.yml`, `.yaml`).
    static let recordingExtensions = ["evemu", "events", "desc", "yml", "yaml"]

    /// A recording (the shell also offers folders to descend into).
    static let recording = CompletionKind.file(extensions: recordingExtensions)

    /// An event device node, for `record` and `live`.
    static let device = CompletionKind.custom { _, _, prefix in
        eventNodes().filter { $0.hasPrefix(prefix) }
    }

    /// `/dev/input/event*`, sorted by number (none when the folder cannot be read).
    static func eventNodes() -> [String] {
        guard let dir = opendir("/dev/input") else { return [] }
        defer { closedir(dir) }
        var nodes: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event"), Int(name.dropFirst(5)) != nil { nodes.append("/dev/input/" + name) }
        }
        return nodes.sorted { Int($0.dropFirst(16)) ?? 0 < Int($1.dropFirst(16)) ?? 0 }
    }
}
