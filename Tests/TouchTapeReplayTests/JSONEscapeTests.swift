import Testing
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
