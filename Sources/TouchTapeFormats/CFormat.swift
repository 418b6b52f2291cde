/// The few `printf` conversions the two writers need, so output matches the C
/// tools byte for byte without going through Foundation's `String(format:)`.
enum CFormat {
    /// `%0<width>x`
    static func hex<T: BinaryInteger>(_ value: T, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `%#04x`: `0x`-prefixed unless zero, zero-padded to 4 characters in all.
    static func alternateHex04<T: BinaryInteger>(_ value: T) -> String {
        if value == 0 { return "0000" }
        let digits = "0x" + String(value, radix: 16)
        guard digits.count < 4 else { return digits }
        return "0x" + String(repeating: "0", count: 4 - digits.count) + String(value, radix: 16)
    }

    /// `%0<width>d`: zero padding after the sign (`-1` → `-001` at width 4).
    static func zeroPadded<T: BinaryInteger>(_ value: T, width: Int) -> String {
        let magnitude = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - sign.count - magnitude.count)) + magnitude
    }

    /// `%<width>d` / `%<width>s`: right-aligned in spaces.
    static func right(_ text: String, width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `%-<width>s`: left-aligned in spaces.
    static func left(_ text: String, width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
