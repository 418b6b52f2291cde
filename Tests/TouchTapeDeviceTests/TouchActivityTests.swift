import Testing
import TouchTapeEvents
import TouchTapeDevice

@Suite struct TouchActivityTests {
    typealias C = EventCodes

    /// Finger counts after each SYN_REPORT of a stream; nil-returning events are skipped.
    func counts(_ events: [InputEvent], _ p: TouchProtocol) -> [Int] {
        var activity = TouchActivity(touchProtocol: p)
        return events.compactMap { activity.feed($0) }
    }

    @Test func protocolBCountsSlotsWithTrackingIds() {
        let events = [
            ev(0, .abs, C.ABS_MT_TRACKING_ID, 1), syn(0),                       // slot 0 down: 1
            ev(1, .abs, C.ABS_MT_SLOT, 1), ev(1, .abs, C.ABS_MT_TRACKING_ID, 2), syn(1), // + slot 1: 2
            ev(2, .abs, C.ABS_MT_SLOT, 0), ev(2, .abs, C.ABS_MT_TRACKING_ID, -1), syn(2), // slot 0 up: 1
            ev(3, .abs, C.ABS_MT_SLOT, 1), ev(3, .abs, C.ABS_MT_TRACKING_ID, -1), syn(3), // all up: 0
        ]
        #expect(counts(events, .multitouchB(slots: 10)) == [1, 2, 1, 0])
    }

    /// A touchpad with 2 slots reports 3 fingers through BTN_TOOL_TRIPLETAP.
    @Test func toolKeysCountFingersBeyondSlots() {
        let events = [
            ev(0, .abs, C.ABS_MT_TRACKING_ID, 1), ev(0, .abs, C.ABS_MT_SLOT, 1), ev(0, .abs, C.ABS_MT_TRACKING_ID, 2),
            ev(0, .key, C.BTN_TOOL_TRIPLETAP, 1), syn(0),
            ev(1, .abs, C.ABS_MT_TRACKING_ID, -1), ev(1, .abs, C.ABS_MT_SLOT, 0), ev(1, .abs, C.ABS_MT_TRACKING_ID, -1),
            ev(1, .key, C.BTN_TOOL_TRIPLETAP, 0), syn(1),
        ]
        #expect(counts(events, .multitouchB(slots: 2)) == [3, 0])
    }

    /// Protocol A: contacts are the SYN_MT_REPORTs carrying data; an empty one is no contact.
    /// A tracking id in protocol A must not count as a slot that stays down.
    @Test func protocolACountsReportedContactsPerFrame() {
        let events = [
            ev(0, .abs, C.ABS_MT_TRACKING_ID, 4), ev(0, .abs, C.ABS_MT_POSITION_X, 1), mtReport(0),
            ev(0, .abs, C.ABS_MT_POSITION_X, 2), mtReport(0), syn(0),
            mtReport(1), syn(1),
        ]
        #expect(counts(events, .multitouchA) == [2, 0])
    }

    @Test func singleTouchFollowsBtnTouch() {
        let events = [ev(0, .key, C.BTN_TOUCH, 1), ev(0, .abs, C.ABS_X, 5), syn(0), ev(1, .abs, C.ABS_X, 6), syn(1),
                      ev(2, .key, C.BTN_TOUCH, 0), syn(2)]
        #expect(counts(events, .singleTouch) == [1, 1, 0])
    }
}
