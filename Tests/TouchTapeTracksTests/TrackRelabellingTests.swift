import TouchTapeTestSupport
import Testing
import TouchTapeEvents
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

@Test func labelsAnUnlabelledTrackRightAfterItsLastEvent() {
    let events = threeTaps()
    let tracks = TrackSplitter.tracks(from: events, description: device, units: units)
    #expect(tracks.map(\.sourceEventRange) == [0..<8, 10..<18, 20..<28])
    let marks = TrackRelabelling.marks([], tracks: tracks, labels: [2: finish])
    #expect(marks.map(\.eventIndex) == [18])
    #expect(annotations(events, marks) == [TrackAnnotation(), finish, TrackAnnotation()])
}

@Test func replacesEveryMarkInTheTracksWindowAndKeepsTheOthers() {
    let events = threeTaps()
    let tracks = TrackSplitter.tracks(from: events, description: device, units: units)
    let orphanBefore = (eventIndex: 0, annotation: TrackAnnotation(note: "before any track"))
    let existing = [
        orphanBefore,
        (eventIndex: 9, annotation: cancel),                                   // track 1's, in its window 8...10
        (eventIndex: 10, annotation: TrackAnnotation(note: "ignored second")), // same window: readers skip it
        (eventIndex: 28, annotation: TrackAnnotation(expected: .finish, cutShort: true)), // track 3's
    ]
    let marks = TrackRelabelling.marks(existing, tracks: tracks, labels: [1: finish, 2: cancel])
    #expect(marks.map(\.eventIndex) == [0, 8, 18, 28])
    #expect(marks.map(\.annotation) == [orphanBefore.annotation, finish, cancel, existing[3].annotation])
    #expect(annotations(events, marks) == [finish, cancel, existing[3].annotation])
}

@Test func anEmptyAnnotationRemovesTheMarkAndUnknownTrackNumbersChangeNothing() {
    let events = threeTaps()
    let tracks = TrackSplitter.tracks(from: events, description: device, units: units)
    let existing = [(eventIndex: 8, annotation: finish), (eventIndex: 23, annotation: TrackAnnotation(note: "inside track 3"))]
    let marks = TrackRelabelling.marks(existing, tracks: tracks, labels: [1: TrackAnnotation(), 7: cancel])
    // Track 1's mark is gone; the mark inside track 3 belongs to nobody and stays.
    #expect(marks.map(\.eventIndex) == [23])
    #expect(annotations(events, marks) == [TrackAnnotation(), TrackAnnotation(), TrackAnnotation()])
}

@Test func theLastTrackOwnsEveryMarkAfterIt() {
    let events = threeTaps()
    let tracks = TrackSplitter.tracks(from: events, description: device, units: units)
    let existing = [(eventIndex: 30, annotation: finish), (eventIndex: 30, annotation: cancel)]
    let marks = TrackRelabelling.marks(existing, tracks: tracks, labels: [3: cancel])
    #expect(marks.map(\.eventIndex) == [28])
    #expect(annotations(events, marks).last == cancel)
}
