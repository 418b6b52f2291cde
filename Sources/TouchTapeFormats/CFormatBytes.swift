/// ``CFormat``'s `printf` conversions written as ASCII bytes onto the end of a buffer,
/// for the event lines the formatters write millions of times (`convert`, the recorder):
/// digits by hand, no `String`, no allocation once the buffer has grown to size.
///
/// Each function gives exactly the bytes of its ``CFormat`` counterpart (the formatter
/// tests compare both, and the files written before and after are the same bytes).
enum CFormatBytes {
    /// The bytes of a literal (`"E: "`), copied in one go.
    @inline(__always)
    static func append(_ literal: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// How many decimal digits `value` has (1 for 0).
    @inline(__always)
    static func decimalDigitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// The `count` decimal digits of `value`, most significant first (`count` from
    /// ``decimalDigitCount(_:)``).
    @inline(__always)
    static func appendDigits(_ value: UInt64, count: Int, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        out.withUnsafeMutableBufferPointer { bytes in
            var index = start + count
            var rest = value
            repeat {
                index -= 1
                bytes[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0
        }
    }

    /// `%lu` / `%u`.
    @inline(__always)
    static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        appendDigits(value, count: decimalDigitCount(value), to: &out)
    }

    /// `%d` / `%ld`.
    @inline(__always)
    static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude, to: &out)
    }

    /// `%0<width>d`: zero padding after the sign (`-1` → `-001` at width 4), as ``CFormat/zeroPadded(_:width:)``.
    @inline(__always)
    static func appendZeroPadded(_ value: Int64, width: Int, to out: inout [UInt8]) {
        let digits = decimalDigitCount(value.magnitude)
        let sign = value < 0 ? 1 : 0
        if sign == 1 { out.append(UInt8(ascii: "-")) }
        let zeros = width - sign - digits
        if zeros > 0 { out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: zeros)) }
        appendDigits(value.magnitude, count: digits, to: &out)
    }

    /// `%<width>d`: right-aligned in spaces, as ``CFormat/right(_:width:)`` of the decimal text.
    @inline(__always)
    static func appendRightAligned(_ value: Int64, width: Int, to out: inout [UInt8]) {
        let digits = decimalDigitCount(value.magnitude)
        let sign = value < 0 ? 1 : 0
        let spaces = width - sign - digits
        if spaces > 0 { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces)) }
        if sign == 1 { out.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, count: digits, to: &out)
    }

    /// `%<width>lu`: right-aligned in spaces.
    @inline(__always)
    static func appendRightAligned(_ value: UInt64, width: Int, to out: inout [UInt8]) {
        let digits = decimalDigitCount(value)
        if width > digits { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - digits)) }
        appendDigits(value, count: digits, to: &out)
    }

    /// `%0<width>x` (lower-case), as ``CFormat/hex(_:width:)``.
    @inline(__always)
    static func appendHex(_ value: UInt64, width: Int, to out: inout [UInt8]) {
        var digits = 1
        var rest = value >> 4
        while rest != 0 {
            rest >>= 4
            digits += 1
        }
        let count = max(width, digits)
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        out.withUnsafeMutableBufferPointer { bytes in
            var index = start + count
            var rest = value
            repeat {
                index -= 1
                let nibble = UInt8(truncatingIfNeeded: rest & 0xf)
                bytes[index] = nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
                rest >>= 4
            } while rest != 0
        }
    }
}
