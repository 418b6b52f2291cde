/// A line of report text (a check's detail, an explanation, a probe's description) built
/// as UTF-8 bytes from literal words and a few values.
///
/// ```swift
/// let detail: Words = "\(steps) steps follow the pan along \(edge)"
/// detail.text   // "12 steps follow the pan along bottom"
/// ```
///
/// Its literals are `StaticString`s, copied as bytes. The same sentence as a `String`
/// interpolation went through the standard library's general append for every literal
/// piece, about 400 instructions each: a probed replay writes a dozen such sentences a row,
/// and they were a tenth of its instructions (issue 26). A report that writes bytes (JSON)
/// takes them as they are, without a `String` made and checked in between. A value is
/// written as a `String` interpolation writes it (its `description`), so the text is the
/// same character for character.
@_spi(Pipeline) public struct Words: ExpressibleByStringInterpolation, Hashable, Sendable, CustomStringConvertible {
    /// The text so far, UTF-8.
    public var bytes: [UInt8]

    /// No text.
    @inlinable public init() { bytes = [] }

    @inlinable public init(stringLiteral literal: StaticString) {
        bytes = []
        // Room for a line of the usual length: a line begun with a literal is usually
        // continued, and growing it piece by piece allocated it again each time (issue 26).
        bytes.reserveCapacity(Swift.max(literal.utf8CodeUnitCount, Self.usualLength))
        append(literal)
    }

    /// Bytes reserved for a line when it is begun: most report lines are shorter.
    @inlinable static var usualLength: Int { 256 }

    @inlinable public init(stringInterpolation: Interpolation) {
        bytes = stringInterpolation.words.bytes
    }

    /// `text`'s bytes.
    @inlinable public init(_ text: String) {
        bytes = []
        append(text)
    }

    /// The text as a `String`.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public var description: String { text }

    /// Whether there is no text.
    @inlinable public var isEmpty: Bool { bytes.isEmpty }

    @inlinable public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inlinable public mutating func append(_ text: String) {
        // In place where the string's bytes are contiguous (a native string, or a small one
        // from the stack): `withUTF8` is mutating, so it took a copy, a retain and a release.
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    @inlinable public mutating func append(_ words: Words) {
        bytes.append(contentsOf: words.bytes)
    }

    /// `value` with `digits` decimals, as ``DecimalText/fixed(_:_:)`` writes it.
    public mutating func append(fixed value: Double, _ digits: Int) {
        DecimalText.fixed(value, digits, into: &bytes)
    }

    /// What `write` appends to the bytes (a module's own number format).
    @inlinable public mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
    }

    @inlinable public static func + (a: Words, b: Words) -> Words {
        // Made at its length at once (a copy of `a` appended to was copied and then grown).
        var sum = Words()
        sum.bytes.reserveCapacity(Swift.max(a.bytes.count + b.bytes.count, usualLength))
        sum.append(a)
        sum.append(b)
        return sum
    }

    @inlinable public static func += (a: inout Words, b: Words) {
        a.append(b)
    }

    /// The pieces of an interpolated literal, appended in order.
    public struct Interpolation: StringInterpolationProtocol {
        public typealias StringLiteralType = StaticString

        @usableFromInline var words = Words()

        @inlinable public init(literalCapacity: Int, interpolationCount: Int) {
            // Room for a line of the usual length at once: a report line grown piece by
            // piece was reallocated as often as it was made (issue 26).
            words.bytes.reserveCapacity(Swift.max(literalCapacity + 16 * interpolationCount, Words.usualLength))
        }

        @inlinable public mutating func appendLiteral(_ literal: StaticString) { words.append(literal) }
        @inlinable public mutating func appendInterpolation(_ text: String) { words.append(text) }
        @inlinable public mutating func appendInterpolation(_ other: Words) { words.append(other) }
        @inlinable public mutating func appendInterpolation(_ value: Int) { words.append(String(value)) }
        /// `\(fixed: value, 3)`: three decimals (``DecimalText/fixed(_:_:)``).
        @inlinable public mutating func appendInterpolation(fixed value: Double, _ digits: Int) { words.append(fixed: value, digits) }
        /// What `write` appends (`\(write: { JSONValue.number(v, into: &$0) })`).
        @inlinable public mutating func appendInterpolation(write: (inout [UInt8]) -> Void) { words.append(write) }
        /// Any other value as a `String` interpolation writes it: its `description`.
        @inlinable public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            words.append(value.description)
        }
    }
}
