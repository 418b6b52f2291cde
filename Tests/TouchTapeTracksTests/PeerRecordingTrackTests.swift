import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
@testable import TouchTapeTracks

/// Expected gestures per peer recording, counted independently of this code with a
/// one-off Python script (run once, not part of the tests) that walks the `E:` lines:
/// after each SYN_REPORT it takes the finger count as the largest of (slots whose last
/// ABS_MT_TRACKING_ID was ≥ 0; SYN_MT_REPORT groups in the frame that carried
/// ABS_MT_POSITION_X/Y, counted only while BTN_TOUCH is held; on touchpads the held
/// BTN_TOOL_* count), calls a frame "down" when that is > 0 or BTN_TOUCH is held, and
/// counts runs of down frames. It also reported whether the file ends while down.
/// Its output:
///   EP0430M09 …2-finger-scroll-down            frames 98,  gestures 1, max fingers 2
///   Atmel …4-finger-drag-down                  frames 31,  gestures 1, max fingers 4
///   Atmel …1-finger-drag-up-down               frames 150, gestures 1, max fingers 1
///   dell_canvas_touch                          frames 450, gestures 4, max fingers 5
///   SynPS2 …two-finger-scroll-horizontal       frames 150, gestures 2, max fingers 2, ends down
///   N-Trig …1-finger-drag-NW-SE                frames 107, gestures 1, max fingers 1
///   bcm5974                                    frames 638, gestures 5, max fingers 4
/// (bcm5974 looked like one 9 s gesture until BTN_TOUCH was taken into account: its
/// driver keeps reporting lifted fingers with size 0; the N-Trig screen holds
/// BTN_TOOL_DOUBLETAP for one finger, so tool keys count on touchpads only.)
struct PeerExpectation: Sendable, CustomTestStringConvertible {
    var file: String
    var frames: Int
    var tracks: Int
    var maxFingers: Int
    var lastEndsDown: Bool
    var testDescription: String { file }
}

private let expectations = [
    PeerExpectation(file: "EP0430M09.2-finger-scroll-down.events", frames: 98, tracks: 1, maxFingers: 2, lastEndsDown: false),
    PeerExpectation(file: "Atmel maXTouch Touchscreen.4-finger-drag-down.events", frames: 31, tracks: 1, maxFingers: 4, lastEndsDown: false),
    PeerExpectation(file: "Atmel maXTouch Touchscreen.1-finger-drag-up-down.events", frames: 150, tracks: 1, maxFingers: 1, lastEndsDown: false),
    PeerExpectation(file: "dell_canvas_touch.evemu", frames: 450, tracks: 4, maxFingers: 5, lastEndsDown: false),
    PeerExpectation(file: "SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-horizontal.events", frames: 150, tracks: 2, maxFingers: 2, lastEndsDown: true),
    PeerExpectation(file: "N-Trig MultiTouch.1-finger-drag-NW-SE.events", frames: 107, tracks: 1, maxFingers: 1, lastEndsDown: false),
    PeerExpectation(file: "bcm5974.event", frames: 638, tracks: 5, maxFingers: 4, lastEndsDown: false),
]

@Test(arguments: expectations)
func peerRecordingTrackCounts(_ e: PeerExpectation) throws {
    let recording = try PeerEvents.recording(e.file)
    let units = MillimetreConversion(description: recording.description)
    let frames = FrameAssembler.frames(from: recording.events, description: recording.description, units: units)
    #expect(frames.count == e.frames)
    let tracks = TrackSplitter.tracks(from: recording.events, description: recording.description, units: units)
    #expect(tracks.count == e.tracks)
    #expect(tracks.map(\.maxFingers).max() == e.maxFingers)
    #expect(tracks.last?.endsWithContactsDown == e.lastEndsDown)
    #expect(tracks.dropLast().allSatisfy { !$0.endsWithContactsDown })
    #expect(tracks.map(\.number) == Array(1...e.tracks))
    // Every track, replayed alone from its initial state, gives the frames the whole stream gave.
    for track in tracks {
        #expect(track.frames(units: units) == Array(frames[track.sourceFrameRange]), "track \(track.number)")
        #expect(track.events == Array(recording.events[track.sourceEventRange]))
    }
}

@Test func synapticsTwoSlotPadCountsFromToolKeys() throws {
    // The hp8470p pad has 2 slots and BTN_TOOL_FINGER/DOUBLETAP; its first frame puts
    // tracking ids 2257 (slot 0, X 1972) and 2258 (slot 1, X 2650) down with DOUBLETAP.
    let recording = try PeerEvents.recording("SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-horizontal.events")
    let units = MillimetreConversion(description: recording.description)
    let first = try #require(FrameAssembler.frames(from: recording.events, description: recording.description, units: units).first)
    #expect(first.contacts.map(\.id) == [2257, 2258])
    #expect(first.contacts.map(\.rawX) == [1972, 2650])
    #expect(first.fingerCount == 2)
    // No resolution in its format-1.0 description: X 1472…5728 (4256) is longer than Y 1408…4916 (3508),
    // so 42.56 units/mm is assumed.
    #expect(units.isAssumed && units.assumption == "resolution not reported; assumed 42.56 units/mm (longer axis = 100 mm)")
}

@Test func nTrigProtocolAKeepsOneIdForOneFinger() throws {
    // One finger dragged NW→SE, ≈ 9164 units over 106 frames (≈ 86 units a frame) with
    // an assumed 96 units/mm (9600 / 100 mm): < 1 mm a frame, far inside the 30 mm
    // matching limit, so every frame's contact keeps the first id, 0.
    let recording = try PeerEvents.recording("N-Trig MultiTouch.1-finger-drag-NW-SE.events")
    let units = MillimetreConversion(description: recording.description)
    let frames = FrameAssembler.frames(from: recording.events, description: recording.description, units: units)
    let touching = frames.filter { !$0.contacts.isEmpty }
    #expect(touching.count == 106)
    #expect(touching.allSatisfy { $0.contacts.map(\.id) == [0] })
    #expect(frames.allSatisfy { $0.fingerCount == $0.contacts.count })
}

@Test func bcm5974ContactsAgreeWithToolKeys() throws {
    // The same one-off script found that, while BTN_TOUCH is held, the groups with a
    // non-zero ABS_MT_TOUCH_MAJOR always number what the BTN_TOOL_* key says.
    let recording = try PeerEvents.recording("bcm5974.event")
    let units = MillimetreConversion(description: recording.description)
    var assembler = FrameAssembler(description: recording.description, units: units)
    var touching = 0, disagreeing = 0
    for (index, event) in recording.events.enumerated() {
        guard let frame = assembler.feed(event, index: index), frame.touchKeyDown else { continue }
        touching += 1
        if frame.contacts.count != assembler.state.toolFingerCount { disagreeing += 1 }
    }
    #expect(touching > 0)
    #expect(disagreeing == 0)
}

@Test func dellCanvasReportsItsResolution() throws {
    // A: 35 0 32767 … 55 and A: 36 0 32767 … 98: reported, nothing assumed.
    let recording = try PeerEvents.recording("dell_canvas_touch.evemu")
    let units = MillimetreConversion(description: recording.description)
    #expect(!units.isAssumed && units.unitsPerMillimetreX == 55 && units.unitsPerMillimetreY == 98)
}
