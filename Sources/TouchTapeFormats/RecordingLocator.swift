import Foundation
@_spi(Pipeline) import TouchTapeEvents

/// Turns paths (files and folders) into the recordings they hold.
///
/// Folders are walked recursively; results are sorted by path so reports are stable.
/// evemu files are `.evemu`/`.events`/`.event`, libinput files `.yml`/`.yaml`; other
/// files are skipped. A `.desc` is not a recording itself: it describes the
/// events-only files beside it (whot/evemu-devices' split layout), and is paired
/// with each events-only file whose name it prefixes — the longest such prefix wins,
/// so `Pad.hp8470p.desc` beats `Pad.desc` for `Pad.hp8470p.scroll.events`.
package enum RecordingLocator {
    /// What a search of paths found: the recordings, and the files in folders it left
    /// out because they are not regular files (a FIFO would block the walk forever).
    package struct Search: Hashable, Sendable {
        /// The recordings found, sorted by path.
        package var sources: [RecordingSource]
        /// `(path, why)` for each skipped file, e.g. `("in/pipe.evemu", "a FIFO")`.
        package var skipped: [(path: String, reason: String)]
        /// What could not be searched, each a typed error a report shows as a row (a
        /// folder that cannot be listed, a dangling or looping symlink, a path too long):
        /// one of them no longer ends the run, and none is passed over in silence.
        package var problems: [RecordingError] = []
        /// Equal when rendered alike.
        package static func == (a: Search, b: Search) -> Bool {
            a.sources == b.sources && a.skipped.map(\.path) == b.skipped.map(\.path) && a.problems == b.problems
        }
        /// Hashes what equality compares.
        package func hash(into hasher: inout Hasher) { hasher.combine(sources) }
    }

    /// The recordings under `paths` (files or folders, recursively), paired and sorted.
    package static func sources(for paths: [String]) throws(RecordingError) -> [RecordingSource] {
        try search(paths).sources
    }

    /// The recordings under `paths`. Folders are walked recursively (symbolic links
    /// followed, each folder and each file once — a link loop ends there — under the
    /// first path found in name order); non-regular files in them (FIFOs, devices, sockets)
    /// are skipped and listed in ``Search/skipped``. A path given explicitly that is not
    /// a regular file or folder, or a folder that cannot be read, is an error.
    package static func search(_ paths: [String]) throws(RecordingError) -> Search {
        var files: [String] = []
        var skipped: [(path: String, reason: String)] = []
        var visited = Set<FileID>()
        var problems: [RecordingError] = []
        for path in paths {
            guard let info = FileInfo(path: path) else {
                throw unreachable(path, named: true) ?? RecordingError(kind: .notFound, file: path, expected: "an existing file or folder",
                                                          found: "nothing at that path", hint: notFoundHint(path))
            }
            switch info.type {
            case .directory:
                walk(path, id: info.id, into: &files, skipped: &skipped, problems: &problems, visited: &visited)
            case .regular:
                visited.insert(info.id)
                files.append(path)
            case .other(let name):
                throw RecordingError(kind: .notRegularFile, file: path, expected: "a recording file or a folder", found: name,
                                     hint: "give a recording file; FIFOs, devices and sockets are not read (they may never end)")
            }
        }
        var seen = Set<String>()
        var sources: [RecordingSource] = []
        for file in files.sorted() where seen.insert(file).inserted {
            let ext = RecordingPath.pathExtension(file).lowercased()
            guard ext != "desc" else { continue }
            // A getevent -lp listing describes the captures beside it, as a .desc does.
            if ext == "getevent", geteventHead(path: file) == .description { continue }
            guard let format = RecordingFormat(pathExtension: ext) else {
                // Named explicitly but with another extension: try it as evemu.
                if paths.contains(file) { sources.append(source(forFile: file, format: .evemu)) }
                continue
            }
            sources.append(source(forFile: file, format: format))
        }
        return Search(sources: sources, skipped: skipped.sorted { $0.path < $1.path },
                      problems: problems.sorted { $0.file < $1.file })
    }

    /// Adds the recording files under `folder` (recursively) to `files`.
    private static func walk(_ folder: String, id: FileID, into files: inout [String],
                             skipped: inout [(path: String, reason: String)], problems: inout [RecordingError],
                             visited: inout Set<FileID>) {
        guard visited.insert(id).inserted else { return }  // a link back up the tree
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            let code = access(folder, R_OK | X_OK) == 0 ? EIO : errno
            let reason = String(cString: strerror(code))
            problems.append(RecordingError(kind: .ioFailure, file: folder, expected: "a readable folder", found: reason,
                                           hint: code == EACCES || code == EPERM
                                               ? "you may not list it; check its permissions (ls -ld); every other folder was searched"
                                               : "every other folder was searched"))
            return
        }
        for name in entries.sorted() {
            // Hidden files and folders (`.git`, `.github`'s workflow YAML, `.build`) and the
            // project's own settings are not recordings: a search of a repository's root read
            // them as broken ones. Named on the command line, they are read.
            if name.hasPrefix(".") || name == projectConfigurationName { continue }
            let full = RecordingPath.join(folder, name)
            guard let info = FileInfo(path: full) else {
                if let problem = unreachable(full) ?? notUTF8(full) { problems.append(problem) }
                continue
            }
            switch info.type {
            case .directory:
                walk(full, id: info.id, into: &files, skipped: &skipped, problems: &problems, visited: &visited)
            case .regular:
                guard isRecordingFile(full) else { continue }
                if let other = otherYAML(full) {
                    skipped.append((full, other))
                    continue
                }
                // A file reached by two paths (links) is replayed once, under the first.
                if visited.insert(info.id).inserted { files.append(full) }
            case .other(let kind):
                if isRecordingFile(full) { skipped.append((full, "not a regular file (\(kind))")) }
            }
        }
    }

    /// A folder entry whose name is not valid UTF-8: Foundation lists it with U+FFFD for each
    /// bad byte, a name that then names nothing. Reported (when it could be a recording or a
    /// folder) rather than taken as removed while the folder was searched.
    static func notUTF8(_ path: String) -> RecordingError? {
        let name = RecordingPath.lastComponent(path)
        guard name.unicodeScalars.contains("\u{FFFD}") else { return nil }
        let ext = RecordingPath.pathExtension(name)
        guard ext.isEmpty || RecordingFormat(pathExtension: ext) != nil else { return nil }
        return RecordingError(kind: .notFound, file: path, expected: "a file name in UTF-8",
                              found: "a name that is not valid UTF-8 (each bad byte shown as \u{FFFD})",
                              hint: "touchtape reads file names as UTF-8; rename it (mv, or convmv -t utf8); every other file was searched")
    }

    /// Why an entry of a folder cannot be followed, as a problem to report, or `nil` when
    /// it vanished (removed while the folder was searched) and there is nothing to say.
    /// A dangling link is reported when its name looks like a recording or has no
    /// extension (it may have named a folder of them).
    static func unreachable(_ path: String, named explicitly: Bool = false) -> RecordingError? {
        var info = stat()
        let code = stat(path, &info) == 0 ? 0 : errno
        let named = TextExcerpt.make(path, limit: nil)
        switch code {
        case ELOOP:
            // Like a link to nothing, a loop of links names nothing: the user's to mend (exit 2).
            return RecordingError(kind: .notFound, file: path, expected: "a recording or a folder", found: "a loop of symbolic links",
                                  hint: "ls -l \(named) shows where it points" + (explicitly ? "" : "; every other file was searched"))
        case ENAMETOOLONG:
            // One name over NAME_MAX, or the whole path over PATH_MAX: they want different fixes.
            let searched = explicitly ? "" : "; every other file was searched"
            if let long = path.split(separator: "/").first(where: { $0.utf8.count > Int(NAME_MAX) }) {
                return RecordingError(kind: .ioFailure, file: path, expected: "a path the system can open",
                                      found: "a name of \(long.utf8.count) bytes, longer than \(NAME_MAX)",
                                      hint: "no file system here holds such a name; shorten it\(searched)")
            }
            return RecordingError(kind: .ioFailure, file: path, expected: "a path the system can open",
                                  found: "a path longer than \(PATH_MAX) bytes",
                                  hint: "move the recordings to a shallower folder\(searched)")
        case ENOENT:
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
            let ext = RecordingPath.pathExtension(path)
            guard explicitly || ext.isEmpty || isRecordingFile(path) else { return nil }
            // A link to nothing names nothing: the user's to mend (exit 2), as a typo is. Through
            // a chain of links, the one that points at nothing is named, with what it names.
            var last = path, hops = 0
            while hops < 40, let next = OutputTarget.linkTarget(last) {
                let resolved = next.hasPrefix("/") ? next : RecordingPath.directory(last) + "/" + next
                guard lstat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { break }
                last = resolved
                hops += 1
            }
            let target = OutputTarget.linkTarget(last)
            let named = target.map { " to \(TextExcerpt.make($0, limit: nil))" } ?? ""
            let through = last == path ? "" : " (through \(TextExcerpt.make(last, limit: nil)))"
            let relative = target.map { $0.hasPrefix("/") } == false
                ? " (relative to \(TextExcerpt.make(RecordingPath.directory(last), limit: nil)))" : ""
            return RecordingError(kind: .notFound, file: path, expected: "a recording or a folder",
                                  found: "a dangling symbolic link\(named)\(through)",
                                  hint: "its target does not exist\(relative)" + (explicitly ? "" : "; every other file was searched"))
        case 0:
            return nil
        default:
            return RecordingError(kind: .ioFailure, file: path, expected: "a readable file or folder",
                                  found: String(cString: strerror(code)),
                                  hint: explicitly ? "check its permissions and the disk (ls -l)" : "every other file was searched")
        }
    }

    /// A file's identity (device and inode), to walk each folder and take each file once.
    struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// What `stat(2)` (following links) says about a path.
    struct FileInfo {
        enum FileType { case directory, regular, other(String) }
        var type: FileType
        var id: FileID

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: type = .directory
            case S_IFREG: type = .regular
            default: type = .other(LineReader.fileTypeName(mode: status.st_mode))
            }
            id = FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        }
    }

    /// The source for one file path: format from the extension (evemu when unknown),
    /// an events-only evemu file paired with its `.desc` as ``sources(for:)`` pairs it.
    package static func source(forPath path: String, deviceIndex: Int? = nil) -> RecordingSource {
        var source = RecordingSource(path: path, deviceIndex: deviceIndex)
        if source.format == .evemu, RecordingPath.pathExtension(path).lowercased() != "desc", isEventsOnly(path: path) {
            source.descriptionPath = descriptionFile(forEventsFile: path)
        }
        if source.format == .getevent, geteventHead(path: path) == .eventsOnly {
            source.descriptionPath = geteventDescriptionFile(forCapture: path)
        }
        return source
    }

    /// The split layout given explicitly (`touchtape inspect DESC EVENTS`).
    package static func pair(descriptionPath: String, eventsPath: String) -> RecordingSource {
        RecordingSource(eventsPath: eventsPath, descriptionPath: descriptionPath,
                        format: RecordingPath.pathExtension(descriptionPath).lowercased() == "getevent" ? .getevent : .evemu)
    }

    /// What the start of a getevent file holds.
    package enum GeteventHead: Equatable {
        /// A device listing with `events:` and no event lines (`getevent -lp`): a description.
        case description
        /// Event lines after a listing with `events:`: a capture that describes itself.
        case capture
        /// Event lines with no `events:` listing before them (`getevent -lt`): it needs a description.
        case eventsOnly
    }

    /// Reads a getevent file up to its first event line (at most 10 000 lines); `nil` when
    /// it cannot be read.
    package static func geteventHead(path: String) -> GeteventHead? {
        guard let reader = try? LineReader(path: path, locking: .unlocked) else { return nil }
        var listed = false
        var lines = 0
        while lines < 10_000, let line = try? reader.nextLine() {
            lines += 1
            let text = Substring(line.lossyString)
            switch GeteventLine.parse(text) {
            case .success(.listing(let listing)) where listing.drop(while: { $0 == " " }).hasPrefix("events:"): listed = true
            case .success(.event): return listed ? .capture : .eventsOnly
            case .failure: return listed ? .capture : .eventsOnly
            default: continue
            }
        }
        return listed ? .description : .eventsOnly
    }

    /// The getevent description (`-lp` listing) beside a capture whose name, less
    /// `.getevent`, is the longest prefix of the capture's name, as for `.desc`; `nil` if none.
    package static func geteventDescriptionFile(forCapture path: String) -> String? {
        let directory = RecordingPath.directory(path)
        let name = RecordingPath.lastComponent(path)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        let best = entries
            .filter { $0 != name && RecordingPath.pathExtension($0).lowercased() == "getevent" }
            .filter { name.hasPrefix(RecordingPath.deletingExtension($0)) }
            .filter { geteventHead(path: RecordingPath.join(directory, $0)) == .description }
            .max { RecordingPath.deletingExtension($0).count < RecordingPath.deletingExtension($1).count }
        return best.map { RecordingPath.join(directory, $0) }
    }

    /// The `.desc` beside an events file whose name (less `.desc`) is the longest
    /// prefix of the events file's name, or `nil`.
    package static func descriptionFile(forEventsFile path: String) -> String? {
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
    package static func expectedDescriptionName(forEventsFile path: String) -> String {
        let base = RecordingPath.deletingExtension(RecordingPath.lastComponent(path))
        let stem = RecordingPath.deletingExtension(base)
        return stem + ".desc"
    }

    /// Whether an evemu file starts with `E:` lines (events-only, split layout).
    /// Reads only up to its first data line.
    package static func isEventsOnly(path: String) -> Bool {
        // A peek, unlocked: a rewrite renames a whole new file into place, so even mid-rewrite
        // the first lines are whole (and a caller in a read-modify-write holds the lock already).
        firstLine(of: path, within: 10_000) { $0.hasPrefix("E:") } ?? false
    }

    /// `body` of the first line of `path`, among its first `limit`, that is not blank, not a
    /// comment and not one `skipping` passes over; `nil` when there is none or the file cannot
    /// be read. A peek, unlocked (see ``isEventsOnly(path:)``).
    private static func firstLine<T>(of path: String, within limit: Int, skipping: (UnsafeBufferPointer<UInt8>) -> Bool = { _ in false },
                                     _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard let reader = try? LineReader(path: path, locking: .unlocked) else { return nil }
        var lines = 0
        while lines < limit, let line = try? reader.nextLine() {
            lines += 1
            if line.isBlank || line[0] == 0x23 || skipping(line) { continue }
            return body(line)
        }
        return nil
    }

    /// What to check about a path that names nothing: a relative one is read from the
    /// current folder, which a test run (`swift test`: the package's root) may not have
    /// been thought of as.
    static func notFoundHint(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return "check the path" }
        let cwd = FileManager.default.currentDirectoryPath
        return "check the path; a relative path is read from the current folder, \(TextExcerpt.make(cwd, limit: nil))"
    }

    /// The project settings file (`touchtape.yml`), which a folder search passes over.
    package static let projectConfigurationName = "touchtape.yml"

    /// Why a `.yml`/`.yaml` file found in a folder is not a libinput record, or `nil` when it
    /// may be one: its first line that is not blank nor a comment does not start with
    /// `version:` (libinput record's first key). A CI workflow or a compose file beside the
    /// recordings is passed over with a note; an empty or unreadable file is left to the
    /// reader, which says what is wrong with it.
    static func otherYAML(_ path: String) -> String? {
        let ext = RecordingPath.pathExtension(path).lowercased()
        guard ext == "yml" || ext == "yaml" else { return nil }
        // Blank lines, comments and a `---` document start come before a record's first key;
        // a merge's conflict marker is a damaged recording, for the reader to name.
        return firstLine(of: path, within: 1000, skipping: { $0.hasPrefix("---") }) { line -> String? in
            if line.hasPrefix("version:") || line.hasPrefix("<<<<<<<") { return nil }
            return "not a libinput record (it starts '\(RecordingError.excerpt(line.lossyString, limit: 40))', not 'version: 1')"
        } ?? nil
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
        if format == .getevent, geteventHead(path: file) == .eventsOnly {
            source.descriptionPath = geteventDescriptionFile(forCapture: file)
        }
        return source
    }
}

extension RecordingLocator {
    /// Whether `path` names a folder (symlinks followed).
    package static func isFolder(_ path: String) -> Bool {
        if case .directory? = FileInfo(path: path)?.type { return true }
        return false
    }

    /// Whether `path` names anything (symlinks followed).
    static func exists(_ path: String) -> Bool { FileInfo(path: path) != nil }
}
