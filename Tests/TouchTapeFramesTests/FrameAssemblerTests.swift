import TouchTapeTestSupport
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFrames

private typealias C = EventCodes

private func frames(_ s: TestStream, _ d: DeviceDescription) -> [Frame] {
    FrameAssembler.frames(from: s.events, description: d, units: MillimetreConversion(description: d))
}

/// (id, x mm, y mm) triples of a frame, for compact expectations.
private func summary(_ f: Frame) -> [[Double]] {
    f.contacts.map { [Double($0.id), $0.position.x, $0.position.y] }
}

@Test func protocolBSlotLifecycleWithOmittedFirstSlot() {
    var s = TestStream()
    // Frame 0: no ABS_MT_SLOT at all: slot 0 is current from the start (kernel default).
    s.trackingID(5); s.mt(x: 100, y: 200); s.key(C.BTN_TOUCH, 1); s.report()      // events 0…4
    // Frame 1: a second finger in slot 1; slot 0 is not re-sent and must persist.
    s.slot(1); s.trackingID(6); s.mt(x: 300, y: 400); s.report()                  // events 5…9
    // Frame 2: slot 1 is still selected, so this X belongs to contact 6.
    s.mt(x: 310); s.report()                                                      // events 10…11
    // Frame 3: contact 5 lifts.
    s.slot(0); s.trackingID(-1); s.report()                                       // events 12…14
    // Frame 4: contact 6 lifts, BTN_TOUCH up.
    s.slot(1); s.trackingID(-1); s.key(C.BTN_TOUCH, 0); s.report()                // events 15…18
    let f = frames(s, TestDevices.touchscreenB)
    #expect(f.count == 5)
    // Resolution 10 units/mm: raw 100 → 10 mm etc.
    #expect(summary(f[0]) == [[5, 10, 20]])
    #expect(f[0].contacts.first?.slot == 0)
    #expect(summary(f[1]) == [[5, 10, 20], [6, 30, 40]])
    #expect(f[1].contacts.last?.slot == 1)
    #expect(summary(f[2]) == [[5, 10, 20], [6, 31, 40]])
    #expect(summary(f[3]) == [[6, 31, 40]])
    #expect(f[4].contacts.isEmpty && f[4].fingerCount == 0 && f[4].isNeutral && !f[4].hasTouch)
    #expect(f.map(\.fingerCount) == [1, 2, 2, 1, 0])
    #expect(f.map(\.eventRange) == [0..<5, 5..<10, 10..<12, 12..<15, 15..<19])
    #expect(f.map(\.index) == [0, 1, 2, 3, 4])
    #expect(f[0].touchKeyDown && !f[4].touchKeyDown)
    #expect(f.allSatisfy { !$0.followsGap })
}

@Test func multitouchDevicesIgnoreTheirAbsXYEmulation() {
    var s = TestStream()
    s.trackingID(1); s.mt(x: 100, y: 100); s.key(C.BTN_TOUCH, 1)
    s.abs(C.ABS_X, 900); s.abs(C.ABS_Y, 400); s.report()
    let f = frames(s, TestDevices.touchscreenB)
    // The contact is at the MT position (10, 10) mm, not at ABS_X/Y (90, 40) mm.
    #expect(summary(f[0]) == [[1, 10, 10]])
}

@Test func initialStateCarriesSlotSelectionAndContents() {
    // A stream cut after slot 1 was selected with contact 8 in slot 0.
    let state = TouchState(currentSlot: 1, slots: [0: SlotState(trackingID: 8, x: 100, y: 100)], keysDown: [C.BTN_TOUCH])
    var s = TestStream()
    s.trackingID(9); s.mt(x: 500, y: 300); s.report()   // goes to slot 1, no ABS_MT_SLOT sent
    let d = TestDevices.touchscreenB
    var assembler = FrameAssembler(description: d, units: MillimetreConversion(description: d), initialState: state, firstFrameIndex: 7)
    let f = s.events.enumerated().compactMap { assembler.feed($1, index: 40 + $0) }
    #expect(f.count == 1)
    #expect(summary(f[0]) == [[8, 10, 10], [9, 50, 30]])
    #expect(f[0].contacts.map(\.slot) == [0, 1])
    #expect(f[0].index == 7 && f[0].eventRange == 40..<44)
    #expect(assembler.state.currentSlot == 1 && assembler.state.activeSlots == [0, 1])
}

@Test func protocolAGivesStableIdsByNearestNeighbour() {
    var s = TestStream()
    s.key(C.BTN_TOUCH, 1)
    // Frame 0: two contacts, at (10,10) mm and (50,10) mm → ids 0, 1 in report order.
    s.mt(x: 100, y: 100); s.mtReport(); s.mt(x: 500, y: 100); s.mtReport(); s.report()
    // Frame 1: reported in the other order, each moved 2 mm: ids follow proximity.
    s.mt(x: 520, y: 100); s.mtReport(); s.mt(x: 120, y: 100); s.mtReport(); s.report()
    // Frame 2: the finger at 52 mm lifted; a new one landed at (90,40) mm, 38+ mm from
    // both previous contacts (> 30 mm limit) → new id 2; the (12,10) one stays id 0.
    s.mt(x: 900, y: 400); s.mtReport(); s.mt(x: 125, y: 100); s.mtReport(); s.report()
    // Frame 3: empty SYN_MT_REPORT + SYN_REPORT = nothing down (BTN_TOUCH stays 1 here).
    s.mtReport(); s.report()
    // Frame 4: a touch at the old place of id 0 gets a fresh id 3: nothing to match after an empty frame.
    s.mt(x: 125, y: 100); s.mtReport(); s.report()
    let f = frames(s, TestDevices.touchscreenA)
    #expect(f.count == 5)
    #expect(summary(f[0]) == [[0, 10, 10], [1, 50, 10]])
    #expect(summary(f[1]) == [[0, 12, 10], [1, 52, 10]])
    #expect(summary(f[2]) == [[0, 12.5, 10], [2, 90, 40]])
    #expect(f[3].contacts.isEmpty && f[3].fingerCount == 0)
    #expect(summary(f[4]) == [[3, 12.5, 10]])
    #expect(f.allSatisfy { $0.contacts.allSatisfy { $0.slot == nil } })
}

@Test func protocolABareSynReportMeansNoContacts() {
    var s = TestStream()
    s.mt(x: 100, y: 100); s.mtReport(); s.report()
    s.raw(type: EventType.msc.rawValue, code: C.MSC_TIMESTAMP, value: 1000); s.report()   // no MT report at all
    let f = frames(s, TestDevices.bareA)
    #expect(f.map(\.fingerCount) == [1, 0])
}

@Test func protocolAButtonTouchUpLiftsAllAndSizeZeroIsNoContact() {
    var s = TestStream()
    s.key(C.BTN_TOUCH, 1)
    // A real contact, and a size-0 report (a lifted finger the bcm5974 driver still reports).
    s.abs(C.ABS_MT_TOUCH_MAJOR, 40); s.mt(x: 100, y: 100); s.mtReport()
    s.abs(C.ABS_MT_TOUCH_MAJOR, 0); s.mt(x: 700, y: 100); s.mtReport(); s.report()
    // BTN_TOUCH 0 while the device still reports a positioned contact: nothing down.
    s.key(C.BTN_TOUCH, 0); s.abs(C.ABS_MT_TOUCH_MAJOR, 30); s.mt(x: 100, y: 100); s.mtReport(); s.report()
    let f = frames(s, TestDevices.touchscreenA)
    #expect(summary(f[0]) == [[0, 10, 10]])
    #expect(f[1].contacts.isEmpty && !f[1].hasTouch)
}

@Test func singleTouchFollowsButtonTouch() {
    var s = TestStream()
    s.abs(C.ABS_X, 300); s.abs(C.ABS_Y, 50); s.report()             // hovering: no BTN_TOUCH
    s.key(C.BTN_TOUCH, 1); s.abs(C.ABS_X, 350); s.report()          // down at X 350, Y 50 (kept)
    s.abs(C.ABS_Y, 70); s.report()
    s.key(C.BTN_TOUCH, 0); s.report()
    let f = frames(s, TestDevices.singleTouch)
    // X minimum is 100: raw 350 → (350 − 100) / 10 = 25 mm; Y 50 → 5 mm, 70 → 7 mm.
    #expect(f[0].contacts.isEmpty)
    #expect(summary(f[1]) == [[0, 25, 5]])
    #expect(summary(f[2]) == [[0, 25, 7]])
    #expect(f[3].contacts.isEmpty)
    #expect(f.map(\.fingerCount) == [0, 1, 1, 0])
}

@Test func tripleTapOnTwoSlotPadCountsThreeFingers() {
    var s = TestStream()
    s.trackingID(1); s.mt(x: 100, y: 100); s.slot(1); s.trackingID(2); s.mt(x: 200, y: 100)
    s.key(C.BTN_TOUCH, 1); s.key(C.BTN_TOOL_DOUBLETAP, 1); s.report()
    // A third finger: the pad has only 2 slots, it switches the tool key to TRIPLETAP.
    s.key(C.BTN_TOOL_DOUBLETAP, 0); s.key(C.BTN_TOOL_TRIPLETAP, 1); s.report()
    let f = frames(s, TestDevices.touchpadB2)
    #expect(f[0].contacts.count == 2 && f[0].fingerCount == 2)
    #expect(f[1].contacts.count == 2 && f[1].fingerCount == 3)
}

@Test func toolKeysOnTouchscreensAreNotFingerCounts() {
    // N-Trig holds BTN_TOOL_DOUBLETAP for any single touch; on a touchscreen the contacts count.
    var s = TestStream()
    s.key(C.BTN_TOUCH, 1); s.key(C.BTN_TOOL_DOUBLETAP, 1); s.mt(x: 100, y: 100); s.mtReport(); s.report()
    let f = frames(s, TestDevices.touchscreenA)
    #expect(f[0].fingerCount == 1)
}

@Test func synDroppedDiscardsUpToAndIncludingNextReport() {
    var s = TestStream()
    s.trackingID(3); s.mt(x: 100, y: 100); s.key(C.BTN_TOUCH, 1); s.report()   // events 0…4, frame 0
    s.mt(x: 150)                                                               // 5: partial frame, lost
    s.dropped()                                                                // 6
    s.mt(x: 999); s.slot(2); s.trackingID(-1)                                  // 7…9: discarded
    s.report()                                                                 // 10: ends the discarded window, no frame
    s.mt(y: 300); s.report()                                                   // 11…12: frame 1, after the gap
    s.mt(y: 310); s.report()                                                   // 13…14: frame 2
    let f = frames(s, TestDevices.touchscreenB)
    #expect(f.count == 3)
    // X stays at the last value before the gap (100 → 10 mm): 150 and 999 were discarded;
    // slot 2 was never selected, so the Y update still goes to slot 0.
    #expect(summary(f[1]) == [[3, 10, 30]])
    #expect(f[1].followsGap && !f[0].followsGap && !f[2].followsGap)
    #expect(f[1].index == 1 && f[1].eventRange == 5..<13)
    #expect(summary(f[2]) == [[3, 10, 31]])
}

@Test func unknownCodesPassWithoutEffect() {
    var s = TestStream()
    s.trackingID(4); s.mt(x: 100, y: 100); s.key(C.BTN_TOUCH, 1)
    s.abs(0x3e, 77)                                             // an ABS code without a name here
    s.raw(type: 0x1e, code: 0x05, value: 1)                     // an unknown event type
    s.raw(type: EventType.msc.rawValue, code: C.MSC_TIMESTAMP, value: 8000)
    s.report()
    s.raw(type: EventType.msc.rawValue, code: C.MSC_TIMESTAMP, value: 16000); s.report()   // timestamp-only frame
    let f = frames(s, TestDevices.touchscreenB)
    #expect(f.count == 2)
    #expect(summary(f[0]) == [[4, 10, 10]] && summary(f[1]) == [[4, 10, 10]])
    #expect(f[0].eventRange == 0..<8)
}

@Test func centroidFollowsAFingerJoining() {
    var s = TestStream()
    s.trackingID(1); s.mt(x: 100, y: 200); s.report()
    s.slot(1); s.trackingID(2); s.mt(x: 300, y: 400); s.report()
    let f = frames(s, TestDevices.touchscreenB)
    // One finger at (10, 20) mm; then (10,20) and (30,40): mean (20, 30).
    #expect(f[0].centroid == Vector2(x: 10, y: 20))
    #expect(f[1].centroid == Vector2(x: 20, y: 30))
}

@Test func frameTimesAreTheirSynReportTimes() {
    var s = TestStream()   // clock starts at 1.000000 and moves 10 ms per report
    s.trackingID(1); s.mt(x: 100, y: 100); s.report()
    s.mt(x: 110); s.report()
    let f = frames(s, TestDevices.touchscreenB)
    #expect(f.map(\.time) == [EventTime(seconds: 1, microseconds: 0), EventTime(seconds: 1, microseconds: 10_000)])
}

/// Found by `tools/fuzz frames` (kept as `Tests/FuzzCorpus/frames/crash-1c17d501…`).
@Suite struct FrameAssemblerFuzzRegressionTests {
    /// Two slots holding the same tracking id (a broken stream): the order of the contacts
    /// came from the slot dictionary, which differs between instances, so a track replayed
    /// alone could disagree with the whole stream. Ties are now broken by slot.
    @Test func contactsWithTheSameIDAreOrderedBySlot() {
        var s = TestStream()
        for slot in [3, 1, 0] {
            s.slot(Int32(slot)); s.trackingID(slot == 0 ? 0 : 2); s.mt(x: Int32(100 * slot), y: 10)
        }
        s.report()
        let frames = FrameAssembler.frames(from: s.events, description: TestDevices.touchscreenB,
                                           units: MillimetreConversion(description: TestDevices.touchscreenB))
        #expect(frames.first?.contacts.map(\.slot) == [0, 1, 3])
    }
}

// Issue 21: bounded work per event. A hostile file used 200 000 slots (40 s: every frame
// walked every slot) and a description may claim 2^31; protocol A frames may report any
// number of contacts, and matching them costs the product of two frames' counts.

@Test func aSlotOutsideTheDevicesRangeSelectsNothing() {
    var s = TestStream()
    s.slot(0); s.trackingID(1); s.mt(x: 100, y: 100); s.key(C.BTN_TOUCH, 1); s.report()
    // TestDevices.touchscreenB has slots 0…4: slot 7 and slot 2^31-1 are not its.
    s.slot(7); s.trackingID(2); s.mt(x: 300, y: 300)
    s.slot(Int32.max); s.trackingID(3); s.mt(x: 500, y: 400); s.report()
    // A valid slot again is followed.
    s.slot(4); s.trackingID(4); s.mt(x: 200, y: 200); s.report()
    let f = frames(s, TestDevices.touchscreenB)
    #expect(f.map { $0.contacts.map(\.id) } == [[1], [1], [1, 4]])
}

@Test func aDescriptionClaimingBillionsOfSlotsIsHeldToTheSaneMaximum() {
    var huge = TestDevices.touchscreenB
    huge.absInfo[C.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: Int32.max)
    var s = TestStream()
    for slot in [0, Int32(FrameAssembler.maximumSlots - 1), Int32(FrameAssembler.maximumSlots), 1_000_000] {
        s.slot(slot); s.trackingID(slot + 1); s.mt(x: 100, y: 100)
    }
    s.key(C.BTN_TOUCH, 1); s.report()
    let f = frames(s, huge)
    #expect(f.first?.contacts.map(\.slot) == [0, FrameAssembler.maximumSlots - 1])
}

@Test func aProtocolAFrameKeepsAtMostTheMaximumContacts() {
    var s = TestStream()
    s.key(C.BTN_TOUCH, 1)
    for i in 0..<1000 { s.abs(C.ABS_MT_TOUCH_MAJOR, 5); s.mt(x: Int32(i % 1000), y: Int32(i % 500)); s.mtReport() }
    s.report()
    let f = frames(s, TestDevices.touchscreenA)
    #expect(f.first?.contacts.count == FrameAssembler.maximumAnonymousContacts)
}
