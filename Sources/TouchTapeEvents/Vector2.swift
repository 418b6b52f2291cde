/// A 2-D vector in screen orientation (+x right, +y down). Used for positions in
/// millimetres, translations in points and velocities in points per second; the
/// name of the property that holds one says which unit it is in.
public struct Vector2: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vector2(x: 0, y: 0)

    public var length: Double { (x * x + y * y).squareRoot() }

    public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Vector2, k: Double) -> Vector2 { Vector2(x: a.x * k, y: a.y * k) }
    public static func / (a: Vector2, k: Double) -> Vector2 { Vector2(x: a.x / k, y: a.y / k) }
    public static func += (a: inout Vector2, b: Vector2) { a = a + b }
    public static func -= (a: inout Vector2, b: Vector2) { a = a - b }

    public var description: String { "(\(x), \(y))" }
}
