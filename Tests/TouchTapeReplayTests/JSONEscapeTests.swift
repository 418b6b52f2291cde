import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeReplay

/// JSON strings: what a terminal would act on is escaped, whatever surrounds it; every
/// other character, "—" and "→" included, is written as it is (the quick path that appends
/// a string whole must agree with the character-by-character one).
@Test func everyEscapedCharacterIsEscapedAndItsNeighboursAreNot() {
    let escaped: [UInt32] = Array(0x00..<0x20) + [0x7F] + Array(0x80...0x9F) + [0x200E, 0x200F, 0x2028, 0x2029]
        + Array(0x202A...0x202E) + Array(0x2066...0x2069)
    let kept: [UInt32] = [0x20, 0x7E, 0xA0, 0xE9, 0x2000, 0x200D, 0x2010, 0x2014, 0x2026, 0x2027, 0x202F, 0x2065, 0x206A, 0x2192, 0x1F600]
    for value in escaped {
        let scalar = Unicode.Scalar(value)!
        for context in ["", "a — b → ", "é"] {
            let text = context + String(Character(scalar)) + context
            let json = JSONValue.string(text).rendered()
            #expect(!json.unicodeScalars.contains(scalar) || scalar == "\"" || scalar == "\\", "U+\(String(value, radix: 16)) in \(context)")
            #expect(json.contains("\\"), "U+\(String(value, radix: 16)) is escaped")
        }
    }
    for value in kept {
        let text = "x — " + String(Character(Unicode.Scalar(value)!)) + " → y"
        #expect(JSONValue.string(text).rendered() == "\"" + text + "\"", "U+\(String(value, radix: 16)) is kept")
    }
}

/// Printable ASCII is looked at eight bytes at a time: a character to escape is found at
/// every position of a word, in strings short enough to be stored inline and long ones, and
/// each byte of printable ASCII on its own is kept.
@Test func anEscapeIsFoundAtEveryPositionOfAWord() {
    let plain = "abcdefghijklmnopqrstuvwxyz0123456789"
    let special: [Unicode.Scalar] = (0x00..<0x20).map { Unicode.Scalar(UInt8($0)) } + ["\"", "\\", "\u{7F}", "\u{85}", "\u{2028}"]
    for length in [7, 8, 9, 15, 16, 17, 24, 33] {
        let base = String(plain.prefix(length))
        for position in 0...length {
            for scalar in special {
                var text = base
                text.insert(Character(scalar), at: text.index(text.startIndex, offsetBy: position))
                let json = JSONValue.string(text).rendered()
                let expected = "\"" + String(base.prefix(position)) + escapedForm(scalar) + String(base.dropFirst(position)) + "\""
                #expect(json == expected, "U+\(String(scalar.value, radix: 16)) at \(position) of \(length)")
            }
        }
    }
    // Lead bytes of kept characters (C2 A0, E2 80 94, E2 86 92, C3 A9) at every position too.
    for length in [7, 8, 9, 16, 17] {
        let base = String(plain.prefix(length))
        for position in 0...length {
            for kept in ["\u{A0}", "—", "→", "é", "\u{2027}", "\u{202F}", "\u{1F600}"] {
                var text = base
                text.insert(contentsOf: kept, at: text.index(text.startIndex, offsetBy: position))
                #expect(JSONValue.string(text).rendered() == "\"" + text + "\"", "\(kept) at \(position) of \(length)")
            }
        }
    }
    for byte in UInt8(0x20)...UInt8(0x7E) where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        let text = String(repeating: String(Character(Unicode.Scalar(byte))), count: 11)
        #expect(JSONValue.string(text).rendered() == "\"" + text + "\"", "0x\(String(byte, radix: 16)) is kept")
    }
}

/// How JSONValue writes one escaped character.
private func escapedForm(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\"": return "\\\""
    case "\\": return "\\\\"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default:
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

/// A check's detail and an explanation reach the JSON as their bytes (``Words``): quoted
/// exactly as the same text as a `String`, escapes and kept characters alike.
@Test func wordsAreQuotedAsTheirString() {
    let texts = ["", "plain", "a — b → c", "tab\there", "quote \" and \\", "bidi \u{202E} override", "C1 \u{85}", "é\n"]
        + (0..<0x20).map { "x" + String(Character(Unicode.Scalar(UInt8($0)))) + "y" }
    for text in texts {
        var fromWords: [UInt8] = [], fromString: [UInt8] = []
        JSONValue.quote(Words(text), into: &fromWords)
        JSONValue.quote(text, into: &fromString)
        #expect(fromWords == fromString, "\(text.debugDescription)")
    }
}
