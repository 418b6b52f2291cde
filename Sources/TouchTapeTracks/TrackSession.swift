@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames

/// Events → frames → gestures, one event at a time: the single loop that the recorder,
/// the replay of a file and the live view all run, so that they number, split and label
/// tracks identically.
///
/// It owns the ``FrameAssembler`` and the ``TrackSplitter`` and adds what both callers
/// need beyond them: track numbers, the surface state before each track (so a track can
/// be replayed alone), and which annotation mark belongs to which track.
///
/// ```swift
/// var session = TrackSession(description: description, units: units)
/// while let item = try stream.next() {
///     switch item {
///     case .event(let e): session.feed(e) { step in … }
///     case .annotation(let a): session.mark(a)
///     }
/// }
/// session.finish { step in … }
/// ```
///
/// **Marks.** A mark stands after the events fed before it (the formats' `AnnotationMark`).
/// Track *k* gets the first mark whose position lies in
/// `end(k) ... start(k+1)` (for the last track: any position from its end on); marks
/// before the first track or inside a track are nobody's. Because the next track's start
/// (or the end of the stream) is needed to decide, ``TrackStep/label(track:annotation:)``
/// comes then: exactly once per track, with an empty annotation when no mark is its.
///
/// A mark that is nobody's, or a second mark in a track's window that says something else
/// than the first, is a mistake in the file (the recorder and `touchtape label` write one
/// mark a track, after its last event): a label lost that way skipped its check in
/// silence. The first such mark is kept in ``misplacedMark`` for the reader to refuse the
/// file with its line.
package struct TrackSession: Sendable {
    /// The device the events came from.
    package let description: DeviceDescription
    /// How many events have been fed: the index the next event has in the stream.
    package private(set) var eventsFed = 0
    /// The number of the track in progress, or of the last one (0 before the first).
    package private(set) var trackNumber = 0
    /// The surface state just before the first event of the track in progress (or the
    /// last one): what ``Track/initialState`` holds.
    package private(set) var trackInitialState: TouchState

    private var assembler: FrameAssembler
    private var splitter = TrackSplitter()
    private var stateBeforeFrame: TouchState
    /// A finished track whose label waits for the next track's start or the stream's end.
    private var unlabelled: (number: Int, end: Int)?
    /// Marks seen since the last boundary, with the number of events before each and the
    /// line they were read from.
    private var marks: [(eventIndex: Int, line: Int?, annotation: TrackAnnotation)] = []
    /// The first mark that no track gets, or that its track ignores (see the type's notes).
    package private(set) var misplacedMark: MisplacedMark?
    /// Whether ``misplacedMark`` is set: a flag a reader can test after every event (before
    /// the track it concerns is reported) for the cost of a byte.
    package private(set) var hasMisplacedMark = false
    /// The first mark read before any track began (decided when the first track begins:
    /// a mark inside that track's first frame is inside it).
    private var markBeforeTracks: (eventIndex: Int, line: Int?, annotation: TrackAnnotation)?

    /// A value from its parts.
    package init(description: DeviceDescription, units: MillimetreConversion) {
        self.description = description
        self.assembler = FrameAssembler(description: description, units: units)
        self.stateBeforeFrame = assembler.state
        self.trackInitialState = assembler.state
    }

    /// How device units become millimetres.
    package var units: MillimetreConversion { assembler.units }
    /// True while a gesture is in progress (between its first frame and its lift frame).
    package var isInGesture: Bool { splitter.isInGesture }

    /// Feeds the next event. A `SYN_REPORT` that completes a frame emits `.frame`; when
    /// that frame starts a gesture, the previous track's `.label` comes first.
    package mutating func feed(_ event: InputEvent, _ emit: (TrackStep) throws -> Void) rethrows {
        let fed = feed(event)
        if let label = fed.label { try emit(label) }
        if let frame = fed.frame { try emit(.frame(frame, fed.boundary)) }
    }

    /// What one event gives: at most a label (the previous track's, when this event's
    /// frame starts a gesture) and then a frame. A fixed-size value rather than a list,
    /// so the per-event path allocates nothing for it (issue 13).
    package struct Fed: Sendable {
        /// `.label` of the previous track, to be handled before ``frame``.
        package var label: TrackStep?
        package var frame: Frame?
        package var boundary: TrackBoundary?
    }

    /// ``feed(_:_:)`` returning its steps as a ``Fed``.
    package mutating func feed(_ event: InputEvent) -> Fed {
        completesFrame(event) ? lastFed : Fed()
    }

    /// What the last event that completed a frame gave (``completesFrame(_:)``).
    package var lastFed: Fed { Fed(label: hasLabel ? lastLabel : nil, frame: lastFrame, boundary: lastBoundary) }

    /// The frame the last event completed (an empty one before the first).
    package private(set) var lastFrame = Frame(index: -1, time: .zero, eventRange: 0..<0, contacts: [], fingerCount: 0)
    /// The gesture boundary ``lastFrame`` is, if any.
    package private(set) var lastBoundary: TrackBoundary?
    /// Whether ``lastFrame`` began a gesture after a track that is labelled now: ``lastLabel``
    /// is to be handled before the frame. A flag beside the optional step: the step read
    /// every frame was copied and destroyed through its value witness (issue 26).
    package private(set) var hasLabel = false
    /// The previous track's `.label` (see ``hasLabel``).
    package private(set) var lastLabel: TrackStep?

    /// ``feed(_:)`` for a loop over every event: `false` when the event completes no frame
    /// (most events); when `true`, ``lastFrame``, ``lastBoundary`` and (when ``hasLabel``)
    /// ``lastLabel`` hold the steps. A `Bool`, not a `Fed?`: an optional of that size was
    /// returned and copied for every event (two copies of 400 bytes an event, a tenth of a
    /// replay's time), and a `Fed` kept between frames was replaced, and a `Frame?` returned
    /// destroyed, through their value witnesses, 3–5 % of a replay (issue 26).
    package mutating func completesFrame(_ event: InputEvent) -> Bool {
        let index = eventsFed
        eventsFed += 1
        guard let frame = assembler.feed(event, index: index) else { return false }
        let boundary = splitter.feed(frame: frame)
        var label: TrackStep?
        switch boundary {
        case .began(_, let firstEvent)?:
            label = resolveLabel(nextStart: firstEvent)
            trackNumber += 1
            if !marks.isEmpty || markBeforeTracks != nil { misplaced(inFirstFrameFrom: firstEvent) }
            marks.removeAll(keepingCapacity: true)
            trackInitialState = stateBeforeFrame
        case .ended(let span)?:
            // Every mark since the gesture began is inside it.
            if let inside = marks.first { misplace(inside, .insideTrack(trackNumber, events: span.eventRange)) }
            marks.removeAll(keepingCapacity: true)
            unlabelled = (trackNumber, span.eventRange.upperBound)
        case nil:
            break
        }
        // Read only when a frame begins a gesture, which a frame can do only after a frame
        // that left the splitter idle: inside a gesture the state is not copied per frame.
        if !splitter.isInGesture { stateBeforeFrame.assign(from: assembler.state) }
        // Field by field, every stored property of `Frame` (a test fails when one is missed):
        // the whole frame assigned went through its value witness, 270 instructions a frame,
        // and a method of `Frame` doing this retained the contacts once more (issue 26).
        lastFrame.index = frame.index
        lastFrame.time = frame.time
        lastFrame.eventRange = frame.eventRange
        lastFrame.contacts = frame.contacts
        lastFrame.fingerCount = frame.fingerCount
        lastFrame.followsGap = frame.followsGap
        lastFrame.touchKeyDown = frame.touchKeyDown
        lastBoundary = boundary
        if hasLabel || label != nil {
            hasLabel = label != nil
            lastLabel = label
        }
        return true
    }

    /// An annotation mark read at this point of the stream (after ``eventsFed`` events),
    /// from `line` of the file when the reader knows it.
    package mutating func mark(_ annotation: TrackAnnotation, line: Int? = nil) {
        guard unlabelled != nil || splitter.isInGesture else {
            // Before any track: nobody's (the first one kept, to be named).
            if trackNumber == 0, markBeforeTracks == nil { markBeforeTracks = (eventsFed, line, annotation) }
            return
        }
        marks.append((eventsFed, line, annotation))
    }

    /// Keeps the first misplaced mark.
    private mutating func misplace(_ mark: (eventIndex: Int, line: Int?, annotation: TrackAnnotation),
                                   _ place: MisplacedMark.Place) {
        guard misplacedMark == nil else { return }
        hasMisplacedMark = true
        misplacedMark = MisplacedMark(eventIndex: mark.eventIndex, line: mark.line, annotation: mark.annotation, place: place)
    }

    /// Track ``trackNumber`` began with the frame from `firstEvent`: a mark read before any
    /// track, or since the last boundary, that stands after that event is inside the track's
    /// first frame; one read before any track and before that event is before every track.
    private mutating func misplaced(inFirstFrameFrom firstEvent: Int) {
        let inside = { (index: Int) in index > firstEvent }
        if let early = markBeforeTracks {
            markBeforeTracks = nil
            misplace(early, inside(early.eventIndex) ? .insideTrack(trackNumber, events: nil) : .beforeFirstTrack)
        }
        if let mark = marks.first(where: { inside($0.eventIndex) }) { misplace(mark, .insideTrack(trackNumber, events: nil)) }
    }

    /// The stream ended: a gesture still in progress is closed (`.endedInGesture`, its span
    /// marked ``TrackSpan/endsWithContactsDown``), then the last track's `.label`.
    package mutating func finish(_ emit: (TrackStep) throws -> Void) rethrows {
        if let open = splitter.finish() {
            // A mark after the last complete frame is the cut track's (the recorder's
            // "cut short"); one before it is inside the gesture.
            if let inside = marks.first(where: { $0.eventIndex < open.eventRange.upperBound }) {
                misplace(inside, .insideTrack(trackNumber, events: open.eventRange))
            }
            unlabelled = (trackNumber, open.eventRange.upperBound)
            try emit(.endedInGesture(open))
        }
        if let early = markBeforeTracks {
            markBeforeTracks = nil
            misplace(early, .beforeFirstTrack)   // no track began at all
        }
        if let step = resolveLabel(nextStart: Int.max) { try emit(step) }
        marks.removeAll()
    }

    /// A live session stopped between gestures (or inside one): the last finished track's
    /// `.label` from the marks read so far, without closing a gesture in progress (whose
    /// track is left out: it was not finished). Inside a gesture nothing waits: the track
    /// before it got its label when the gesture began.
    package mutating func labelWaitingTrack(_ emit: (TrackStep) throws -> Void) rethrows {
        guard !splitter.isInGesture, let step = resolveLabel(nextStart: Int.max) else { return }
        marks.removeAll()
        try emit(step)
    }

    /// The label of the track waiting for one: the first mark in `end ... nextStart` (a
    /// later one there that says something else is misplaced).
    private mutating func resolveLabel(nextStart: Int) -> TrackStep? {
        guard let waiting = unlabelled else { return nil }
        unlabelled = nil
        let window = waiting.end...nextStart
        guard let first = marks.firstIndex(where: { window.contains($0.eventIndex) }) else {
            return .label(track: waiting.number, annotation: TrackAnnotation())
        }
        let mark = marks[first]
        if let other = marks[(first + 1)...].first(where: { window.contains($0.eventIndex) && $0.annotation != mark.annotation }) {
            misplace(other, .secondMark(track: waiting.number, first: mark.annotation, firstLine: mark.line))
        }
        return .label(track: waiting.number, annotation: mark.annotation)
    }
}

/// A mark in a recording that labels no track, or that its track ignores: what
/// ``TrackSession/misplacedMark`` keeps.
package struct MisplacedMark: Hashable, Sendable {
    /// Where it stands.
    package enum Place: Hashable, Sendable {
        /// Before the first gesture began (or in a recording with none).
        case beforeFirstTrack
        /// Between the first and the last event of track *n*'s gesture (its events' range
        /// in the stream, where known when the mark is found).
        case insideTrack(Int, events: Range<Int>?)
        /// In track *n*'s window after its first mark, saying something else.
        case secondMark(track: Int, first: TrackAnnotation, firstLine: Int?)
    }

    /// How many events precede it.
    package var eventIndex: Int
    /// The line it was read from, where the reader knows it.
    package var line: Int?
    /// What it says.
    package var annotation: TrackAnnotation
    /// Where it stands.
    package var place: Place

    /// A value from its parts.
    package init(eventIndex: Int, line: Int?, annotation: TrackAnnotation, place: Place) {
        self.eventIndex = eventIndex
        self.line = line
        self.annotation = annotation
        self.place = place
    }
}

/// What a ``TrackSession`` reports, in stream order.
package enum TrackStep: Sendable {
    /// A frame, and the gesture boundary it is (the first frame with something down, or
    /// the lift frame), if any.
    case frame(Frame, TrackBoundary?)
    /// The stream ended inside a gesture: its span, through the last complete frame.
    case endedInGesture(TrackSpan)
    /// The annotation of track `track` (empty when no mark is its). Once per track, after
    /// its end: at the next track's first frame, or at the end of the stream.
    case label(track: Int, annotation: TrackAnnotation)
}
