/// A protocol-A contact of the previous frame, with the id nearest-neighbour matching
/// gave it. Kept in ``TouchState`` so a track replayed alone assigns the same ids.
package struct AnonymousContact: Hashable, Sendable {
    /// Its identity.
    package var id: Int
    /// Horizontal component.
    package var x: Int32
    /// Vertical component.
    package var y: Int32

    /// A value from its parts.
    package init(id: Int, x: Int32, y: Int32) {
        self.id = id
        self.x = x
        self.y = y
    }
}
