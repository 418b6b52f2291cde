/// Writes the event lines of a recording as ASCII bytes into a scratch buffer on the
/// stack, which ``lines(into:count:line:)`` then appends to the caller's `[UInt8]` a few
/// kilobytes at a time: `convert` and the recorder write millions of lines, and building
/// a `String` per line (or appending to an array field by field) bounded them.
///
/// The conversions are ``CFormat``'s `printf` ones, byte for byte: digits by hand, no
/// allocation. Every line must fit in ``maximumLine`` bytes; the variable-length pieces
/// (names) are checked, the numbers are bounded by their types.
struct ByteWriter {
    /// The longest line a caller may write: an event line is under 200 bytes (a 20-digit
    /// time, an 11-character value, a comment with a code name under 64).
    static let maximumLine = 256
    /// Scratch bytes per batch appended to the caller's buffer.
    static let batchSize = 16 * 1024

    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress!
        capacity = buffer.count
    }

    /// Calls `line(i, &writer)` for every `i` in `0..<count`, each writing at most
    /// ``maximumLine`` bytes, and appends what they write to `out`.
    @inline(__always)
    static func lines(into out: inout [UInt8], count: Int, line: (Int, inout ByteWriter) -> Void) {
        guard count > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: batchSize) { scratch in
            var index = 0
            while index < count {
                var writer = ByteWriter(scratch)
                while index < count, writer.capacity - writer.count >= maximumLine {
                    line(index, &writer)
                    index += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(start: scratch.baseAddress, count: writer.count))
            }
        }
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        base[count] = value
        count &+= 1
    }

    /// The bytes of a literal (`"E: "`).
    @inline(__always)
    mutating func literal(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Copies `source` (a name); traps rather than writes past the scratch buffer.
    @inline(__always)
    mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        precondition(source.count <= capacity - count, "a line longer than ByteWriter.maximumLine")
        guard let start = source.baseAddress else { return }
        (base + count).update(from: start, count: source.count)
        count &+= source.count
    }

    /// `times` copies of `value`: the padding of a field. Up to 8 bytes are one 8-byte
    /// store (a line has ``maximumLine`` bytes of room, and no event line comes within 8
    /// bytes of it), not a `memset` call per field, which was most of the padding's cost
    /// (issue 26).
    @inline(__always)
    private mutating func repeated(_ value: UInt8, _ times: Int) {
        guard times > 0 else { return }
        if times <= 8 {
            UnsafeMutableRawPointer(base + count).storeBytes(of: UInt64(value) &* 0x0101_0101_0101_0101, as: UInt64.self)
        } else {
            (base + count).initialize(repeating: value, count: times)
        }
        count &+= times
    }

    /// How many decimal digits `value` has (1 for 0): comparisons, most fields being short.
    @inline(__always)
    private static func decimalDigitCount(_ value: UInt64) -> Int {
        if value < 10 { return 1 }
        if value < 100 { return 2 }
        if value < 1000 { return 3 }
        if value < 10000 { return 4 }
        var digits = 5
        var rest = value / 100_000
        while rest != 0 {
            rest /= 10
            digits &+= 1
        }
        return digits
    }

    /// "00" to "99": two digits per division in ``digits(_:_:)``.
    private static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// The `digits` decimal digits of `value`, most significant first, two at a time.
    @inline(__always)
    private mutating func digits(_ value: UInt64, _ digits: Int) {
        var index = count &+ digits
        var rest = value
        let pairs = Self.digitPairs.utf8Start
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            index &-= 2
            base[index] = pairs[pair]
            base[index &+ 1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            base[index &- 2] = pairs[pair]
            base[index &- 1] = pairs[pair &+ 1]
        } else {
            base[index &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        count &+= digits
    }

    /// `%lu` / `%u`.
    @inline(__always)
    mutating func decimal(_ value: UInt64) {
        digits(value, Self.decimalDigitCount(value))
    }

    /// `%d` / `%ld`.
    @inline(__always)
    mutating func decimal(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        decimal(value.magnitude)
    }

    /// `%0<width>d`: zero padding after the sign (`-1` → `-001` at width 4), as ``CFormat/zeroPadded(_:width:)``.
    @inline(__always)
    mutating func zeroPadded(_ value: Int64, width: Int) {
        let count = Self.decimalDigitCount(value.magnitude)
        var sign = 0
        if value < 0 {
            byte(UInt8(ascii: "-"))
            sign = 1
        }
        repeated(UInt8(ascii: "0"), width - sign - count)
        digits(value.magnitude, count)
    }

    /// `%<width>d`: right-aligned in spaces, as ``CFormat/right(_:width:)`` of the decimal text.
    @inline(__always)
    mutating func rightAligned(_ value: Int64, width: Int) {
        let count = Self.decimalDigitCount(value.magnitude)
        let sign = value < 0 ? 1 : 0
        repeated(UInt8(ascii: " "), width - sign - count)
        if sign == 1 { byte(UInt8(ascii: "-")) }
        digits(value.magnitude, count)
    }

    /// `%<width>lu`: right-aligned in spaces.
    @inline(__always)
    mutating func rightAligned(_ value: UInt64, width: Int) {
        let count = Self.decimalDigitCount(value)
        repeated(UInt8(ascii: " "), width - count)
        digits(value, count)
    }

    /// `%0<width>x` (lower case), as ``CFormat/hex(_:width:)``.
    @inline(__always)
    mutating func hex(_ value: UInt64, width: Int) {
        var count = 1
        var rest = value >> 4
        while rest != 0 {
            rest >>= 4
            count &+= 1
        }
        repeated(UInt8(ascii: "0"), width - count)
        var index = self.count &+ count
        rest = value
        repeat {
            index &-= 1
            let nibble = UInt8(truncatingIfNeeded: rest & 0xf)
            base[index] = nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
            rest >>= 4
        } while rest != 0
        self.count &+= count
    }
}
