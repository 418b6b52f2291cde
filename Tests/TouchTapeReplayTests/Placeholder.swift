import Testing

@Test func placeholder_Replay() { #expect(Bool(true)) }
