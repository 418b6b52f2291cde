import TouchTapeEvents
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
    public static func tracks(
        from events: [InputEvent], description: DeviceDescription, units: MillimetreConversion,
        annotations: [(eventIndex: Int, annotation: TrackAnnotation)] = []
    ) -> [Track] {
        var assembler = FrameAssembler(description: description, units: units)
        var splitter = TrackSplitter()
        var stateBeforeFrame = assembler.state
        var stateAtStart = stateBeforeFrame
        var spans: [(span: TrackSpan, state: TouchState)] = []
        for (index, event) in events.enumerated() {
            guard let frame = assembler.feed(event, index: index) else { continue }
            switch splitter.feed(frame: frame) {
            case .began?: stateAtStart = stateBeforeFrame
            case .ended(let span)?: spans.append((span, stateAtStart))
            case nil: break
            }
            stateBeforeFrame = assembler.state
        }
        if let open = splitter.finish() { spans.append((open, stateAtStart)) }

        return spans.enumerated().map { k, entry in
            let end = entry.span.eventRange.upperBound
            let nextStart = k + 1 < spans.count ? spans[k + 1].span.eventRange.lowerBound : Int.max
            let mark = annotations.first { (end...nextStart).contains($0.eventIndex) }
            return Track(number: k + 1, description: description, events: Array(events[entry.span.eventRange]),
                         span: entry.span, initialState: entry.state, annotation: mark?.annotation ?? TrackAnnotation())
        }
    }
}
