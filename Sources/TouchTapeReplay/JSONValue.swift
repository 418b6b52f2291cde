@_spi(Pipeline) import TouchTapeEvents

/// A minimal JSON tree with a deterministic writer: keys keep the order they were
/// given and numbers are printed with a fixed rounding, so two replays of the same
/// input give byte-identical reports (Foundation's encoder guarantees neither
/// across platforms).
///
/// Not `indirect`: the arrays of `.array` and `.object` already hold their elements out of
/// line, and a box for every node was a tenth of a probed JSON replay (issue 26).
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Equal when rendered alike.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }
    /// Hashes what equality compares.
    package func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// Decimal places kept for non-integer numbers.
    package static let fractionDigits = 6

    /// Pretty-printed with two-space indentation and a trailing newline at top level.
    package func rendered(indent: Int = 0) -> String {
        var out = ""
        render(into: &out, indent: indent)
        return out
    }

    /// ``rendered(indent:)`` appended to `out`: one growing string rather than a string per
    /// node joined at every level (issue 13: rendering dominated long replays). The text is
    /// built as UTF-8 bytes and made a string once: appending to a byte array costs a
    /// fraction of appending to a `String` (a fifth of a probed JSON replay went there).
    package func render(into out: inout String, indent: Int = 0) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        render(into: &bytes, indent: indent)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// ``rendered(indent:)``'s UTF-8 bytes appended to `out`: the tree written through
    /// ``JSONTextWriter``, the one place the layout is (a report row is written through it
    /// without a tree).
    package func render(into out: inout [UInt8], indent: Int) {
        JSONTextWriter.write(into: &out, indent: indent) { $0.value(self) }
    }

    /// `bytes` appended: a few (a short quoted string) one by one, as a bulk append's set-up
    /// costs more than the bytes (the append calls were a twentieth of a probed replay).
    @inline(__always)
    static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        if bytes.count <= 8 {
            for b in bytes { out.append(b) }
        } else {
            out.append(contentsOf: bytes)
        }
    }

    package static func pad(_ out: inout [UInt8], _ indent: Int) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// The decimal digits of `value` (with its `-`), as `String(value)` writes them.
    package static func digits(_ value: Int64, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: a UInt64 has at most 20 digits
        let count = withUnsafeMutableBytes(of: &buffer) { raw -> Int in
            var index = 24
            repeat {
                index -= 1
                raw[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[index...]))
            return 24 - index
        }
        _ = count
    }

    /// A number's JSON text appended as bytes: fixed-point, rounded to six decimals, trailing
    /// zeros trimmed, no `-0`. ``format(_:)`` is this text as a string.
    package static func number(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite, abs(d) < 9.007_199_254_740_992e15 else {
            out += format(d).utf8
            return
        }
        let scale = 1_000_000.0
        var rounded = (d * scale).rounded() / scale
        if rounded == 0 { rounded = 0 }  // no "-0"
        let negative = rounded < 0
        let magnitude = abs(rounded)
        let whole = magnitude.rounded(.towardZero)
        var fraction = Int(((magnitude - whole) * scale).rounded())
        var wholeInt = whole
        if fraction >= Int(scale) { fraction -= Int(scale); wholeInt += 1 }
        if negative { out.append(UInt8(ascii: "-")) }
        if wholeInt < 9.007_199_254_740_992e15 {
            digits(Int64(wholeInt), into: &out)
        } else {
            out += String(format: wholeInt).utf8
        }
        guard fraction > 0 else { return }
        // Six digits, leading zeros kept, trailing zeros dropped.
        var six: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &six) { raw in
            var rest = fraction
            for index in stride(from: fractionDigits - 1, through: 0, by: -1) {
                raw[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            var end = fractionDigits
            while end > 1, raw[end - 1] == UInt8(ascii: "0") { end -= 1 }
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[..<end]))
        }
    }

    /// On one line, no spaces (JSON lines: `touchtape live` when stdout is not a terminal).
    package func compactRendered() -> String {
        switch self {
        case .null, .bool, .integer, .number, .string: return rendered()
        case .array(let items): return "[" + items.map { $0.compactRendered() }.joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quote($0.0) + ":" + $0.1.compactRendered() }.joined(separator: ",") + "}"
        }
    }

    /// Fixed-point with trailing zeros trimmed; non-finite values become `null`
    /// (JSON has no NaN), which the `progress-range` check reports separately.
    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        // Beyond 2^53 a double has no fraction left (and d × 10^6 may overflow): whole.
        if abs(d) >= 9.007_199_254_740_992e15 { return d < 0 ? "-" + String(format: abs(d)) : String(format: d) }
        // The one rounding: the byte writer's.
        var out: [UInt8] = []
        number(d, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        quote(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `bytes` (UTF-8) are written as they are between quotes: nothing in them is
    /// escaped.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { !needsEscape(bytes) }

    /// ``quote(_:into:)`` of text given as its UTF-8 bytes: appended whole when nothing in it
    /// is escaped, else quoted as its `String`.
    package static func quote(_ words: Words, into out: inout [UInt8]) {
        let whole = words.bytes.withUnsafeBufferPointer { bytes -> Bool in
            guard !needsEscape(bytes) else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if !whole { quote(words.text, into: &out) }
    }

    package static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: appended whole (per scalar, quoting was the
        // dearest part of a streamed JSON report, and reports are full of "—" and "→").
        // Looked at through the string's own bytes: `withUTF8` gives a native string's in
        // place and a small one's (most keys and values) from a copy on the stack. (Its
        // UTF-8 view byte by byte was a tenth of a probed replay, and a small string
        // copied into an array a third of a check's JSON, issue 26.)
        var text = s
        let whole = text.withUTF8 { bytes -> Bool in
            guard !needsEscape(bytes) else { return false }
            Self.bytes(bytes, into: &out)
            return true
        }
        if whole {
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\"".utf8
            case "\\": out += "\\\\".utf8
            case "\n": out += "\\n".utf8
            case "\r": out += "\\r".utf8
            case "\t": out += "\\t".utf8
            default:
                // Beyond what JSON requires (below 0x20), what a terminal would act on when
                // the JSON is printed (DEL, C1's 8-bit CSI, line separators, bidirectional
                // overrides) is escaped too: still valid JSON, and it reads back the same.
                switch scalar.value {
                case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                    let hex = String(scalar.value, radix: 16)
                    out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
                default:
                    out += String(Character(scalar)).utf8
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Whether `bytes` (UTF-8) hold anything ``JSONValue`` escapes: a control character, DEL, a
/// quote or a backslash, a C1 control (`C2 80`…`C2 9F`), or one of U+200E/F, U+2028/9,
/// U+202A…E (`E2 80 8E`…) and U+2066…9 (`E2 81 A6`…). Other multi-byte characters ("—",
/// "→", "é") are not, so text with them is still appended whole. Looked at eight bytes at a
/// time: a word with none of those bytes nor a `C2` or `E2` lead byte is passed over whole,
/// any other is looked at byte by byte.
private func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    var i = 0
    while i + 8 <= count {
        if mayNeedEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)), escapes(bytes, from: i, to: i + 8) {
            return true
        }
        i += 8
    }
    return escapes(bytes, from: i, to: count)
}

/// Whether a byte of `bytes[from..<to]` starts something ``needsEscape(_:)`` finds (the
/// bytes after a lead byte are read past `to`).
private func escapes(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Bool {
    let count = bytes.count
    var i = from
    while i < end {
        let b = bytes[i]
        i += 1
        if b >= 0x20 && b < 0x7F {
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return true }
            continue
        }
        if b < 0x20 || b == 0x7F { return true }
        if b == 0xC2 {
            guard i < count else { return false }
            let c = bytes[i]
            if c >= 0x80 && c <= 0x9F { return true }
        } else if b == 0xE2 {
            guard i + 1 < count else { return false }
            let c = bytes[i], d = bytes[i + 1]
            if c == 0x80, d == 0x8E || d == 0x8F || d == 0xA8 || d == 0xA9 || (0xAA...0xAE).contains(d) { return true }
            if c == 0x81, (0xA6...0xA9).contains(d) { return true }
            // Malformed sequences cannot occur in a String; ASCII after E2 would be malformed.
        }
        // The continuation bytes that follow are >= 0x80 and none of the above: passed over.
    }
    return false
}

/// Whether one of the eight bytes of `word` is below 0x20, DEL, `"`, `\\`, or the lead byte
/// `C2` or `E2`: the usual "has a zero byte" test, `(v − 0x01…) & ~v & 0x80…`, on `word` XOR
/// each, and its "has a byte below n" form for the controls (exact for any byte values, as a
/// byte of 0x80 or more neither borrows nor is flagged). Continuation bytes and other lead
/// bytes pass: only the sequences behind `C2` and `E2` are escaped.
@inline(__always)
private func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
    if (word &- ones &* 0x20) & ~word & highs != 0 { return true }
    return hasZero(word ^ (ones &* 0x7F)) || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
        || hasZero(word ^ (ones &* 0xC2)) || hasZero(word ^ (ones &* 0xE2))
}

private func String(format whole: Double) -> String {
    // Whole numbers up to 2^53 print exactly as integers.
    if whole < 9.007_199_254_740_992e15 { return String(Int64(whole)) }
    return "\(whole)"
}
