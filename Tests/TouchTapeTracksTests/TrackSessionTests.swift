import TouchTapeTestSupport
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapeTracks

private typealias C = EventCodes
private let device = TestDevices.touchscreenB
private let units = MillimetreConversion(description: device)

/// One gesture (events 0…9), a neutral frame (10…11), a second gesture that never lifts (12…16).
private func stream() -> TestStream {
    var s = TestStream()
    s.trackingID(1); s.mt(x: 100, y: 100); s.key(C.BTN_TOUCH, 1); s.report()          // 0…4   frame 0 down
    s.mt(y: 120); s.report()                                                          // 5…6   frame 1
    s.trackingID(-1); s.key(C.BTN_TOUCH, 0); s.report()                               // 7…9   frame 2 lift
    s.raw(type: EventType.msc.rawValue, code: C.MSC_TIMESTAMP, value: 1); s.report()  // 10…11 frame 3 neutral
    s.trackingID(2); s.mt(x: 300, y: 300); s.key(C.BTN_TOUCH, 1); s.report()          // 12…16 frame 4 down
    return s
}

/// Every step, in order, as a short word: `f0`, `f0+` (began), `f2-` (ended), `cut`, `L1:note`.
private func steps(_ events: [InputEvent], marks: [Int: [String]] = [:]) -> [String] {
    run(events, marks: marks).steps
}

/// The steps and the first misplaced mark. A mark's line is its event index + 1000.
private func run(_ events: [InputEvent], marks: [Int: [String]] = [:]) -> (steps: [String], misplaced: MisplacedMark?) {
    var session = TrackSession(description: device, units: units)
    var out: [String] = []
    func record(_ step: TrackStep) {
        switch step {
        case .frame(let f, .began?): out.append("f\(f.index)+")
        case .frame(let f, .ended?): out.append("f\(f.index)-")
        case .frame(let f, nil): out.append("f\(f.index)")
        case .endedInGesture: out.append("cut")
        case .label(let track, let a): out.append("L\(track):\(a.note ?? "")")
        }
    }
    for (index, event) in events.enumerated() {
        for note in marks[index] ?? [] { session.mark(TrackAnnotation(note: note), line: 1000 + index) }
        session.feed(event, record)
    }
    for note in marks[events.count] ?? [] { session.mark(TrackAnnotation(note: note), line: 1000 + events.count) }
    session.finish(record)
    return (out, session.misplacedMark)
}

@Test func stepsComeInStreamOrderWithOneLabelPerTrack() {
    // Track 1's label is known at track 2's first frame; track 2 (open) is cut at the end.
    #expect(steps(stream().events) == ["f0+", "f1", "f2-", "f3", "L1:", "f4+", "cut", "L2:"])
}

@Test func aMarkBetweenTracksLabelsTheTrackBefore() {
    // After the lift (event 10 = after 10 events) or at the next track's first event (12).
    let both = run(stream().events, marks: [10: ["a"], 12: ["a"]])
    #expect(both.steps == ["f0+", "f1", "f2-", "f3", "L1:a", "f4+", "cut", "L2:"])
    #expect(both.misplaced == nil)   // the same mark twice says one thing
    #expect(steps(stream().events, marks: [12: ["b"]]).contains("L1:b"))
}

@Test func aSecondMarkThatSaysSomethingElseIsMisplaced() {
    // Track 1 takes its first mark; the second, another note, is named with the first.
    let r = run(stream().events, marks: [10: ["a"], 12: ["b"]])
    #expect(r.steps.contains("L1:a"))
    #expect(r.misplaced == MisplacedMark(eventIndex: 12, line: 1012, annotation: TrackAnnotation(note: "b"),
                                         place: .secondMark(track: 1, first: TrackAnnotation(note: "a"), firstLine: 1010)))
    // The last track's window runs to the end.
    #expect(run(stream().events, marks: [17: ["x", "y"]]).misplaced?.place
            == .secondMark(track: 2, first: TrackAnnotation(note: "x"), firstLine: 1017))
}

@Test func marksBeforeTheFirstTrackOrInsideATrackAreNobodysAndMisplaced() {
    let r = run(stream().events, marks: [0: ["before"], 6: ["inside"], 14: ["inside 2"]])
    #expect(r.steps.filter { $0.hasPrefix("L") } == ["L1:", "L2:"])
    // The first one is kept.
    #expect(r.misplaced == MisplacedMark(eventIndex: 0, line: 1000, annotation: TrackAnnotation(note: "before"), place: .beforeFirstTrack))
    // Inside a finished gesture: its events named.
    #expect(run(stream().events, marks: [6: ["inside"]]).misplaced?.place == .insideTrack(1, events: 0..<10))
    // Between the events of the frame that begins a gesture (before its SYN_REPORT): inside it.
    #expect(run(stream().events, marks: [2: ["first frame"]]).misplaced?.place == .insideTrack(1, events: nil))
    #expect(run(stream().events, marks: [14: ["first frame 2"]]).misplaced?.place == .insideTrack(2, events: nil))
    // Inside the gesture the stream ends in, before its last complete frame.
    var s = stream()
    s.mt(y: 330); s.report()                                                          // 17…18 frame 5
    #expect(run(s.events, marks: [18: ["inside open"]]).misplaced?.place == .insideTrack(2, events: 12..<19))
    // A recording with no gesture at all.
    var idle = TestStream()
    idle.raw(type: EventType.msc.rawValue, code: C.MSC_TIMESTAMP, value: 1); idle.report()
    #expect(run(idle.events, marks: [2: ["nobody"]]).misplaced?.place == .beforeFirstTrack)
}

@Test func aMarkAfterTheLastCompleteFrameLabelsTheCutTrack() {
    let r = run(stream().events, marks: [17: ["end"]])
    #expect(r.steps.suffix(2) == ["cut", "L2:end"])
    #expect(r.misplaced == nil)
    // Marks where the recorder and `label` write them are never misplaced.
    #expect(run(stream().events, marks: [10: ["one"], 17: ["two"]]).misplaced == nil)
}

@Test func sessionAgreesWithTheWholeRecordingSplitter() {
    let events = stream().events
    let marks: [(eventIndex: Int, annotation: TrackAnnotation)] = [(10, TrackAnnotation(expected: .finish)), (17, TrackAnnotation(note: "x"))]
    let tracks = TrackSplitter.tracks(from: events, description: device, units: units, annotations: marks)
    #expect(tracks.map(\.sourceEventRange) == [0..<10, 12..<17])
    #expect(tracks.map(\.annotation) == [TrackAnnotation(expected: .finish), TrackAnnotation(note: "x")])
    #expect(tracks[1].endsWithContactsDown)
    // Track 2's initial state holds track 1's slot 0 released, nothing down.
    #expect(tracks[1].frames(units: units).first?.contacts.count == 1)
}

/// The session keeps the last frame and assigns it field by field (`completesFrame(_:)`):
/// every frame it gives must be the assembler's, on a stream whose frames differ in every
/// field (contacts landing, moving and lifting, `BTN_TOUCH`, a `SYN_DROPPED` gap).
@Test func theSessionsFramesAreTheAssemblersFrames() {
    var s = TestStream()
    var state: UInt64 = 0x5EED_F4A3_E5C0_FFEE
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    var down: Set<Int32> = []
    for _ in 0..<400 {
        let slot = Int32(next(3))
        s.slot(slot)
        switch next(6) {
        case 0 where !down.contains(slot):
            s.trackingID(Int32(next(1000))); down.insert(slot)
        case 1 where down.contains(slot):
            s.trackingID(-1); down.remove(slot)
        case 2:
            s.dropped()
        default:
            s.mt(x: Int32(next(1000)), y: Int32(next(2000)))
        }
        s.key(C.BTN_TOUCH, down.isEmpty ? 0 : 1)
        s.advance(ms: 8)
        s.report()
    }
    var session = TrackSession(description: device, units: units)
    var frames: [Frame] = []
    for event in s.events {
        if let frame = session.feed(event).frame { frames.append(frame) }
    }
    let expected = FrameAssembler.frames(from: s.events, description: device, units: units)
    #expect(frames == expected)
    // The stream's frames differ in each field the session assigns.
    #expect(Set(expected.map(\.contacts.count)).count > 2 && expected.contains(where: \.followsGap)
            && expected.contains(where: \.touchKeyDown) && expected.contains { !$0.touchKeyDown })
}
