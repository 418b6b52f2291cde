@_spi(Pipeline) import TouchTapeEvents

/// One finger on the surface in one frame.
package struct Contact: Hashable, Sendable {
    /// Stable identity for the life of the touch: the tracking id (protocol B), an id
    /// assigned by nearest-neighbour matching across frames (protocol A), or 0 (single touch).
    package var id: Int
    /// The protocol-B slot, `nil` for protocol A and single touch.
    package var slot: Int?
    /// Position in device units, as the device reported it.
    package var rawX: Int32
    /// The raw device y (units).
    package var rawY: Int32
    /// Position in millimetres from the axis minimum (+x right, +y down).
    package var position: Vector2

    /// A value from its parts.
    package init(id: Int, slot: Int?, rawX: Int32, rawY: Int32, position: Vector2) {
        self.id = id
        self.slot = slot
        self.rawX = rawX
        self.rawY = rawY
        self.position = position
    }
}
