import TouchTapeFormats

extension RecordingReplay {
    /// Every track of `source` with its transcript (plots and pages need the samples, not
    /// only the report rows). Holds the whole file's transcripts: for pictures, not for CI.
    package static func results(_ source: RecordingSource, configuration: ReplayConfiguration) throws -> [TrackResult] {
        var results: [TrackResult] = []
        try run(source, configuration: configuration) { results.append($0) }
        return results
    }

    /// The transcripts of every readable file in `sources` (unreadable ones are the
    /// report's errors already).
    package static func transcripts(_ sources: [RecordingSource], configuration: ReplayConfiguration) -> [Transcript] {
        sources.flatMap { (try? results($0, configuration: configuration))?.map(\.transcript) ?? [] }
    }
}
