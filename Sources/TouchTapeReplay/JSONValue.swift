/// A minimal JSON tree with a deterministic writer: keys keep the order they were
/// given and numbers are printed with a fixed rounding, so two replays of the same
/// input give byte-identical reports (Foundation's encoder guarantees neither
/// across platforms).
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Equal when rendered alike.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }
    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// Decimal places kept for non-integer numbers.
    public static let fractionDigits = 6

    /// Pretty-printed with two-space indentation and a trailing newline at top level.
    public func rendered(indent: Int = 0) -> String {
        var out = ""
        render(into: &out, indent: indent)
        return out
    }

    /// ``rendered(indent:)`` appended to `out`: one growing string rather than a string per
    /// node joined at every level (issue 13: rendering dominated long replays).
    public func render(into out: inout String, indent: Int = 0) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .number(let d): out += Self.format(d)
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                if i > 0 { out += ",\n" }
                Self.pad(&out, indent + 1)
                item.render(into: &out, indent: indent + 1)
            }
            out += "\n"
            Self.pad(&out, indent)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, member) in members.enumerated() {
                if i > 0 { out += ",\n" }
                Self.pad(&out, indent + 1)
                Self.quote(member.0, into: &out)
                out += ": "
                member.1.render(into: &out, indent: indent + 1)
            }
            out += "\n"
            Self.pad(&out, indent)
            out += "}"
        }
    }

    private static func pad(_ out: inout String, _ indent: Int) {
        for _ in 0..<indent { out += "  " }
    }

    /// On one line, no spaces (JSON lines: `touchtape live` when stdout is not a terminal).
    public func compactRendered() -> String {
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
        let scale = 1_000_000.0
        var rounded = (d * scale).rounded() / scale
        if rounded == 0 { rounded = 0 }  // no "-0"
        let negative = rounded < 0
        let magnitude = abs(rounded)
        let whole = magnitude.rounded(.towardZero)
        var fraction = Int(((magnitude - whole) * scale).rounded())
        var wholeInt = whole
        if fraction >= Int(scale) { fraction -= Int(scale); wholeInt += 1 }
        var text = String(format: wholeInt)
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: fractionDigits - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return negative ? "-" + text : text
    }

    private static func quote(_ s: String) -> String {
        var out = ""
        quote(s, into: &out)
        return out
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        // Most strings need no escape: appended whole (per scalar, quoting was the
        // dearest part of a streamed JSON report). 0xC2 and 0xE2 lead the UTF-8 of C1
        // controls and of the line separators and bidirectional overrides.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Beyond what JSON requires (below 0x20), what a terminal would act on when
                // the JSON is printed (DEL, C1's 8-bit CSI, line separators, bidirectional
                // overrides) is escaped too: still valid JSON, and it reads back the same.
                switch scalar.value {
                case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

private func String(format whole: Double) -> String {
    // Whole numbers up to 2^53 print exactly as integers.
    if whole < 9.007_199_254_740_992e15 { return String(Int64(whole)) }
    return "\(whole)"
}
