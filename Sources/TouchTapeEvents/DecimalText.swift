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
        // Written into bytes on the stack: the integers' descriptions, their concatenation
        // and the zero padding as strings cost ten times as much, and a probe's explanation
        // prints a dozen numbers (issue 26). A sign, 19 digits, the point and the decimals.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21 + digits) { buffer in
            let count = write(value, digits, scale: scale, into: buffer)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// The same text appended to `bytes` (``Words`` writes its numbers so).
    package static func fixed(_ value: Double, _ digits: Int, into bytes: inout [UInt8]) {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        guard value.isFinite, abs(value) * scale < 1e18 else {
            bytes.append(contentsOf: "\(value)".utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21 + digits) { buffer in
            let count = write(value, digits, scale: scale, into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes `value` (finite, `|value| × scale` below 1e18, `scale` = 10^`digits`) with
    /// `digits` decimals into `buffer`, which has room for 21 + `digits` bytes; returns the count.
    private static func write(_ value: Double, _ digits: Int, scale: Double, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        var fraction = Int64(scaled) - whole * Int64(scale)
        var count = 0
        if value < 0 && scaled != 0 {
            buffer[0] = UInt8(ascii: "-")
            count = 1
        }
        var rest = whole, first = count
        repeat {
            buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
            count += 1
            rest /= 10
        } while rest > 0
        var last = count - 1
        while first < last {
            buffer.swapAt(first, last)
            first += 1
            last -= 1
        }
        if digits > 0 {
            buffer[count] = UInt8(ascii: ".")
            for position in stride(from: count + digits, to: count, by: -1) {
                buffer[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            count += 1 + digits
        }
        return count
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

    /// C's `%.4g` (`printf`'s "general" form with four significant digits) for the values a
    /// decision's words print, character for character, without Foundation's
    /// `String(format:)` (a third of a decision's cost, issue 26): the value rounded to four
    /// significant digits as its exact binary value rounds (halves to even), fixed-point
    /// when its decimal exponent is −4…3, else `d.ddde±XX`, trailing zeros dropped. Values
    /// outside 1e−10…1e15 and non-finite ones return `nil` (the caller formats them).
    package static func general4(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        let a = abs(value)
        guard a >= 1e-10, a < 1e15 else { return nil }
        // The decimal exponent of a (first a guess from the binary one, then made exact):
        // k = 3 − exponent puts four digits before the point, a × 10^k in 1000…9999.
        var exponent = Int((Double(a.exponent) * 0.301_029_995_663_981_2).rounded(.down))
        var k = 3 - exponent
        // Sign of a × 10^k − q, exactly (q a whole number or a half, below 2^14).
        func compare(_ q: Double) -> Int {
            if k >= 0 {
                let d = (-q).addingProduct(a, tenToThe(k))   // one rounding of the exact difference
                return d > 0 ? 1 : d < 0 ? -1 : 0
            }
            let t = q * tenToThe(-k)   // (2q)·5^−k·2^(−k−1): exact below 2^53, so for −k ≤ 11
            return a > t ? 1 : a < t ? -1 : 0
        }
        for _ in 0..<4 {
            guard k >= -11, k <= 22 else { return nil }
            if compare(1000) < 0 { exponent -= 1 } else if compare(10_000) >= 0 { exponent += 1 } else { break }
            k = 3 - exponent
        }
        guard k >= -11, k <= 22, compare(1000) >= 0, compare(10_000) < 0 else { return nil }
        var m = (k >= 0 ? a * tenToThe(k) : a / tenToThe(-k)).rounded(.down)
        while compare(m) < 0 { m -= 1 }
        while compare(m + 1) >= 0 { m += 1 }
        switch compare(m + 0.5) {
        case 1: m += 1
        case 0: if m.truncatingRemainder(dividingBy: 2) != 0 { m += 1 }
        default: break
        }
        var x = exponent   // the decimal exponent after rounding
        if m >= 10_000 { m /= 10; x += 1 }
        let digits = Array(String(Int(m)).utf8)   // four digits
        var text = value < 0 ? "-" : ""
        if x >= -4 && x < 4 {
            // Fixed-point with 3 − x decimals, trailing zeros (and a bare point) dropped.
            var integer: [UInt8], fraction: [UInt8]
            if x >= 0 {
                integer = Array(digits[...x]); fraction = Array(digits[(x + 1)...])
            } else {
                integer = [UInt8(ascii: "0")]
                fraction = Array(repeating: UInt8(ascii: "0"), count: -x - 1) + digits
            }
            while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
            text += String(decoding: integer, as: UTF8.self)
            if !fraction.isEmpty { text += "." + String(decoding: fraction, as: UTF8.self) }
        } else {
            var fraction = Array(digits.dropFirst())
            while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
            text += String(decoding: digits.prefix(1), as: UTF8.self)
            if !fraction.isEmpty { text += "." + String(decoding: fraction, as: UTF8.self) }
            text += (x < 0 ? "e-" : "e+") + (abs(x) < 10 ? "0" : "") + String(abs(x))
        }
        return text
    }

    /// 10^n for −22 ≤ n ≤ 22, exact for n ≥ 0 (the literals are exact doubles up to 1e22).
    private static func tenToThe(_ n: Int) -> Double {
        n >= 0 ? powersOfTen[n] : 1 / powersOfTen[-n]
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
                                                1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]
}
