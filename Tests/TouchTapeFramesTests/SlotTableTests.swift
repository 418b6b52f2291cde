import Testing
@testable import TouchTapeFrames

/// Issue 26: the protocol-B slots as an array (``SlotTable``), read as the dictionary was.
@Suite struct SlotTableTests {
    @Test func aSlotNeverWrittenIsEmpty() {
        var t = SlotTable()
        #expect(t[0] == SlotState() && t[255] == SlotState() && t.count == 0)
        t[3].trackingID = 12
        #expect(t.count == 4 && t[3] == SlotState(trackingID: 12) && t[1] == SlotState())
        t.update(5) { $0.x = 100 }
        #expect(t.count == 6 && t[5].x == 100 && !t[5].isActive)
        #expect(t.activeSlots == [3] && t.activeCount == 1)
    }

    @Test func activeSlotsAscendWhateverTheWriteOrder() {
        var t = SlotTable()
        for slot in [7, 2, 9, 0] { t[slot] = SlotState(trackingID: Int32(slot + 100), x: 1, y: 2) }
        t[2].trackingID = -1
        #expect(t.activeSlots == [0, 7, 9])
        var seen: [Int] = []
        t.forEachActive { slot, state in seen.append(slot); #expect(state.trackingID == Int32(slot + 100)) }
        #expect(seen == [0, 7, 9])
    }

    @Test func equalWhenEverySlotReadsTheSame() {
        var a = SlotTable(), b: SlotTable = [1: SlotState(trackingID: 4, x: 10, y: nil)]
        a[1] = SlotState(trackingID: 4, x: 10)
        a[6] = SlotState()          // written, but reads as never written
        #expect(a == b && a.hashValue == b.hashValue)
        b[6].y = 3
        #expect(a != b)
        #expect(SlotTable([0: SlotState(trackingID: 1)]) == [0: SlotState(trackingID: 1)])
    }

    @Test func assignCopiesAndLeavesTheSourceAlone() {
        var source: SlotTable = [0: SlotState(trackingID: 1, x: 5, y: 6), 4: SlotState(trackingID: 2)]
        var target: SlotTable = [7: SlotState(trackingID: 9)]
        target.assign(from: source)
        #expect(target == source && target.count == 5)
        source[0].x = 50
        #expect(target[0].x == 5)
        target.assign(from: [1: SlotState(trackingID: 3)])
        #expect(target.count == 2 && target.activeSlots == [1])
        // A shared table (a snapshot taken by value) is not written through.
        let snapshot = target
        target.assign(from: source)
        #expect(snapshot.activeSlots == [1] && target.activeSlots == [0, 4])
    }

    @Test func theStateAFrameLeavesIsACopy() {
        var state = TouchState(currentSlot: 2, slots: [2: SlotState(trackingID: 5, x: 1, y: 1)], keysDown: [0x14a])
        let before = state
        var other = TouchState()
        other.assign(from: state)
        #expect(other == state)
        state.slots[2].x = 9
        state.keysDown.remove(0x14a)
        #expect(other == before && other != state)
    }
}
