import TouchTapeTestSupport
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
@testable import TouchTapeTracks

private typealias C = EventCodes
private let device = TestDevices.touchscreenB
private let units = MillimetreConversion(description: device)

/// Three one-finger taps, each down (5 events) and up (3 events), with a neutral frame
/// (2 events) after each: tracks cover events 0..<8, 10..<18 and 20..<28 of 30.
private func threeTaps() -> [InputEvent] {
    var s = TestStream()
    for id in Int32(1)...3 {
        s.trackingID(id); s.mt(x: 100 * id, y: 100); s.key(C.BTN_TOUCH, 1); s.report()
        s.trackingID(-1); s.key(C.BTN_TOUCH, 0); s.report()
        s.raw(type: EventType.msc.rawValue, code: C.MSC_TIMESTAMP, value: id); s.report()
    }
    return s.events
}

private let finish = TrackAnnotation(expected: .finish, note: "down")
private let cancel = TrackAnnotation(expected: .cancel)

/// Reads the marks back the way every reader does: through the splitter.
private func annotations(_ events: [InputEvent], _ marks: [(eventIndex: Int, annotation: TrackAnnotation)]) -> [TrackAnnotation] {
    TrackSplitter.tracks(from: events, description: device, units: units, annotations: marks).map(\.annotation)
}

/// Streams `events` with `marks` (merged by position) through ``TrackRelabelling`` giving
/// each track in `labels` its annotation; returns the events out and the marks with their
/// positions, and the old annotations the relabelling saw.
private func relabel(_ events: [InputEvent], _ marks: [(eventIndex: Int, annotation: TrackAnnotation)],
                     _ labels: [Int: TrackAnnotation])
    throws -> (events: [InputEvent], marks: [(eventIndex: Int, annotation: TrackAnnotation)], old: [Int: TrackAnnotation],
               removed: [Int: Int]) {
    var relabelling = TrackRelabelling(description: device, units: units, chosen: { labels[$0] != nil }) { track, _ in labels[track]! }
    var outEvents: [InputEvent] = []
    var outMarks: [(eventIndex: Int, annotation: TrackAnnotation)] = []
    var old: [Int: TrackAnnotation] = [:]
    var removed: [Int: Int] = [:]
    func changed(_ change: TrackRelabelling.Change) {
        old[change.track] = change.old
        removed[change.track] = change.otherMarksRemoved
    }
    func emit(_ piece: TrackRelabelling.Piece) {
        switch piece {
        case .event(let e): outEvents.append(e)
        case .mark(let a): outMarks.append((outEvents.count, a))
        }
    }
    var pending = marks[...]
    for (index, event) in events.enumerated() {
        while let m = pending.first, m.eventIndex == index {
            try relabelling.feed(.mark(m.annotation), emit: emit, changed: changed); pending.removeFirst()
        }
        try relabelling.feed(.event(event), emit: emit, changed: changed)
    }
    for m in pending { try relabelling.feed(.mark(m.annotation), emit: emit, changed: changed) }
    try relabelling.finish(emit: emit, changed: changed)
    return (outEvents, outMarks, old, removed)
}

@Test func labelsAnUnlabelledTrackAtTheFarEndOfItsWindow() throws {
    let events = threeTaps()
    let tracks = TrackSplitter.tracks(from: events, description: device, units: units)
    #expect(tracks.map(\.sourceEventRange) == [0..<8, 10..<18, 20..<28])
    let out = try relabel(events, [], [2: finish])
    #expect(out.events == events)
    // Track 2's window is 18...20: the mark stands just before track 3's first event.
    #expect(out.marks.map(\.eventIndex) == [20])
    #expect(annotations(events, out.marks) == [TrackAnnotation(), finish, TrackAnnotation()])
    #expect(out.old == [2: TrackAnnotation()])
}

@Test func replacesEveryMarkInTheTracksWindowAndKeepsTheOthers() throws {
    let events = threeTaps()
    let orphanBefore = (eventIndex: 0, annotation: TrackAnnotation(note: "before any track"))
    let existing = [
        orphanBefore,
        (eventIndex: 9, annotation: cancel),                                   // track 1's, in its window 8...10
        (eventIndex: 10, annotation: TrackAnnotation(note: "ignored second")), // same window: readers skip it
        (eventIndex: 28, annotation: TrackAnnotation(expected: .finish, cutShort: true)), // track 3's
    ]
    let out = try relabel(events, existing, [1: finish, 2: cancel])
    #expect(out.events == events)
    #expect(out.marks.map(\.eventIndex) == [0, 10, 20, 28])
    #expect(out.marks.map(\.annotation) == [orphanBefore.annotation, finish, cancel, existing[3].annotation])
    #expect(annotations(events, out.marks) == [finish, cancel, existing[3].annotation])
    // The relabelling saw each track's old annotation as a reader reads it, and counts the
    // marks after it that went with it (`label` says so).
    #expect(out.old == [1: cancel, 2: TrackAnnotation()])
    #expect(out.removed == [1: 1, 2: 0])
    // The last track's window runs to the end of the stream.
    let last = try relabel(events, existing + [(eventIndex: 30, annotation: cancel)], [3: finish])
    #expect(last.removed == [3: 1] && last.old == [3: existing[3].annotation])
}

@Test func anEmptyAnnotationRemovesTheMarkAndUnknownTrackNumbersChangeNothing() throws {
    let events = threeTaps()
    let existing = [(eventIndex: 8, annotation: finish), (eventIndex: 23, annotation: TrackAnnotation(note: "inside track 3"))]
    let out = try relabel(events, existing, [1: TrackAnnotation(), 7: cancel])
    // Track 1's mark is gone; the mark inside track 3 belongs to nobody and stays.
    #expect(out.marks.map(\.eventIndex) == [23])
    #expect(annotations(events, out.marks) == [TrackAnnotation(), TrackAnnotation(), TrackAnnotation()])
}

@Test func theLastTrackOwnsEveryMarkAfterIt() throws {
    let events = threeTaps()
    let existing = [(eventIndex: 30, annotation: finish), (eventIndex: 30, annotation: cancel)]
    let out = try relabel(events, existing, [3: cancel])
    #expect(out.marks.map(\.eventIndex) == [30])
    #expect(annotations(events, out.marks).last == cancel)
    #expect(out.old == [3: finish])
}

@Test func aMarkInsideTheNextTracksFirstFrameIsNotInTheWindow() throws {
    let events = threeTaps()
    // Position 21: after track 2's first event, inside its first frame: nobody's, kept.
    let inside = (eventIndex: 21, annotation: TrackAnnotation(note: "inside track 3's first frame"))
    let out = try relabel(events, [(eventIndex: 19, annotation: cancel), inside], [2: finish])
    #expect(out.marks.map(\.eventIndex) == [20, 21])
    #expect(annotations(events, out.marks) == [TrackAnnotation(), finish, TrackAnnotation()])
}

@Test func aTrackTheStreamEndsInKeepsItsCutShortMarkOnce() throws {
    // Two taps, then a touch that never lifts; the recorder's "cut short" mark after it.
    var s = TestStream()
    for id in Int32(1)...2 {
        s.trackingID(id); s.mt(x: 100 * id, y: 100); s.key(C.BTN_TOUCH, 1); s.report()
        s.trackingID(-1); s.key(C.BTN_TOUCH, 0); s.report()
    }
    s.trackingID(3); s.mt(x: 300, y: 100); s.key(C.BTN_TOUCH, 1); s.report()
    s.mt(x: 310, y: 100); s.report()
    let events = s.events
    let cut = TrackAnnotation(note: "ran out", cutShort: true)
    var relabelling = TrackRelabelling(description: device, units: units, chosen: { $0 == 3 }) { _, old in
        var new = old; new.expected = .cancel; return new
    }
    var marks: [(eventIndex: Int, annotation: TrackAnnotation)] = []
    var count = 0
    func emit(_ piece: TrackRelabelling.Piece) {
        if case .mark(let a) = piece { marks.append((count, a)) } else { count += 1 }
    }
    for e in events { try relabelling.feed(.event(e), emit: emit) }
    try relabelling.feed(.mark(cut), emit: emit)
    try relabelling.finish(emit: emit)
    var expected = cut
    expected.expected = .cancel
    #expect(marks.map(\.annotation) == [expected])
    #expect(annotations(events, marks).last == expected)
}
