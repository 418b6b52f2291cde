/// How far a ``ReplayEngine`` run has got, passed to its progress callback after each
/// track and each file (a progress line, a CI log). Track totals are not known until
/// every file is read, so the whole is counted in files.
package struct ReplayProgress: Hashable, Sendable {
    /// Files finished (replayed, or reported unreadable).
    package var filesDone: Int
    package var filesTotal: Int
    /// Tracks replayed so far (in this shard).
    package var tracksDone: Int

    package init(filesDone: Int, filesTotal: Int, tracksDone: Int) {
        self.filesDone = filesDone
        self.filesTotal = filesTotal
        self.tracksDone = tracksDone
    }
}
