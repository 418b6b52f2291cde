/// A 2-D vector in screen orientation (+x right, +y down). Used for positions in
/// millimetres, translations in points and velocities in points per second; the
/// name of the property that holds one says which unit it is in. Its arithmetic is
/// inlinable: the frame and pan stages call it for every contact of every frame.
public struct Vector2: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal component.
    public var x: Double
    /// Vertical component.
    public var y: Double

    /// A value from its parts.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Zero.
    public static let zero = Vector2(x: 0, y: 0)

    /// The Euclidean length.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// Component-wise sum.
    @inlinable public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    @inlinable public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(x: a.x - b.x, y: a.y - b.y) }
    /// Scaled by `k`.
    @inlinable public static func * (a: Vector2, k: Double) -> Vector2 { Vector2(x: a.x * k, y: a.y * k) }
    /// Divided by `k`.
    @inlinable public static func / (a: Vector2, k: Double) -> Vector2 { Vector2(x: a.x / k, y: a.y / k) }
    /// Adds `b`.
    @inlinable public static func += (a: inout Vector2, b: Vector2) { a = a + b }
    /// Subtracts `b`.
    @inlinable public static func -= (a: inout Vector2, b: Vector2) { a = a - b }

    /// The text messages and reports print.
    public var description: String { "(\(x), \(y))" }
}
