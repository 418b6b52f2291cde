import TouchTapeTestSupport
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
@testable import TouchTapeTracks

private typealias C = EventCodes
private let device = TestDevices.touchscreenB
private let units = MillimetreConversion(description: device)

/// Two gestures with neutral frames around them; the second never lifts.
/// Event indices are written next to each line.
private func twoGestures() -> TestStream {
    var s = TestStream()
    s.raw(type: EventType.msc.rawValue, code: C.MSC_TIMESTAMP, value: 1); s.report()          // 0…1    frame 0 neutral
    s.trackingID(1); s.mt(x: 100, y: 100); s.key(C.BTN_TOUCH, 1); s.report()                  // 2…6    frame 1 down
    s.slot(1); s.trackingID(2); s.mt(x: 200, y: 100); s.report()                              // 7…11   frame 2 (2 fingers)
    s.slot(0); s.trackingID(-1); s.report()                                                   // 12…14  frame 3
    s.slot(1); s.trackingID(-1); s.key(C.BTN_TOUCH, 0); s.report()                            // 15…18  frame 4 lift
    s.raw(type: EventType.msc.rawValue, code: C.MSC_TIMESTAMP, value: 2); s.report()          // 19…20  frame 5 neutral
    s.key(C.BTN_LEFT, 1); s.report()                                                          // 21…22  frame 6 neutral (button only)
    s.key(C.BTN_LEFT, 0); s.report()                                                          // 23…24  frame 7 neutral
    s.trackingID(3); s.mt(x: 300, y: 300); s.key(C.BTN_TOUCH, 1); s.report()                  // 25…29  frame 8: slot 1 still selected
    s.mt(x: 310); s.report()                                                                  // 30…31  frame 9
    s.mt(x: 320)                                                                              // 32     incomplete frame
    return s
}

@Test func splitsGesturesAndLeavesNeutralFramesOut() {
    let s = twoGestures()
    let tracks = TrackSplitter.tracks(from: s.events, description: device, units: units)
    #expect(tracks.count == 2)
    let first = tracks[0], second = tracks[1]
    #expect(first.number == 1 && second.number == 2)
    #expect(first.sourceEventRange == 2..<19 && first.sourceFrameRange == 1..<5)
    #expect(first.events == Array(s.events[2..<19]))
    #expect(first.maxFingers == 2 && !first.endsWithContactsDown && first.frameCount == 4 && first.eventCount == 17)
    // Frame 1 reported at 1.010 s (clock starts at 1.000, +10 ms per report), frame 4 at 1.040 s.
    #expect(first.startTime == EventTime(seconds: 1, microseconds: 10_000))
    #expect(first.endTime == EventTime(seconds: 1, microseconds: 40_000))
    #expect(abs(first.duration - 0.030) < 1e-12)
    // The second track stops at the last complete frame; the trailing X event is in no frame.
    #expect(second.sourceEventRange == 25..<32 && second.sourceFrameRange == 8..<10)
    #expect(second.endsWithContactsDown && second.maxFingers == 1)
    // State before it: slot 1 selected (from event 15), no contact, BTN_LEFT released.
    #expect(second.initialState.currentSlot == 1 && second.initialState.activeSlots.isEmpty && second.initialState.keysDown.isEmpty)
}

@Test func midStreamTrackReplaysAloneFromItsInitialState() {
    let s = twoGestures()
    let all = FrameAssembler.frames(from: s.events, description: device, units: units)
    let tracks = TrackSplitter.tracks(from: s.events, description: device, units: units)
    for track in tracks {
        #expect(track.frames(units: units) == Array(all[track.sourceFrameRange]))
    }
    // Replayed from an untouched surface instead, the second track's contact would land in
    // slot 0: the slot selection is state the cut must carry.
    let naive = FrameAssembler.frames(from: tracks[1].events, description: device, units: units)
    #expect(naive.first?.contacts.first?.slot == 0)
    #expect(tracks[1].frames(units: units).first?.contacts.first?.slot == 1)
}

@Test func incrementalFeedReportsBeginAndEnd() {
    let frames = FrameAssembler.frames(from: twoGestures().events, description: device, units: units)
    var splitter = TrackSplitter()
    var boundaries: [TrackBoundary] = []
    for frame in frames {
        if let b = splitter.feed(frame: frame) { boundaries.append(b) }
    }
    #expect(boundaries == [
        .began(frameIndex: 1, eventIndex: 2),
        .ended(TrackSpan(frameRange: 1..<5, eventRange: 2..<19, maxFingers: 2, endsWithContactsDown: false)),
        .began(frameIndex: 8, eventIndex: 25),
    ])
    #expect(splitter.isInGesture)
    #expect(splitter.finish() == TrackSpan(frameRange: 8..<10, eventRange: 25..<32, maxFingers: 1, endsWithContactsDown: true))
    #expect(!splitter.isInGesture && splitter.finish() == nil)
}

@Test func annotationsGoToTheTrackTheyFollow() {
    let s = twoGestures()
    let finish = TrackAnnotation(expected: .finish), cancel = TrackAnnotation(expected: .cancel)
    let note = TrackAnnotation(note: "second"), early = TrackAnnotation(note: "before any track")
    // Track 1 is events 2..<19, track 2 is 25..<32.
    // 1: before track 1 → nobody. 19: right after track 1 → track 1. 25: still in track 1's
    // window (19...25), but the first mark there wins. 40: after track 2 → track 2.
    let marks: [(eventIndex: Int, annotation: TrackAnnotation)] = [(1, early), (19, finish), (25, cancel), (40, note)]
    let tracks = TrackSplitter.tracks(from: s.events, description: device, units: units, annotations: marks)
    #expect(tracks[0].annotation == finish)
    #expect(tracks[1].annotation == note)
    // Without marks: empty annotations.
    #expect(TrackSplitter.tracks(from: s.events, description: device, units: units).allSatisfy { $0.annotation.isEmpty })
}

@Test func markInsideATrackBelongsToNoTrack() {
    let marks: [(eventIndex: Int, annotation: TrackAnnotation)] = [(10, TrackAnnotation(note: "inside"))]
    let tracks = TrackSplitter.tracks(from: twoGestures().events, description: device, units: units, annotations: marks)
    #expect(tracks.allSatisfy { $0.annotation.isEmpty })
}

@Test func toolKeyAloneStartsATrackOnATouchpad() {
    var s = TestStream()
    s.key(C.BTN_TOOL_FINGER, 1); s.report()                                  // 0…1: finger sensed, no slot data yet
    s.trackingID(1); s.mt(x: 100, y: 100); s.key(C.BTN_TOUCH, 1); s.report() // 2…6
    s.trackingID(-1); s.key(C.BTN_TOUCH, 0); s.key(C.BTN_TOOL_FINGER, 0); s.report()   // 7…10
    let d = TestDevices.touchpadB2
    let tracks = TrackSplitter.tracks(from: s.events, description: d, units: MillimetreConversion(description: d))
    #expect(tracks.count == 1)
    #expect(tracks.first?.sourceEventRange == 0..<11)
}

@Test func emptyStreamHasNoTracks() {
    #expect(TrackSplitter.tracks(from: [], description: device, units: units).isEmpty)
}
