/// A protocol-A contact of the previous frame, with the id nearest-neighbour matching
/// gave it. Kept in ``TouchState`` so a track replayed alone assigns the same ids.
public struct AnonymousContact: Hashable, Sendable {
    /// Its identity.
    public var id: Int
    /// Horizontal component.
    public var x: Int32
    /// Vertical component.
    public var y: Int32

    /// A value from its parts.
    public init(id: Int, x: Int32, y: Int32) {
        self.id = id
        self.x = x
        self.y = y
    }
}
