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

/// ``JSONTextWriter`` keeps a few hundred bytes of its own before appending them to the
/// text: documents far longer than that, strings longer than it, escaped strings between
/// plain ones and nesting past the padding it keeps (30 levels) must come out as the layout
/// says, written out here plainly from each leaf's text.
@Test func theWritersTextIsTheLayoutWhateverItsLength() {
    var state: UInt64 = 0x0DDB_1A5E_5BAD_5EED
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    let pieces = ["a", "key", "é", "→", " ", "0", "\"", "\n", "\\", "\u{1B}", "progress-monotonic"]
    func text() -> String {
        let length = [0, 3, 40, 600, 1500][next(5)]
        var s = ""
        while s.utf8.count < length { s += pieces[next(100) < 97 ? next(6) : 6 + next(5)] }
        return s
    }
    func tree(_ depth: Int) -> JSONValue {
        // Near the top always a container of a few members, so that documents are long.
        switch depth > 34 ? next(5) : depth < 3 ? 5 + next(3) : next(8) {
        case 0: return .null
        case 1: return .bool(next(2) == 0)
        case 2: return .integer(next(2_000_001) - 1_000_000)
        case 3: return .number([0.5, -1e-7, 123.456789, .nan, 1e300, -0.0][next(6)])
        case 4: return .string(text())
        case 5, 6: return .array((0..<(depth < 3 ? 2 + next(4) : next(4))).map { _ in tree(depth + 1) })
        default: return .object((0..<(depth < 3 ? 2 + next(4) : next(4))).map { _ in (text(), tree(depth + 1)) })
        }
    }
    func pad(_ level: Int) -> String { String(repeating: "  ", count: level) }
    func layout(_ value: JSONValue, _ level: Int) -> String {
        switch value {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { pad(level + 1) + layout($0, level + 1) }.joined(separator: ",\n") + "\n" + pad(level) + "]"
        case .object(let members) where !members.isEmpty:
            return "{\n" + members.map { pad(level + 1) + JSONValue.string($0.0).compactRendered() + ": " + layout($0.1, level + 1) }
                .joined(separator: ",\n") + "\n" + pad(level) + "}"
        default:
            return value.compactRendered()
        }
    }
    var longest = 0, deepest = 0
    func depth(_ value: JSONValue) -> Int {
        switch value {
        case .array(let items): return 1 + (items.map(depth).max() ?? 0)
        case .object(let members): return 1 + (members.map { depth($0.1) }.max() ?? 0)
        default: return 0
        }
    }
    for _ in 0..<300 {
        // A document nested at least 36 deep now and then: the padding past 30 levels.
        var value = tree(next(3) == 0 ? 30 : 0)
        if next(10) == 0 { for _ in 0..<36 { value = .array([value]) } }
        let written = value.rendered()
        #expect(written == layout(value, 0))
        longest = max(longest, written.utf8.count)
        deepest = max(deepest, depth(value))
    }
    #expect(longest > 10_000 && deepest > 31)
}
