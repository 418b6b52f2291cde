/// Path string helpers without Foundation's URL round trips (names here may hold
/// spaces, `#` and `®`, which URL encodes).
enum RecordingPath {
    static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func directory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

extension RecordingPath {
    /// `path` in one spelling whatever way it was typed: `.` and empty components dropped,
    /// `..` resolved against the components before it, and, when it lies under `base` (the
    /// current folder), relative to it. `Recordings`, `./Recordings/` and
    /// `/home/ci/project/Recordings` (run in /home/ci/project) all become `Recordings`, so a
    /// track's report name and its shard are the same on every machine and for every spelling.
    package static func canonical(_ path: String, base: String) -> String {
        let absolute = path.hasPrefix("/") ? path : join(base, path)
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        let baseParts = base.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        // Run from `/`, a path relative to it would read as relative: kept absolute.
        if !baseParts.isEmpty, parts == Array(baseParts) { return "." }
        if !baseParts.isEmpty, parts.count > baseParts.count, Array(parts.prefix(baseParts.count)) == baseParts {
            return parts.dropFirst(baseParts.count).joined(separator: "/")
        }
        return "/" + parts.joined(separator: "/")
    }
}
