@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames

extension TrackSplitter {
    /// Splits a whole recording into tracks, numbered from 1.
    ///
    /// Each track keeps its exact source events, their index range, and the surface
    /// state just before its first event (``Track/initialState``), so it can be replayed
    /// alone.
    ///
    /// Annotations: a mark stands after `eventIndex` events (the formats'
    /// `AnnotationMark`). Track *k* gets the first mark, in the order given, whose
    /// `eventIndex` lies in `track.sourceEventRange.upperBound ... next.sourceEventRange.lowerBound`
    /// (for the last track: any index from its end on). Marks before the first track
    /// or inside a track are not anyone's; a track without a mark gets an empty annotation.
    package static func tracks(
        from events: [InputEvent], description: DeviceDescription, units: MillimetreConversion,
        annotations: [(eventIndex: Int, annotation: TrackAnnotation)] = []
    ) -> [Track] {
        var session = TrackSession(description: description, units: units)
        var spans: [TrackSpan] = []
        var initialStates: [TouchState] = []
        var labels: [Int: TrackAnnotation] = [:]
        func collect(_ step: TrackStep) {
            switch step {
            case .frame(_, .ended(let span)?), .endedInGesture(let span): spans.append(span)
            case .label(let track, let annotation): labels[track] = annotation
            case .frame: break
            }
        }
        var marks = annotations[...]
        for event in events {
            while let mark = marks.first, mark.eventIndex <= session.eventsFed {
                session.mark(mark.annotation)
                marks = marks.dropFirst()
            }
            let tracksBefore = session.trackNumber
            session.feed(event, collect)
            if session.trackNumber != tracksBefore { initialStates.append(session.trackInitialState) }
        }
        for mark in marks { session.mark(mark.annotation) }
        session.finish(collect)

        return spans.enumerated().map { k, span in
            Track(number: k + 1, description: description, events: Array(events[span.eventRange]),
                  span: span, initialState: initialStates[k], annotation: labels[k + 1] ?? TrackAnnotation())
        }
    }
}
