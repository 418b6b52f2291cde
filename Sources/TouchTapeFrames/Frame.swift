@_spi(Pipeline) import TouchTapeEvents

/// The state of the surface after one `SYN_REPORT`: every contact that is down.
package struct Frame: Hashable, Sendable {
    /// 0-based frame number in the event stream it came from.
    package var index: Int
    /// The time of the frame's `SYN_REPORT`.
    package var time: EventTime
    /// Indices (in the source event stream) of the events this frame consumed,
    /// up to and including its `SYN_REPORT`.
    package var eventRange: Range<Int>
    /// Contacts down after this frame, sorted by ``Contact/id``.
    package var contacts: [Contact]
    /// Fingers down: the `BTN_TOOL_*` count on touchpads when it is larger than the
    /// tracked contacts (touchpads track fewer slots than fingers), else the number of
    /// contacts. Touchscreens' tool keys are ignored (see ``FrameAssembler``).
    package var fingerCount: Int
    /// True when a `SYN_DROPPED` gap was discarded just before this frame: its
    /// state was resynchronised, motion across the gap is unknown.
    package var followsGap: Bool
    /// `BTN_TOUCH` is held after this frame. Usually implied by the contacts; kept
    /// because a gesture starts with whichever comes first (see ``hasTouch``).
    package var touchKeyDown: Bool

    /// A value from its parts.
    package init(index: Int, time: EventTime, eventRange: Range<Int>, contacts: [Contact], fingerCount: Int,
                followsGap: Bool = false, touchKeyDown: Bool = false) {
        self.index = index
        self.time = time
        self.eventRange = eventRange
        self.contacts = contacts
        self.fingerCount = fingerCount
        self.followsGap = followsGap
        self.touchKeyDown = touchKeyDown
    }

    /// Mean position of the contacts in millimetres, `nil` when none is down.
    package var centroid: Vector2? {
        guard !contacts.isEmpty else { return nil }
        return contacts.reduce(Vector2.zero) { $0 + $1.position } / Double(contacts.count)
    }

    /// No finger down.
    package var isNeutral: Bool { fingerCount == 0 }

    /// Anything is down: a contact, a counted finger, or `BTN_TOUCH`. A track runs
    /// while this holds (a frame can be non-neutral for the splitter yet carry no
    /// contact, e.g. `BTN_TOUCH` pressed a frame before the first slot data).
    package var hasTouch: Bool { fingerCount > 0 || touchKeyDown }
}
