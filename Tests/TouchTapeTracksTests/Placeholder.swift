import Testing

@Test func placeholder_Tracks() { #expect(Bool(true)) }
