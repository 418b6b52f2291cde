import TouchTapeFormats
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal

extension RecordingReplay {
    /// Every track of `source` with its transcript (plots and pages need the samples, not
    /// only the report rows). Holds the whole file's transcripts: for pictures, not for CI.
    package static func results(_ source: RecordingSource, configuration: ReplayConfiguration) throws -> [TrackResult] {
        var results: [TrackResult] = []
        try run(source, configuration: configuration) { results.append($0) }
        return results
    }

    /// Track `number` of `source` as ``TrackPlot`` draws it, with the why in its title and
    /// its time axis as long as the track; `svg` is `nil` when the file has no such track,
    /// and `tracks` says how many it has.
    package static func plot(_ source: RecordingSource, track number: Int, configuration: ReplayConfiguration,
                             locking: ReadLocking = .standard) throws -> (svg: String?, tracks: Int) {
        var svg: String?, tracks = 0
        try replay(source, configuration: configuration, makeController: { DismissalController(settings: $0.dismissal) },
                   keepFrames: true, locking: locking) { replayed in
            tracks += 1
            guard replayed.report.track == number else { return }
            let span = replayed.frames.last.map { Double($0.time.microseconds(since: replayed.frames[0].time)) / 1_000_000 }
            svg = TrackPlot.svg(replayed.transcript, explanation: replayed.report.explanation.summary, span: span)
        }
        return (svg, tracks)
    }

    /// The transcripts of every readable file in `sources` (unreadable ones are the
    /// report's errors already).
    package static func transcripts(_ sources: [RecordingSource], configuration: ReplayConfiguration) -> [Transcript] {
        sources.flatMap { (try? results($0, configuration: configuration))?.map(\.transcript) ?? [] }
    }
}
