@_spi(Pipeline) import TouchTapeEvents

/// Everything the event stream has established about the surface at a frame boundary
/// (just after a `SYN_REPORT`).
///
/// Kernel streams send only changes: a protocol-B slot selection and slot contents,
/// held keys and the last `ABS_X/Y` persist across frames. A track cut from the middle
/// of a stream therefore needs the state the stream had there to be replayed alone
/// (``FrameAssembler/init(description:units:initialState:firstFrameIndex:)``).
///
/// ```swift
/// var assembler = FrameAssembler(description: d, units: u)
/// _ = assembler.feed(event, index: 0)
/// let snapshot = assembler.state   // state after the last complete frame
/// ```
package struct TouchState: Hashable, Sendable {
    /// The protocol-B slot that `ABS_MT_*` events currently update (`ABS_MT_SLOT`).
    package var currentSlot: Int
    /// Protocol-B slots by slot number (an array: see ``SlotTable``).
    package var slots: SlotTable
    /// `EV_KEY` codes held down (value ≠ 0), including `BTN_TOUCH` and `BTN_TOOL_*`.
    package var keysDown: Set<UInt16>
    /// Last `ABS_X` / `ABS_Y` (single touch, and the emulated pointer of MT devices).
    package var absX: Int32?
    /// The single-touch `ABS_Y`, if reported.
    package var absY: Int32?
    /// Protocol A: the previous frame's contacts with their matched ids.
    package var anonymousContacts: [AnonymousContact]
    /// Protocol A: the id the next unmatched contact gets.
    package var nextAnonymousID: Int

    /// A value from its parts.
    package init(
        currentSlot: Int = 0, slots: SlotTable = SlotTable(), keysDown: Set<UInt16> = [],
        absX: Int32? = nil, absY: Int32? = nil,
        anonymousContacts: [AnonymousContact] = [], nextAnonymousID: Int = 0
    ) {
        self.currentSlot = currentSlot
        self.slots = slots
        self.keysDown = keysDown
        self.absX = absX
        self.absY = absY
        self.anonymousContacts = anonymousContacts
        self.nextAnonymousID = nextAnonymousID
    }

    /// The state a stream is assumed to start in: nothing down, slot 0 selected (the
    /// kernel's initial slot). A recording that starts mid-touch cannot know better.
    package static let untouched = TouchState()

    /// Whether this key is held.
    package func isKeyDown(_ code: UInt16) -> Bool { keysDown.contains(code) }

    /// Slots holding a contact, ascending.
    package var activeSlots: [Int] { slots.activeSlots }

    /// Makes this state `other`, reusing this state's slot storage (see
    /// ``SlotTable/assign(from:)``): a frame's snapshot without an allocation.
    package mutating func assign(from other: TouchState) {
        currentSlot = other.currentSlot
        slots.assign(from: other.slots)
        keysDown = other.keysDown
        absX = other.absX
        absY = other.absY
        // Copied into this state's own storage: shared, the next frame's matching (which
        // writes the contacts in place) would copy them (an allocation a protocol-A frame).
        if anonymousContacts.count == other.anonymousContacts.count {
            anonymousContacts.withUnsafeMutableBufferPointer { mine in
                other.anonymousContacts.withUnsafeBufferPointer { theirs in
                    for i in theirs.indices { mine[i] = theirs[i] }
                }
            }
        } else {
            anonymousContacts = other.anonymousContacts
        }
        nextAnonymousID = other.nextAnonymousID
    }

    /// The largest finger count a held `BTN_TOOL_*` key signals (0 when none is held).
    package var toolFingerCount: Int {
        // Read every frame: no array made for it.
        var most = 0
        for key in keysDown {
            if let count = EventCodes.fingerCountByToolKey[key], count > most { most = count }
        }
        return most
    }
}
