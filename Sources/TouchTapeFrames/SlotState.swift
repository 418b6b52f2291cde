@_spi(Pipeline) import TouchTapeEvents

/// What one protocol-B slot holds between frames: the kernel sends only changes, so
/// a slot's tracking id and position persist until new values arrive.
package struct SlotState: Hashable, Sendable {
    /// `ABS_MT_TRACKING_ID` of the contact in the slot; −1 = the slot is empty.
    package var trackingID: Int32
    /// Last `ABS_MT_POSITION_X/Y` the slot received; `nil` when none was seen yet (the
    /// contact is then placed at the axis minimum rather than invented elsewhere).
    package var x: Int32?
    /// Vertical component.
    package var y: Int32?

    /// A value from its parts.
    package init(trackingID: Int32 = -1, x: Int32? = nil, y: Int32? = nil) {
        self.trackingID = trackingID
        self.x = x
        self.y = y
    }

    /// A contact is down in the slot (tracking id ≥ 0).
    package var isActive: Bool { trackingID >= 0 }
}
