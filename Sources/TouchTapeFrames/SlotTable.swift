/// Protocol-B slots by slot number, as an array: slot `k` is element `k`.
///
/// Replaces a dictionary that was hashed for every `ABS_MT_*` event and copied (with a
/// fresh allocation) for every frame's state snapshot (issue 26). Slots are few and
/// numbered from 0 (the kernel's drivers use at most 60, ``FrameAssembler/maximumSlots``
/// caps them), so the array is as long as the highest slot written, plus one.
///
/// A slot that was never written reads as ``SlotState/init(trackingID:x:y:)`` with its
/// defaults (empty, no position), exactly as the dictionary's `default:` did; two tables
/// are equal when every slot reads the same, whichever slots were written.
///
/// ```swift
/// var slots = SlotTable()
/// slots[3].trackingID = 12          // slots 0...2 read as empty
/// slots.activeSlots                 // [3]
/// ```
package struct SlotTable: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// Slot `k` at index `k`.
    private var storage: [SlotState]

    /// No slot written.
    package init() { storage = [] }

    /// A table from slot numbers (each `0 ..< FrameAssembler.maximumSlots`).
    package init(_ slots: [Int: SlotState]) {
        storage = []
        for (slot, state) in slots { self[slot] = state }
    }

    /// `[0: SlotState(trackingID: 8)]`.
    package init(dictionaryLiteral elements: (Int, SlotState)...) {
        storage = []
        for (slot, state) in elements { self[slot] = state }
    }

    /// The slot's state; a slot never written is empty. Setting a slot beyond the table
    /// grows it (slot numbers must be `0 ..< FrameAssembler.maximumSlots`).
    package subscript(slot: Int) -> SlotState {
        @inline(__always) get { slot >= 0 && slot < storage.count ? storage[slot] : SlotState() }
        set {
            precondition(slot >= 0 && slot < FrameAssembler.maximumSlots, "slot \(slot) is out of range")
            if slot >= storage.count { grow(to: slot + 1) }
            storage[slot] = newValue
        }
    }

    /// Updates slot `slot` in place (grown first when needed): one bounds check, no copy of the slot.
    @inline(__always)
    package mutating func update(_ slot: Int, _ change: (inout SlotState) -> Void) {
        precondition(slot >= 0 && slot < FrameAssembler.maximumSlots, "slot \(slot) is out of range")
        if slot >= storage.count { grow(to: slot + 1) }
        change(&storage[slot])
    }

    private mutating func grow(to count: Int) {
        storage.reserveCapacity(count)
        while storage.count < count { storage.append(SlotState()) }
    }

    /// One more than the highest slot written (slots at and past it read as empty).
    package var count: Int { storage.count }

    /// Slots holding a contact, ascending.
    package var activeSlots: [Int] { storage.indices.filter { storage[$0].isActive } }

    /// How many slots hold a contact.
    package var activeCount: Int {
        var n = 0
        for s in storage where s.isActive { n += 1 }
        return n
    }

    /// Calls `body` with each slot holding a contact, ascending.
    @inline(__always)
    package func forEachActive(_ body: (Int, SlotState) throws -> Void) rethrows {
        for k in storage.indices where storage[k].isActive { try body(k, storage[k]) }
    }

    /// Makes this table read as `other`, reusing this table's storage when it is not shared:
    /// no allocation when the slots written are the same ones (every frame of a stream).
    package mutating func assign(from other: SlotTable) {
        let n = other.storage.count
        if storage.count > n { storage.removeLast(storage.count - n) }
        other.storage.withUnsafeBufferPointer { source in
            let shared = min(storage.count, n)
            if shared > 0 {
                storage.withUnsafeMutableBufferPointer { target in
                    for k in 0..<shared { target[k] = source[k] }
                }
            }
            if n > shared { storage.append(contentsOf: source[shared...]) }
        }
    }

    /// The written slots less the empty ones at the end: what equality and hashing compare.
    private var significant: ArraySlice<SlotState> {
        var end = storage.count
        while end > 0, storage[end - 1] == SlotState() { end -= 1 }
        return storage[..<end]
    }

    /// Equal when every slot reads the same.
    package static func == (a: SlotTable, b: SlotTable) -> Bool { a.significant.elementsEqual(b.significant) }

    /// Hashes what `==` compares.
    package func hash(into hasher: inout Hasher) {
        let slots = significant
        hasher.combine(slots.count)
        for s in slots { hasher.combine(s) }
    }
}
