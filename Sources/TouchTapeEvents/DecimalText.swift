/// Numbers as text with a fixed number of decimals, without Foundation, so that reports,
/// the live view and the device tools print the same characters on every platform.
/// The one formatter: reports, `touchtape live`, `play` and `record --stats` use it.
package enum DecimalText {
    /// `value` with exactly `digits` decimals, rounded half away from zero; beyond Int64
    /// arithmetic (or not finite) Swift's own description.
    package static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        guard value.isFinite, abs(value) * scale < 1e18 else { return "\(value)" }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        var text = String(whole)
        if digits > 0 {
            let frac = String(Int64(scaled) - whole * Int64(scale))
            text += "." + String(repeating: "0", count: digits - frac.count) + frac
        }
        return (value < 0 && scaled != 0 ? "-" : "") + text
    }

    /// The shortest text that reads back as `value`: `2`, `0.25`, `1e-05`.
    package static func shortest(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// A plain decimal as a user types one (`[+-]digits[.digits][e[+-]digits]`), or `nil`:
    /// `0x10`, `nan`, `inf`, `1_000`, spaces and empty text are not numbers here (Swift's
    /// `Double(_:)` reads the first three). Infinite results (`1e999`) come back as infinity,
    /// for a range check to name.
    package static func parse(_ text: some StringProtocol) -> Double? {
        var bytes = Array(text.utf8)[...]
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        let whole = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(whole)
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fraction)
        }
        guard whole + fraction > 0 else { return nil }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponent = bytes.prefix(while: isDigit).count
            guard exponent > 0 else { return nil }
            bytes = bytes.dropFirst(exponent)
        }
        guard bytes.isEmpty else { return nil }
        return Double(String(text))
    }
}
