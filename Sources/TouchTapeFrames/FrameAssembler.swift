@_spi(Pipeline) import TouchTapeEvents

/// Events → frames, one event at a time, so a live device and a recording go through
/// the same code.
///
/// Each `SYN_REPORT` yields a ``Frame``: the contacts down after it, in millimetres.
/// How contacts are read depends on the device's protocol
/// (``DeviceClassification/touchProtocol``):
///
/// - **Protocol B**: `ABS_MT_SLOT` selects the slot later `ABS_MT_*` events update;
///   the selection and the slot contents persist across frames (the first slot change
///   of a frame may omit `ABS_MT_SLOT`). `ABS_MT_TRACKING_ID ≥ 0` puts a contact in the
///   slot, −1 releases it. Contact id = tracking id.
/// - **Protocol A**: each `SYN_MT_REPORT` closes one anonymous contact (its group must
///   carry `ABS_MT_POSITION_X/Y`); the frame holds exactly the contacts reported in it,
///   so an empty `SYN_MT_REPORT` or a bare `SYN_REPORT` means none. Ids come from
///   ``ContactMatching``. While `BTN_TOUCH` is up (on devices that have it) there are
///   no contacts, and a group reporting `ABS_MT_TOUCH_MAJOR 0` is not a contact: the
///   bcm5974 driver keeps reporting lifted fingers with size 0 after `BTN_TOUCH 0`
///   (peer recording `bcm5974.event`).
/// - **Single touch**: one contact, id 0, at `ABS_X/Y` while `BTN_TOUCH` is 1.
///   MT devices' `ABS_X/Y` emulation is ignored for contacts.
///
/// ``Frame/fingerCount`` is the larger of the contacts and, on touchpads only, the
/// held `BTN_TOOL_*` key's count (a 2-slot Synaptics pad says TRIPLETAP for 3 fingers).
/// Touchscreens are left out because some set a tool key as a tool *type*: the N-Trig
/// screen holds `BTN_TOOL_DOUBLETAP` for any touch (peer recording `N-Trig MultiTouch`).
///
/// **SYN_DROPPED**: the events since the last `SYN_REPORT`, the `SYN_DROPPED` and every
/// event up to and including the next `SYN_REPORT` are discarded (libevdev.h, page
/// "syn_dropped"; kernel event-codes.rst "SYN_DROPPED"). No frame comes from that
/// `SYN_REPORT`; the next frame has ``Frame/followsGap`` set. State is kept as best
/// known: a slot whose updates were lost keeps its old values until new ones arrive
/// (a recorder using libevdev's resync writes them right after the gap).
///
/// Events of other types and unknown codes are ignored here; they stay in the stream.
package struct FrameAssembler: Sendable {
    /// The state after the last complete frame (what a track starting at the next
    /// event needs to be replayed alone).
    package private(set) var state: TouchState
    /// `true` between a `SYN_DROPPED` and the `SYN_REPORT` that ends the discarded window.
    package private(set) var isDiscarding = false

    /// How device units become millimetres.
    package let units: MillimetreConversion
    private let source: ContactSource
    private let countsToolFingers: Bool
    private let hasTouchKey: Bool

    /// The state the current frame's events are building; becomes ``state`` at `SYN_REPORT`.
    private var pending: TouchState
    /// Protocol A: contacts closed by `SYN_MT_REPORT` in this frame, and the open group.
    private var reported: [(x: Int32, y: Int32)] = []
    private var group = AnonymousGroup()
    private var gapPending = false
    /// What `pending.keysDown` says, kept as it changes (a key event, a `SYN_DROPPED`)
    /// rather than hashed for every frame: `BTN_TOUCH` held, the held tool key's fingers.
    private var touchKeyDown = false
    private var toolFingers = 0
    private var frameStart: Int?
    private var nextFrameIndex: Int
    /// Slots taken: `0 ..< slotLimit` (the description's, at most ``maximumSlots``).
    private let slotLimit: Int

    /// Slots a protocol-B device may use here. The kernel's drivers use at most 60 (10 on
    /// most screens, 5 on touchpads); a description that claims 2^31 would otherwise make
    /// every frame walk every slot a hostile file names (200 000 slots: 40 s).
    package static let maximumSlots = 256
    /// Contacts one protocol-A frame may report (`SYN_MT_REPORT` groups); the rest of a
    /// frame's are ignored. Matching them to the previous frame's costs the product of the
    /// two counts, so it is bounded here; real protocol-A panels report up to 10.
    package static let maximumAnonymousContacts = 64

    /// - Parameters:
    ///   - initialState: the surface state before the first event fed (``TouchState/untouched``
    ///     for a whole recording, ``Track/initialState`` for a track alone).
    ///   - firstFrameIndex: the ``Frame/index`` the first frame gets.
    package init(description: DeviceDescription, units: MillimetreConversion,
                initialState: TouchState = .untouched, firstFrameIndex: Int = 0) {
        let classification = description.classification
        switch classification.touchProtocol {
        case .multitouchB(let slots): source = .slots; slotLimit = min(slots, Self.maximumSlots)
        case .multitouchA: source = .anonymous; slotLimit = 0
        case .singleTouch: source = .singleTouch; slotLimit = 0
        case .none: source = .none; slotLimit = 0
        }
        countsToolFingers = classification.kind == .touchpad && classification.toolFingerCapacity > 0
        hasTouchKey = description.supports(type: .key, code: EventCodes.BTN_TOUCH)
        self.units = units
        self.state = initialState
        self.pending = initialState
        self.nextFrameIndex = firstFrameIndex
        keysChanged()
    }

    /// Re-reads the key-derived values after `pending.keysDown` changed.
    private mutating func keysChanged() {
        touchKeyDown = pending.isKeyDown(EventCodes.BTN_TOUCH)
        toolFingers = countsToolFingers ? pending.toolFingerCount : 0
    }

    /// Feeds one event; `index` is its position in the source stream (kept in
    /// ``Frame/eventRange``). Returns a frame when the event is a `SYN_REPORT` that
    /// completes one.
    package mutating func feed(_ event: InputEvent, index: Int) -> Frame? {
        if frameStart == nil { frameStart = index }
        if isDiscarding {
            if event.isSynReport {
                isDiscarding = false
                gapPending = true
            }
            return nil
        }
        // On the raw type: matching `EventType`'s constants goes through `==` of a generic
        // witness for every event.
        switch event.type {
        case EventType.syn.rawValue:
            switch event.code {
            case EventCodes.SYN_REPORT:
                return completeFrame(time: event.time, endIndex: index)
            case EventCodes.SYN_MT_REPORT:
                if let point = group.contact, reported.count < Self.maximumAnonymousContacts { reported.append(point) }
                group = AnonymousGroup()
            case EventCodes.SYN_DROPPED:
                isDiscarding = true
                pending.assign(from: state)
                keysChanged()
                reported.removeAll(keepingCapacity: true)
                group = AnonymousGroup()
            default:
                break
            }
        case EventType.key.rawValue:
            if event.value != 0 { pending.keysDown.insert(event.code) } else { pending.keysDown.remove(event.code) }
            keysChanged()
        case EventType.abs.rawValue:
            absolute(event)
        default:
            break
        }
        return nil
    }

    /// All frames of a stream (events indexed from 0), from the untouched state.
    package static func frames(from events: some Sequence<InputEvent>, description: DeviceDescription,
                              units: MillimetreConversion) -> [Frame] {
        var assembler = FrameAssembler(description: description, units: units)
        var frames: [Frame] = []
        for (index, event) in events.enumerated() {
            if let frame = assembler.feed(event, index: index) { frames.append(frame) }
        }
        return frames
    }

    private mutating func absolute(_ event: InputEvent) {
        typealias C = EventCodes
        switch event.code {
        case C.ABS_X: pending.absX = event.value
        case C.ABS_Y: pending.absY = event.value
        default: break
        }
        switch source {
        case .slots:
            switch event.code {
            // A slot outside the device's range (the kernel never sends one) selects nothing:
            // the values that follow are ignored until a valid ABS_MT_SLOT.
            case C.ABS_MT_SLOT: pending.currentSlot = (0..<slotLimit).contains(Int(event.value)) ? Int(event.value) : -1
            case C.ABS_MT_TRACKING_ID where pending.currentSlot >= 0:
                pending.slots.update(pending.currentSlot) { $0.trackingID = max(-1, event.value) }
            case C.ABS_MT_POSITION_X where pending.currentSlot >= 0: pending.slots.update(pending.currentSlot) { $0.x = event.value }
            case C.ABS_MT_POSITION_Y where pending.currentSlot >= 0: pending.slots.update(pending.currentSlot) { $0.y = event.value }
            default: break
            }
        case .anonymous:
            switch event.code {
            case C.ABS_MT_POSITION_X: group.x = event.value
            case C.ABS_MT_POSITION_Y: group.y = event.value
            case C.ABS_MT_TOUCH_MAJOR: group.touchMajor = event.value
            default: break
            }
        case .singleTouch, .none:
            break
        }
    }

    private mutating func completeFrame(time: EventTime, endIndex: Int) -> Frame {
        var contacts: [Contact]
        switch source {
        case .slots:
            contacts = []
            contacts.reserveCapacity(pending.slots.activeCount)
            pending.slots.forEachActive { slot, s in
                contacts.append(contact(id: Int(s.trackingID), slot: slot, x: s.x, y: s.y))
            }
        case .anonymous:
            let lifted = hasTouchKey && !touchKeyDown
            var nextID = pending.nextAnonymousID
            ContactMatching.match(&pending.anonymousContacts, current: lifted ? [] : reported, units: units, nextID: &nextID)
            pending.nextAnonymousID = nextID
            contacts = []
            contacts.reserveCapacity(pending.anonymousContacts.count)
            for m in pending.anonymousContacts { contacts.append(contact(id: m.id, slot: nil, x: m.x, y: m.y)) }
        case .singleTouch:
            contacts = touchKeyDown ? [contact(id: 0, slot: nil, x: pending.absX, y: pending.absY)] : []
        case .none:
            contacts = []
        }
        let tools = toolFingers
        // Ties by slot: two slots may hold the same tracking id in a broken stream (found by
        // `tools/fuzz frames`). Usually already in order: then nothing is moved.
        if !Self.isInOrder(contacts) { Self.sortByID(&contacts) }
        let frame = Frame(
            index: nextFrameIndex, time: time, eventRange: (frameStart ?? endIndex)..<(endIndex + 1),
            contacts: contacts, fingerCount: max(contacts.count, tools),
            followsGap: gapPending, touchKeyDown: hasTouchKey && touchKeyDown)
        // In place: `state = pending` would share the slot storage, and the next event's
        // write to `pending` would copy it (an allocation per frame).
        state.assign(from: pending)
        reported.removeAll(keepingCapacity: true)
        group = AnonymousGroup()
        gapPending = false
        frameStart = nil
        nextFrameIndex += 1
        return frame
    }

    /// Whether `a` comes before `b`: by id, then slot (none first).
    private static func precedes(_ a: Contact, _ b: Contact) -> Bool {
        a.id < b.id || a.id == b.id && (a.slot ?? -1) < (b.slot ?? -1)
    }

    /// The contacts sorted by id, then slot (`sortSmall`: a frame's contacts come in report
    /// order on a protocol-A device). No two contacts share both id and slot.
    static func sortByID(_ contacts: inout [Contact]) {
        contacts.withUnsafeMutableBufferPointer { $0.sortSmall(insertionLimit: ContactMatching.insertionLimit, by: precedes) }
    }

    /// Whether the contacts are sorted by id, then slot.
    private static func isInOrder(_ contacts: [Contact]) -> Bool {
        var k = 1
        while k < contacts.count {
            let a = contacts[k - 1], b = contacts[k]
            if a.id > b.id || a.id == b.id && (a.slot ?? -1) >= (b.slot ?? -1) { return false }
            k += 1
        }
        return true
    }

    /// A contact at raw `x`/`y`; a missing coordinate (never reported) is the axis minimum.
    private func contact(id: Int, slot: Int?, x: Int32?, y: Int32?) -> Contact {
        let rawX = x ?? units.minimumX, rawY = y ?? units.minimumY
        return Contact(id: id, slot: slot, rawX: rawX, rawY: rawY, position: units.position(rawX: rawX, rawY: rawY))
    }
}

/// Where a device's contacts come from.
enum ContactSource: Sendable {
    case slots, anonymous, singleTouch, none
}

/// The protocol-A contact being reported until the next `SYN_MT_REPORT`.
struct AnonymousGroup: Sendable {
    var x: Int32?
    var y: Int32?
    var touchMajor: Int32?

    /// A contact when the group has a position and is not a size-0 (lifted) report.
    var contact: (x: Int32, y: Int32)? {
        guard let x, let y, touchMajor != 0 else { return nil }
        return (x, y)
    }
}
