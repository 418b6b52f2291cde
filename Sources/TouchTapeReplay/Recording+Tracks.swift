import TouchTapeFormats
import TouchTapeFrames
import TouchTapeTracks

extension Recording {
    /// The recording's gesture tracks, each with the annotation its mark gives it.
    ///
    /// The one place a whole file meets the splitter, so `inspect`, `replay`, `play` and
    /// `label` number and label tracks identically. `units` only matters to the frames a
    /// track later yields; the default converts with the description's own resolution.
    package func tracks(units: MillimetreConversion? = nil) -> [Track] {
        TrackSplitter.tracks(from: events, description: description,
                             units: units ?? MillimetreConversion(description: description),
                             annotations: annotations.map { ($0.eventIndex, $0.annotation) })
    }
}
