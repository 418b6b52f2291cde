import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapeTracks
import TouchTapeDevice

@Suite struct StandaloneTrackTests {
    typealias C = EventCodes

    /// Gesture 1 uses slot 1 (selected explicitly) and lifts; gesture 2 touches down in
    /// slot 1 again WITHOUT an ABS_MT_SLOT (still selected, so the kernel sends none).
    var stream: [InputEvent] {
        [ev(0, .abs, C.ABS_MT_SLOT, 1), ev(0, .abs, C.ABS_MT_TRACKING_ID, 5), ev(0, .abs, C.ABS_MT_POSITION_X, 10),
         ev(0, .abs, C.ABS_MT_POSITION_Y, 10), ev(0, .key, C.BTN_TOUCH, 1), syn(0),
         ev(10_000, .abs, C.ABS_MT_TRACKING_ID, -1), ev(10_000, .key, C.BTN_TOUCH, 0), syn(10_000),
         ev(500_000, .abs, C.ABS_MT_TRACKING_ID, 6), ev(500_000, .abs, C.ABS_MT_POSITION_X, 20),
         ev(500_000, .abs, C.ABS_MT_POSITION_Y, 20), ev(500_000, .key, C.BTN_TOUCH, 1), syn(500_000),
         ev(510_000, .abs, C.ABS_MT_TRACKING_ID, -1), ev(510_000, .key, C.BTN_TOUCH, 0), syn(510_000)]
    }

    func tracks() -> [Track] {
        let d = touchscreenB()
        return TrackSplitter.tracks(from: stream, description: d, units: MillimetreConversion(description: d))
    }

    @Test func aTrackThatReliesOnTheSelectedSlotGetsItsSlotFirst() throws {
        let all = tracks()
        try #require(all.count == 2)
        let played = StandaloneTrack.events(all[1])
        // Track 1 is 6 + 3 events (0..<9); track 2 is 5 + 3 events (9..<17), plus ABS_MT_SLOT 1 at its first time, 0.5 s.
        #expect(played.count == 9)
        #expect(played.first == ev(500_000, .abs, C.ABS_MT_SLOT, 1))
        #expect(Array(played.dropFirst()) == Array(stream[9...]))
    }

    @Test func aTrackThatSelectsItsSlotIsLeftAlone() throws {
        let all = tracks()
        try #require(all.count == 2)
        // Track 1 starts at the very beginning (slot 0 selected before it) and selects slot 1 itself.
        #expect(StandaloneTrack.events(all[0]) == Array(stream[0..<9]))
    }
}
