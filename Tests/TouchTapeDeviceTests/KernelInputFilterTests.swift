import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeDevice

@Suite struct KernelInputFilterTests {
    typealias C = EventCodes

    /// The recipe's touchscreen pan, reduced: the first ABS_MT_SLOT 0 is held back
    /// (slot 0 is already current), an unchanged Y is dropped, an empty frame is dropped.
    @Test func dropsRepeatsEmptyFramesAndCurrentSlot() {
        let written = [
            ev(0, .abs, C.ABS_MT_SLOT, 0), ev(0, .abs, C.ABS_MT_TRACKING_ID, 1),
            ev(0, .abs, C.ABS_MT_POSITION_X, 400), ev(0, .abs, C.ABS_MT_POSITION_Y, 500),
            ev(0, .key, C.BTN_TOUCH, 1), syn(0),
            ev(5000, .abs, C.ABS_MT_POSITION_X, 420), ev(5000, .abs, C.ABS_MT_POSITION_Y, 500), syn(5000),
            syn(10000),
        ]
        let got = KernelInputFilter.filter(written, description: touchscreenB())
        // Frame 1 keeps TRACKING_ID, X, Y, BTN_TOUCH (slot 0 staged, not sent) + SYN: 5.
        // Frame 2 keeps only X 420 + SYN: Y equals its current 500. Frame 3 is empty: gone.
        #expect(triples(got) == [
            "ABS_MT_TRACKING_ID 1", "ABS_MT_POSITION_X 400", "ABS_MT_POSITION_Y 500", "BTN_TOUCH 1", "SYN_REPORT 0",
            "ABS_MT_POSITION_X 420", "SYN_REPORT 0",
        ])
    }

    /// ABS_MT_SLOT reaches readers only before an MT value that changes in another slot.
    @Test func sendsSlotOnlyWhenAValueInThatSlotChanges() {
        let written = [
            ev(0, .abs, C.ABS_MT_SLOT, 1), ev(0, .abs, C.ABS_MT_TRACKING_ID, 7), syn(0),
            // slot 1 selected again but only an unchanged value: nothing, not even the slot
            ev(1, .abs, C.ABS_MT_SLOT, 0), ev(1, .abs, C.ABS_MT_TRACKING_ID, -1),
            ev(1, .abs, C.ABS_MT_SLOT, 1), ev(1, .abs, C.ABS_MT_POSITION_X, 9), syn(1),
        ]
        let got = KernelInputFilter.filter(written, description: touchscreenB())
        // Frame 1: slot 1 differs from the last sent (0) → SLOT 1, TRACKING_ID 7.
        // Frame 2: slot 0's TRACKING_ID is already -1 (initial) → dropped, no SLOT 0;
        // slot 1's X 0 → 9 changes, slot 1 is the last sent → no SLOT event.
        #expect(triples(got) == [
            "ABS_MT_SLOT 1", "ABS_MT_TRACKING_ID 7", "SYN_REPORT 0",
            "ABS_MT_POSITION_X 9", "SYN_REPORT 0",
        ])
    }

    /// Protocol A values bypass the filter; SYN_MT_REPORT alone makes a frame non-empty.
    @Test func protocolAPassesRepeatedValues() {
        let written = [
            ev(0, .abs, C.ABS_MT_POSITION_X, 5), mtReport(0), syn(0),
            ev(1, .abs, C.ABS_MT_POSITION_X, 5), mtReport(1), syn(1),
            mtReport(2), syn(2),
        ]
        let got = KernelInputFilter.filter(written, description: touchscreenA())
        #expect(triples(got) == [
            "ABS_MT_POSITION_X 5", "SYN_MT_REPORT 0", "SYN_REPORT 0",
            "ABS_MT_POSITION_X 5", "SYN_MT_REPORT 0", "SYN_REPORT 0",
            "SYN_MT_REPORT 0", "SYN_REPORT 0",
        ])
    }

    /// Unsupported codes and a recorded SYN_DROPPED never reach readers; keys pass on change only.
    @Test func dropsUnsupportedCodesSynDroppedAndUnchangedKeys() {
        let written = [
            ev(0, .key, C.BTN_LEFT, 1),                  // not declared by the device
            ev(0, .syn, C.SYN_DROPPED, 0),
            ev(0, .key, C.BTN_TOUCH, 1), syn(0),
            ev(1, .key, C.BTN_TOUCH, 1), syn(1),          // unchanged: empty frame → dropped
        ]
        let got = KernelInputFilter.filter(written, description: touchscreenB())
        #expect(triples(got) == ["BTN_TOUCH 1", "SYN_REPORT 0"])
    }

    /// input_defuzz_abs_event with fuzz 8, old 100: |d| < 4 → old; < 8 → (3·old+v)/4;
    /// < 16 → (old+v)/2; else v.
    @Test func defuzzMatchesTheKernelFormula() {
        #expect(KernelInputFilter.defuzz(103, old: 100, fuzz: 8) == 100)
        #expect(KernelInputFilter.defuzz(106, old: 100, fuzz: 8) == 101)   // (300+106)/4 = 101.5 → 101
        #expect(KernelInputFilter.defuzz(110, old: 100, fuzz: 8) == 105)   // (100+110)/2
        #expect(KernelInputFilter.defuzz(116, old: 100, fuzz: 8) == 116)
        #expect(KernelInputFilter.defuzz(3, old: 100, fuzz: 0) == 3)
    }

    /// Every output event carries the time of the SYN_REPORT that flushed its frame.
    @Test func outputTakesTheFrameTime() {
        let written = [ev(10, .abs, C.ABS_X, 3), ev(20, .abs, C.ABS_Y, 4), syn(30)]
        let got = KernelInputFilter.filter(written, description: touchscreenB())
        #expect(got.map(\.time.totalMicroseconds) == [30, 30, 30])
    }

    /// input_estimate_events_per_packet for the 10-slot screen: slots 10 + 1, then per abs
    /// code: ABS_X 1, ABS_Y 1, MT_SLOT 10, MT_X 10, MT_Y 10, TRACKING_ID 10 = 42, + 7 keys/msc
    /// = 60; max_vals = 62.
    @Test func frameBufferSizeFollowsTheKernelEstimate() {
        #expect(KernelInputFilter(description: touchscreenB()).maximumValuesPerFrame == 62)
        // protocol A without tracking id: 2 "slots": 3 + 1 + 1 + 2 + 2 + 7 = 16, raised to 60 by uinput.
        #expect(KernelInputFilter(description: touchscreenA()).maximumValuesPerFrame == 62)
    }
}
