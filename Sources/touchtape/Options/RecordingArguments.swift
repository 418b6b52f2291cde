import Foundation
import TouchTapeFormats

/// Recording paths as the commands take them: a `.desc` followed by a file that is not
/// one is an old split evemu pair given explicitly (`DESC EVENTS`); every other path
/// stands alone. One reading for `inspect`, `convert` and `replay`, so a pair means the
/// same everywhere.
enum RecordingArguments {
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
            if isDescription(path), next < arguments.endIndex, !isDescription(arguments[next]) {
                items.append(.pair(RecordingLocator.pair(descriptionPath: path, eventsPath: arguments[next])))
                index = arguments.index(after: next)
            } else {
                items.append(.path(path))
                index = next
            }
        }
        return items
    }

    /// The sources named file by file (no folders): each path read as its extension says
    /// (an events-only file paired with the `.desc` beside it), pairs as given.
    static func sources(_ arguments: [String], deviceIndex: Int?) -> [RecordingSource] {
        items(arguments).map { item in
            switch item {
            case .path(let path): return RecordingLocator.source(forPath: path, deviceIndex: deviceIndex)
            case .pair(let source): return source
            }
        }
    }

    private static func isDescription(_ path: String) -> Bool {
        (path as NSString).pathExtension.lowercased() == "desc"
    }
}
