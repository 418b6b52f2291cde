@_spi(Pipeline) import TouchTapeEvents

/// A valid protocol-B stream for ``TestDevices/touchscreenB`` decoded from arbitrary
/// numbers (the property tests' generators hand out `[UInt32]`, which shrink well), with
/// what a correct reader must see after each `SYN_REPORT`.
///
/// Each number is one step: bits 0–2 the slot (mod 5), bits 3–4 the action (0–1 move,
/// 2 land, 3 lift; a move or lift of an empty slot lands instead), bits 5–14 x (mod 1001),
/// bits 15–23 y (mod 501), bits 24–25 zero ends the frame after the step, bit 26 adds an
/// `MSC_TIMESTAMP` (ignored by the assembler, but it must stay in the stream). The kernel's
/// habits are kept: `ABS_MT_SLOT` only when the slot changes, new tracking ids ascending,
/// 10 ms per frame. The stream always ends with a `SYN_REPORT` and, when `liftAtEnd`,
/// a final frame lifting every finger.
package struct RandomTouchStream: Sendable {
    /// One contact a correct reader reports: tracking id and raw position.
    package struct Contact: Hashable, Sendable {
        package var id: Int
        package var x: Int32
        package var y: Int32
        package init(id: Int, x: Int32, y: Int32) { self.id = id; self.x = x; self.y = y }
    }

    package var events: [InputEvent]
    /// The contacts down after each `SYN_REPORT`, sorted by id, one entry per frame.
    package var expectedFrames: [[Contact]]

    package init(steps: [UInt32], liftAtEnd: Bool = true) {
        var stream = TestStream()
        var slots: [Int: Contact] = [:]
        var currentSlot = 0
        var nextID = 1
        var expected: [[Contact]] = []
        var frameOpen = false
        func endFrame() {
            stream.report()
            expected.append(slots.values.sorted { $0.id < $1.id })
            frameOpen = false
        }
        for step in steps {
            let slot = Int(step & 7) % 5
            var action = Int(step >> 3 & 3)
            let x = Int32((step >> 5) % 1001), y = Int32((step >> 15 & 0x1ff) % 501)
            if slots[slot] == nil { action = 2 }
            if slot != currentSlot { stream.slot(Int32(slot)); currentSlot = slot }
            switch action {
            case 2:
                if slots[slot] != nil { slots[slot] = nil; stream.trackingID(-1); endFrame() }
                slots[slot] = Contact(id: nextID, x: x, y: y)
                stream.trackingID(Int32(nextID))
                stream.mt(x: x, y: y)
                nextID += 1
            case 3:
                slots[slot] = nil
                stream.trackingID(-1)
            default:
                slots[slot]?.x = x
                slots[slot]?.y = y
                stream.mt(x: x, y: y)
            }
            frameOpen = true
            if step >> 26 & 1 == 1 { stream.raw(type: EventType.msc.rawValue, code: EventCodes.MSC_TIMESTAMP, value: Int32(step & 0xffff)) }
            if step >> 24 & 3 == 0 { endFrame() }
        }
        if frameOpen || expected.isEmpty { endFrame() }
        if liftAtEnd && !slots.isEmpty {
            for slot in slots.keys.sorted() {
                if slot != currentSlot { stream.slot(Int32(slot)); currentSlot = slot }
                stream.trackingID(-1)
            }
            slots = [:]
            endFrame()
        }
        events = stream.events
        expectedFrames = expected
    }
}
