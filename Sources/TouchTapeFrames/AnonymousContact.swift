/// A protocol-A contact of the previous frame, with the id nearest-neighbour matching
/// gave it. Kept in ``TouchState`` so a track replayed alone assigns the same ids.
public struct AnonymousContact: Hashable, Sendable {
    public var id: Int
    public var x: Int32
    public var y: Int32

    public init(id: Int, x: Int32, y: Int32) {
        self.id = id
        self.x = x
        self.y = y
    }
}
