/// The recordings a command's path arguments name: the one way every command reads them.
///
/// A `.desc` followed by a file that is not one is an old split evemu pair given explicitly
/// (`DESC EVENTS`), and a `getevent -lp` listing (`.getevent`, no events) followed by a
/// `.getevent` capture a getevent pair; a folder is searched recursively (``RecordingLocator/search(_:)``); any
/// other path stands alone, read as its extension says (an events-only file paired with
/// the `.desc` beside it). A path that names nothing is an error at once (``RecordingError/Kind/notFound``);
/// what a folder search could not follow is kept as ``problems`` for the report, never a
/// reason to stop, never passed over in silence.
///
/// ```swift
/// let selection = try RecordingSelection(["Recordings", "old.desc", "old.events"])
/// selection.sources    // sorted by path; the pair replaces the same events file found in a folder
/// selection.problems   // e.g. a dangling link in Recordings/
/// ```
package struct RecordingSelection: Sendable {
    /// The recordings, sorted by path.
    package var sources: [RecordingSource]
    /// What could not be searched (a folder that cannot be listed, a dangling or looping link).
    package var problems: [RecordingError]
    /// Files left out on purpose, with why (a FIFO named like a recording in a folder).
    package var skipped: [(path: String, reason: String)]

    /// Reads `arguments` as above. `deviceIndex` picks a device of libinput recordings.
    /// With `base` (the current folder), every path is given one spelling
    /// (``RecordingPath/canonical(_:base:)``): `Recordings` and `./Recordings` name and shard
    /// their tracks alike.
    package init(_ arguments: [String], deviceIndex: Int? = nil, base: String? = nil) throws(RecordingError) {
        let arguments = base.map { base in arguments.map { RecordingPath.canonical($0, base: base) } } ?? arguments
        var pairs: [RecordingSource] = []
        var searched: [String] = []
        var files: [RecordingSource] = []
        for item in Self.items(arguments) {
            switch item {
            case .pair(let source):
                for path in [source.descriptionPath!, source.eventsPath] { try Self.requireExisting(path) }
                pairs.append(source)
            case .path(let path):
                try Self.requireExisting(path)
                if RecordingLocator.isFolder(path) { searched.append(path) }
                else { files.append(RecordingLocator.source(forPath: path, deviceIndex: deviceIndex)) }
            }
        }
        var problems: [RecordingError] = []
        var skipped: [(path: String, reason: String)] = []
        if !searched.isEmpty {
            let search = try RecordingLocator.search(searched)
            files += search.sources.map { source in
                var source = source
                source.deviceIndex = deviceIndex
                return source
            }
            problems = search.problems
            skipped = search.skipped
        }
        let paired = Set(pairs.map(\.eventsPath))
        var seen = Set<String>()
        var all = files.filter { !paired.contains($0.eventsPath) } + pairs
        if let base {
            // A folder given as `.` yields `./a.evemu`: the found files get the one spelling too.
            all = all.map { source in
                var source = source
                source.eventsPath = RecordingPath.canonical(source.eventsPath, base: base)
                source.descriptionPath = source.descriptionPath.map { RecordingPath.canonical($0, base: base) }
                return source
            }
        }
        sources = all.filter { seen.insert($0.eventsPath).inserted }.sorted { $0.eventsPath < $1.eventsPath }
        self.problems = problems
        self.skipped = skipped
    }

    /// Every file the selection reads (events files and split descriptions): what no output
    /// may name (``OutputAliasing``).
    package var inputPaths: [String] {
        sources.flatMap { [$0.eventsPath] + ($0.descriptionPath.map { [$0] } ?? []) }
    }

    /// A path alone, or an explicit pair.
    enum Item: Equatable {
        case path(String)
        case pair(RecordingSource)
    }

    static func items(_ arguments: [String]) -> [Item] {
        var items: [Item] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let path = arguments[index]
            let next = arguments.index(after: index)
            if isDescription(path), next < arguments.endIndex, !isDescription(arguments[next]),
               isGetevent(path) == isGetevent(arguments[next]) {
                items.append(.pair(RecordingLocator.pair(descriptionPath: path, eventsPath: arguments[next])))
                index = arguments.index(after: next)
            } else {
                items.append(.path(path))
                index = next
            }
        }
        return items
    }

    private static func isGetevent(_ path: String) -> Bool { RecordingPath.pathExtension(path).lowercased() == "getevent" }

    /// A `.desc`, or a `.getevent` holding a `getevent -lp` listing and no events.
    private static func isDescription(_ path: String) -> Bool {
        switch RecordingPath.pathExtension(path).lowercased() {
        case "desc": return true
        case "getevent": return RecordingLocator.geteventHead(path: path) == .description
        default: return false
        }
    }

    /// Throws why `path` cannot be read when it names nothing (a typo, a dangling link).
    private static func requireExisting(_ path: String) throws(RecordingError) {
        guard !RecordingLocator.exists(path) else { return }
        throw RecordingLocator.unreachable(path, named: true)
            ?? RecordingError(kind: .notFound, file: path, expected: "an existing file or folder",
                              found: "nothing at that path", hint: RecordingLocator.notFoundHint(path))
    }
}
