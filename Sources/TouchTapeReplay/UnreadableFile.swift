/// A recording a replay run could not read: reported beside the tracks of every other
/// file (a CI run keeps every other result), never silently dropped.
public struct UnreadableFile: Hashable, Sendable {
    /// The recording file the track came from, as reports name it.
    public var file: String
    /// The reader's error kind (`truncated`, `ioFailure`…): JUnit's `type`, JSON's `kind`.
    public var kind: String
    /// The typed error's whole message (file, line, what was expected, hint).
    public var message: String
    /// The file system failed (permission, I/O), rather than the file being malformed.
    public var isIOFailure: Bool
    /// The line the reader stopped at, where it says (a GitHub annotation points there).
    public var line: Int?

    /// A value from its parts.
    package init(file: String, kind: String, message: String, isIOFailure: Bool, line: Int? = nil) {
        self.file = file
        self.kind = kind
        self.message = message
        self.isIOFailure = isIOFailure
        self.line = line
    }

    /// The message as a text report's "Could not read:" block shows it: each of its lines
    /// (the error, then its hint) indented under the heading.
    package var reportLines: [String] {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
}
