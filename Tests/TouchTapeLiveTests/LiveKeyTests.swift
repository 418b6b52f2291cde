import Testing
@testable import TouchTapeLive

@Test func everyListedKeyMapsToItsAction() {
    let expected: [(Character, LiveKey)] = [
        ("[", .thresholdDown), ("]", .thresholdUp), ("-", .flickVelocityDown), ("+", .flickVelocityUp),
        ("=", .flickVelocityUp), ("v", .toggleFlick), ("p", .nextProfile), ("e", .nextEdge), ("0", .resetSettings),
        ("f", .labelFinish), ("c", .labelCancel), ("n", .labelNone), ("x", .labelClear), ("s", .save), ("q", .quit),
        (" ", .pauseResume), (".", .step),
    ]
    for (character, key) in expected {
        #expect(LiveKey(byte: character.asciiValue!) == key, "\(character)")
    }
}

@Test func otherBytesAreIgnored() {
    for byte in [UInt8(ascii: "y"), UInt8(ascii: "1"), 27, 13, 10, UInt8(ascii: "\t")] {
        #expect(LiveKey(byte: byte) == nil, "\(byte)")
    }
}

@Test func everyKeyRoundTripsThroughItsSymbolAndIsInTheLegend() {
    for key in LiveKey.allCases {
        let byte = key.symbol == "space" ? UInt8(ascii: " ") : key.symbol.utf8.first!
        #expect(LiveKey(byte: byte) == key)
        #expect(LiveKey.legend.contains(key.symbol), "\(key)")
        #expect(!key.meaning.isEmpty)
    }
}
