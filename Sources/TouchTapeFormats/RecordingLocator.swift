import Foundation

/// Turns paths (files and folders) into the recordings they hold.
///
/// Folders are walked recursively; results are sorted by path so reports are stable.
/// evemu files are `.evemu`/`.events`/`.event`, libinput files `.yml`/`.yaml`; other
/// files are skipped. A `.desc` is not a recording itself: it describes the
/// events-only files beside it (whot/evemu-devices' split layout), and is paired
/// with each events-only file whose name it prefixes — the longest such prefix wins,
/// so `Pad.hp8470p.desc` beats `Pad.desc` for `Pad.hp8470p.scroll.events`.
public enum RecordingLocator {
    public static func sources(for paths: [String]) throws(RecordingError) -> [RecordingSource] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RecordingError(kind: .ioFailure, file: path, expected: "an existing file or folder", found: "nothing at that path",
                                     hint: "check the path")
            }
            if isDirectory.boolValue {
                guard let walker = manager.enumerator(atPath: path) else { continue }
                for case let relative as String in walker {
                    let full = RecordingPath.join(path, relative)
                    var childIsDirectory: ObjCBool = false
                    if manager.fileExists(atPath: full, isDirectory: &childIsDirectory), !childIsDirectory.boolValue,
                       isRecordingFile(full) {
                        files.append(full)
                    }
                }
            } else {
                files.append(path)
            }
        }
        var seen = Set<String>()
        var sources: [RecordingSource] = []
        for file in files.sorted() where seen.insert(file).inserted {
            let ext = RecordingPath.pathExtension(file).lowercased()
            guard ext != "desc" else { continue }
            guard let format = RecordingFormat(pathExtension: ext) else {
                // Named explicitly but with another extension: try it as evemu.
                if paths.contains(file) { sources.append(source(forFile: file, format: .evemu)) }
                continue
            }
            sources.append(source(forFile: file, format: format))
        }
        return sources
    }

    /// The source for one file path: format from the extension (evemu when unknown),
    /// an events-only evemu file paired with its `.desc` as ``sources(for:)`` pairs it.
    public static func source(forPath path: String, deviceIndex: Int? = nil) -> RecordingSource {
        var source = RecordingSource(path: path, deviceIndex: deviceIndex)
        if source.format == .evemu, RecordingPath.pathExtension(path).lowercased() != "desc", isEventsOnly(path: path) {
            source.descriptionPath = descriptionFile(forEventsFile: path)
        }
        return source
    }

    /// The split layout given explicitly (`touchtape inspect DESC EVENTS`).
    public static func pair(descriptionPath: String, eventsPath: String) -> RecordingSource {
        RecordingSource(eventsPath: eventsPath, descriptionPath: descriptionPath, format: .evemu)
    }

    /// The `.desc` beside an events file whose name (less `.desc`) is the longest
    /// prefix of the events file's name, or `nil`.
    public static func descriptionFile(forEventsFile path: String) -> String? {
        let directory = RecordingPath.directory(path)
        let name = RecordingPath.lastComponent(path)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        let best = entries
            .filter { RecordingPath.pathExtension($0).lowercased() == "desc" }
            .filter { name.hasPrefix(RecordingPath.deletingExtension($0)) }
            .max { RecordingPath.deletingExtension($0).count < RecordingPath.deletingExtension($1).count }
        return best.map { RecordingPath.join(directory, $0) }
    }

    /// The `.desc` name a user should create: the events name less its last two
    /// dot-separated parts (`Pad.hp8470p.scroll.events` → `Pad.hp8470p.desc`).
    public static func expectedDescriptionName(forEventsFile path: String) -> String {
        let base = RecordingPath.deletingExtension(RecordingPath.lastComponent(path))
        let stem = RecordingPath.deletingExtension(base)
        return stem + ".desc"
    }

    /// Whether an evemu file starts with `E:` lines (events-only, split layout).
    /// Reads only up to its first data line.
    public static func isEventsOnly(path: String) -> Bool {
        // A peek, unlocked: a rewrite renames a whole new file into place, so even mid-rewrite
        // the first lines are whole (and a caller in a read-modify-write holds the lock already).
        guard let reader = try? LineReader(path: path, locking: .unlocked) else { return false }
        var lines = 0
        while lines < 10_000, let line = try? reader.nextLine() {
            lines += 1
            if line.isBlank || line[0] == 0x23 { continue }
            return line.hasPrefix("E:")
        }
        return false
    }

    static func isRecordingFile(_ path: String) -> Bool {
        let ext = RecordingPath.pathExtension(path).lowercased()
        return ext == "desc" || RecordingFormat(pathExtension: ext) != nil
    }

    private static func source(forFile file: String, format: RecordingFormat) -> RecordingSource {
        var source = RecordingSource(eventsPath: file, format: format)
        if format == .evemu, isEventsOnly(path: file) {
            source.descriptionPath = descriptionFile(forEventsFile: file)
        }
        return source
    }
}
