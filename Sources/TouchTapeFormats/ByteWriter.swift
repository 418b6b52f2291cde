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
        var scratch = Scratch()
        lines(into: &out, count: count, scratch: scratch.bytes(), line: line)
    }

    /// ``lines(into:count:line:)`` in `scratch` (at least ``batchSize`` bytes, a
    /// ``Scratch``'s): a value that writes lines once a frame keeps its scratch, where the
    /// call above makes one for a single use. Made for each call (a temporary allocation,
    /// which Swift puts on the heap above 1 KiB), every frame of `convert` and of the
    /// recorder allocated and freed 16 KiB (issue 26, tenth part).
    @inline(__always)
    static func lines(into out: inout [UInt8], count: Int, scratch: UnsafeMutableBufferPointer<UInt8>,
                      line: (Int, inout ByteWriter) -> Void) {
        precondition(scratch.count >= batchSize, "scratch smaller than ByteWriter.batchSize")
        // Exactly `batchSize` long: a constant the line's room checks are made against.
        let scratch = UnsafeMutableBufferPointer(start: scratch.baseAddress, count: batchSize)
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

    /// ``batchSize`` bytes kept by a value that writes lines often (a formatter), for
    /// ``lines(into:count:scratch:line:)``. A copy of the value shares them until one of
    /// the two writes: ``bytes()`` gives a value bytes of its own first, so copies used
    /// apart (even on two threads) never write into the same bytes.
    struct Scratch: Sendable {
        /// Sendable because its bytes are only reached through ``Scratch/bytes()``, which
        /// needs the value's exclusive access and hands out bytes no other value holds (the
        /// reference count that tells it so is atomic).
        private final class Storage: @unchecked Sendable {
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: ByteWriter.batchSize)
            deinit { bytes.deallocate() }
        }

        private var storage = Storage()

        init() {}

        /// The bytes, this value's alone; valid while the value is not changed or dropped.
        @inline(__always)
        mutating func bytes() -> UnsafeMutableBufferPointer<UInt8> {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage() }
            return storage.bytes
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

    /// Copies `length` bytes from `source`, where `readable` bytes (at least `length`) may be
    /// read: a text of up to 32 bytes (an event comment's name) as four 8-byte loads and stores
    /// instead of a `memcpy` call; the bytes stored past `length` are scratch, overwritten by
    /// what the line writes next (it has ``maximumLine`` bytes of room). Checked: reads stay
    /// within `readable`, stores within the scratch buffer.
    @inline(__always)
    mutating func text(_ source: UnsafePointer<UInt8>, length: Int, readable: Int) {
        precondition(length >= 0 && length <= readable, "a text longer than the bytes readable")
        if length <= 32, readable >= 32, capacity - count >= 32 {
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(base + count)
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 24, as: UInt64.self), toByteOffset: 24, as: UInt64.self)
            count &+= length
        } else {
            bytes(UnsafeBufferPointer(start: source, count: length))
        }
    }

    /// Two digits, `00` to `99`, of `value` (below 100) as one 2-byte store.
    @inline(__always)
    private mutating func pair(_ value: UInt32) {
        // `value` < 100: the pair's two bytes are within the table's 200.
        let two = UnsafeRawPointer(Self.digitPairs.utf8Start + Int(truncatingIfNeeded: value) &* 2).loadUnaligned(as: UInt16.self)
        UnsafeMutableRawPointer(base + count).storeBytes(of: two, as: UInt16.self)
        count &+= 2
    }

    /// `%06u` (an event's microseconds): below 1 000 000 three pairs of digits, larger
    /// values as ``zeroPadded(_:width:)``.
    @inline(__always)
    mutating func sixDigits(_ value: UInt32) {
        guard value < 1_000_000 else { zeroPadded(Int64(value), width: 6); return }
        let high = value / 10_000
        let low = value &- high &* 10_000
        let middle = low / 100
        pair(high)
        pair(middle)
        pair(low &- middle &* 100)
    }

    /// `%04d` (an evemu event's value): 0 to 9999 as two pairs of digits, others as
    /// ``zeroPadded(_:width:)``.
    @inline(__always)
    mutating func fourDigits(_ value: Int32) {
        guard value >= 0, value < 10_000 else { zeroPadded(Int64(value), width: 4); return }
        let v = UInt32(truncatingIfNeeded: value)
        let high = v / 100
        pair(high)
        pair(v &- high &* 100)
    }

    /// "00" to "ff": a byte's two hex digits in ``hex4(_:)``.
    private static var hexPairs: StaticString {
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
    }

    /// `%04x` of a 16-bit value (always four digits): each byte's two digits from
    /// ``hexPairs``, one 2-byte store each; as ``hex(_:width:)`` with width 4.
    @inline(__always)
    mutating func hex4(_ value: UInt16) {
        // A byte's pair starts at 2 × byte < 512, the table's length.
        let pairs = UnsafeRawPointer(Self.hexPairs.utf8Start)
        let to = UnsafeMutableRawPointer(base + count)
        to.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(value >> 8) &* 2, as: UInt16.self), as: UInt16.self)
        to.storeBytes(of: pairs.loadUnaligned(fromByteOffset: Int(value & 0xFF) &* 2, as: UInt16.self), toByteOffset: 2, as: UInt16.self)
        count &+= 4
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
