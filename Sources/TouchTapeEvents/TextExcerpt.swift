/// Text from a file or from the command line, made safe to print inside one line of an
/// error message.
///
/// Hostile or broken input reaches error messages: a 10 MB line, a whole YAML file in a
/// parser's complaint, terminal escape sequences. Every error that quotes input goes
/// through this one function, so none of them can flood stderr or drive the terminal:
/// control characters (C0, DEL, C1, the Unicode line and paragraph separators) are
/// written as `\x1b` / `\u{2028}` escapes, and the text is cut after `limit` characters
/// with "…".
///
/// ```swift
/// TextExcerpt.make("E: 0.1 \u{1b}[31m red")   // "E: 0.1 \\x1b[31m red"
/// TextExcerpt.make(String(repeating: "9", count: 10_000_000)).count   // 61
/// ```
package enum TextExcerpt {
    /// How many characters of input an error message quotes by default.
    package static let defaultLimit = 60

    /// The excerpt of `text`: cut at `limit` characters, control characters escaped.
    package static func make(_ text: some StringProtocol, limit: Int? = defaultLimit) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if let limit, count >= limit { return out + "…" }
            out += escaped(scalar)
            count += 1
        }
        return out
    }

    /// All of `text`, made safe for a terminal the same way (nothing cut): what every
    /// report, listing and view prints of a file name, device name or note from a recording.
    /// Plain printable ASCII, the common case, comes back as it is.
    package static func terminalSafe(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        return make(text, limit: nil)
    }

    /// Text for a terminal whose lines may quote a recording (names, notes): each line made
    /// terminal-safe (``terminalSafe(_:)``), the line breaks kept.
    package static func terminalLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { terminalSafe(String($0)) }
            .joined(separator: "\n")
    }

    /// One scalar as printable text: itself, or an escape for control and line-break scalars.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x00..<0x20, 0x7F..<0xA0:
            let hex = String(scalar.value, radix: 16)
            return "\\x" + (hex.count < 2 ? "0" : "") + hex
        case 0x2028, 0x2029, 0xFEFF, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{" + String(scalar.value, radix: 16) + "}"
        default:
            return String(scalar)
        }
    }
}
