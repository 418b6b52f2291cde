import Testing
import TouchTapeEvents
import TouchTapeDevice

@Suite struct GestureSpansTests {
    typealias C = EventCodes

    /// Two touches with an idle frame between: spans run from the touch-down frame's first
    /// event to the lift frame's SYN_REPORT; the idle frame (indices 6–7) is in neither.
    @Test func splitsAtLiftsAndSkipsIdleFrames() {
        let events = [
            ev(0, .abs, C.ABS_MT_TRACKING_ID, 1), syn(0),          // 0-1 down
            ev(1, .abs, C.ABS_MT_POSITION_X, 3), syn(1),           // 2-3 move
            ev(2, .abs, C.ABS_MT_TRACKING_ID, -1), syn(2),         // 4-5 lift
            ev(3, .abs, C.ABS_X, 9), syn(3),                       // 6-7 idle
            ev(4, .abs, C.ABS_MT_TRACKING_ID, 2), syn(4),          // 8-9 down, never lifts
        ]
        #expect(GestureSpans.split(events, touchProtocol: .multitouchB(slots: 2)) == [0..<6, 8..<10])
    }
}
