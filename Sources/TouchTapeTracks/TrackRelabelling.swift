import TouchTapeEvents

/// Gives chosen tracks of a recording new annotations, after the recording was made.
///
/// People record first and judge later: a tuning session records a dozen pans, `inspect`
/// or `replay` shows which finished and which did not, and only then does the person say
/// which ones *should* have. Re-recorded files need the same: the recorder in the VM plays
/// a labelled file through the kernel and records it back, and the labels are carried over
/// track by track. Both rewrite only the marks; the events stay byte for byte.
///
/// Marks follow the rule ``TrackSplitter/tracks(from:description:units:annotations:)``
/// reads them by: a track owns the first mark from its last event up to the next track's
/// first event. Relabelling a track removes every mark in that window (a reader would
/// ignore all but the first anyway) and puts one mark right after the track's last event,
/// where a recorder writes it. Marks of other tracks, and marks nobody owns, stay where
/// they are.
public enum TrackRelabelling {
    /// The marks after giving each track number in `labels` its new annotation.
    ///
    /// - Parameters:
    ///   - marks: the recording's marks in stream order.
    ///   - tracks: the recording's tracks, as the splitter made them from the same events.
    ///   - labels: track number (1-based) → the annotation it gets; numbers with no track
    ///     are ignored (callers check them first, so they can say which one is wrong).
    /// - Returns: marks in stream order, one per relabelled track (none if its annotation
    ///   is empty).
    public static func marks(
        _ marks: [(eventIndex: Int, annotation: TrackAnnotation)], tracks: [Track],
        labels: [Int: TrackAnnotation]
    ) -> [(eventIndex: Int, annotation: TrackAnnotation)] {
        var windows: [ClosedRange<Int>] = []
        var added: [(eventIndex: Int, annotation: TrackAnnotation)] = []
        for (k, track) in tracks.enumerated() {
            guard let annotation = labels[track.number] else { continue }
            let end = track.sourceEventRange.upperBound
            let nextStart = k + 1 < tracks.count ? tracks[k + 1].sourceEventRange.lowerBound : Int.max
            windows.append(end...nextStart)
            if !annotation.isEmpty { added.append((end, annotation)) }
        }
        let kept = marks.filter { mark in !windows.contains { $0.contains(mark.eventIndex) } }
        // Merge by event index (no ties: a kept mark never lies in a relabelled window).
        var result: [(eventIndex: Int, annotation: TrackAnnotation)] = []
        result.reserveCapacity(kept.count + added.count)
        var i = 0, j = 0
        while i < kept.count || j < added.count {
            if j == added.count || (i < kept.count && kept[i].eventIndex <= added[j].eventIndex) {
                result.append(kept[i]); i += 1
            } else {
                result.append(added[j]); j += 1
            }
        }
        return result
    }
}
