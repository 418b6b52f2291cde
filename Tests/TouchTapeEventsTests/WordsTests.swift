import Testing
@_spi(Pipeline) import TouchTapeEvents

/// ``Words`` writes what a `String` interpolation of the same pieces writes, byte for byte:
/// report lines built either way must not differ.
@Suite struct WordsTests {
    enum Side: String, CustomStringConvertible {
        case bottom
        var description: String { "the \(rawValue) edge" }
    }

    @Test func aWordsInterpolationIsTheStringInterpolation() {
        let values: [Double] = [0, -0.0, 1, -1.5, 0.1, 1.0 / 3, 1e-7, 1e21, 12_345.678, .infinity, -.infinity, .nan]
        for value in values {
            for count in [0, 7, -3, Int.max, Int.min] {
                let name = "progress-range", empty = "", long = String(repeating: "é→", count: 40)
                let words: Words = "t=\(value) s → \(count) updates (\(name)\(empty)) along \(Side.bottom), \(true) … \(long)"
                let string = "t=\(value) s → \(count) updates (\(name)\(empty)) along \(Side.bottom), \(true) … \(long)"
                #expect(words.text == string)
                #expect(words.bytes == Array(string.utf8))
            }
        }
    }

    @Test func fixedDecimalsAreDecimalTextFixed() {
        for value in [0.0, -0.004, 0.125, -0.125, 2.0 / 3, 1e300, .nan] {
            for digits in 0...6 {
                let words: Words = "[\(fixed: value, digits)]"
                #expect(words.text == "[" + DecimalText.fixed(value, digits) + "]")
            }
        }
    }

    @Test func piecesJoinInOrder() {
        var words: Words = "threshold: "
        words += "release progress \(0.5)"
        words.append("; ")
        words.append(Words("no flick"))
        words.append { $0 += Array("!".utf8) }
        #expect(words.text == "threshold: release progress 0.5; no flick!")
        #expect((Words("a") + "b").text == "ab")
        #expect(Words().isEmpty && !words.isEmpty)
        #expect(words.description == words.text)
    }
}
