/// The timestamp of one input event, exactly as the kernel (or a recording) gives it.
///
/// Kept as whole seconds plus microseconds rather than a `Double`, because
/// recordings carry absolute epoch times (`1357751027.090934`) whose microsecond
/// digit a `Double` would round, and a lossless round trip must give back the
/// same digits.
@_spi(Pipeline) public struct EventTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Whole seconds (`struct timeval.tv_sec`).
    public var seconds: UInt64
    /// Microseconds within the second, `0..<1_000_000`.
    public var microseconds: UInt32

    /// A value from its parts.
    @inlinable public init(seconds: UInt64, microseconds: UInt32) {
        precondition(microseconds < 1_000_000, "microseconds must be below 1_000_000")
        self.seconds = seconds
        self.microseconds = microseconds
    }

    /// Builds a time from a total count of microseconds.
    public init(totalMicroseconds: UInt64) {
        self.seconds = totalMicroseconds / 1_000_000
        self.microseconds = UInt32(totalMicroseconds % 1_000_000)
    }

    /// Zero.
    public static let zero = EventTime(seconds: 0, microseconds: 0)

    /// The latest second a recording may hold: 9 007 199 254 (the year 2255), so that a
    /// time in microseconds stays below 2^53 — exact as a `Double` and far from `Int64`
    /// overflow in the time differences the pipeline takes. The readers reject later times.
    public static let maximumSeconds: UInt64 = 9_007_199_254

    /// The time as one integer count of microseconds (exact).
    @inlinable public var totalMicroseconds: UInt64 { seconds &* 1_000_000 &+ UInt64(microseconds) }

    /// Seconds as a `Double`, for arithmetic where microsecond exactness no longer matters.
    public var secondsValue: Double { Double(seconds) + Double(microseconds) / 1_000_000 }

    /// Signed microseconds from `other` to `self` (`self − other`).
    @inlinable public func microseconds(since other: EventTime) -> Int64 {
        Int64(bitPattern: totalMicroseconds &- other.totalMicroseconds)
    }

    /// `self` moved by a signed number of microseconds; clamps at zero.
    public func adding(microseconds delta: Int64) -> EventTime {
        let total = Int64(bitPattern: totalMicroseconds) + delta
        return EventTime(totalMicroseconds: UInt64(max(0, total)))
    }

    /// Orders by value.
    public static func < (lhs: EventTime, rhs: EventTime) -> Bool {
        (lhs.seconds, lhs.microseconds) < (rhs.seconds, rhs.microseconds)
    }

    /// `sec.usec` with six microsecond digits, as evemu writes it.
    public var description: String {
        let us = String(microseconds)
        return "\(seconds)." + String(repeating: "0", count: 6 - us.count) + us
    }
}
