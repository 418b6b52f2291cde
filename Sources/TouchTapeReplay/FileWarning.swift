/// A recording that was read but that a report must not pass over in silence: one that
/// yields no track (a device that was touched by no finger, a recording stopped before the
/// first gesture, a file of another device's events). Reported in every format beside the
/// tracks, as a warning, or as an error under `replay --strict` (``isError``), never dropped.
package struct FileWarning: Hashable, Sendable {
    /// What the file lacks.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The file was read and holds no gesture track.
        case noTracks
    }

    /// The recording file, as reports name it (the path as given, like ``UnreadableFile/file``).
    package var file: String
    /// What it lacks: JUnit's `type`, JSON's `kind`.
    package var kind: Kind
    /// The message: `FILE: 0 tracks (no gesture found)`.
    package var message: String
    /// `--strict`: an error (the run exits 2 and every format says error), not a warning.
    package var isError: Bool

    /// A value from its parts.
    package init(file: String, kind: Kind, message: String, isError: Bool) {
        self.file = file
        self.kind = kind
        self.message = message
        self.isError = isError
    }

    /// `file` was read and yields no track.
    package static func noTracks(file: String, isError: Bool) -> FileWarning {
        FileWarning(file: file, kind: .noTracks, message: "\(file): 0 tracks (no gesture found)", isError: isError)
    }
}
