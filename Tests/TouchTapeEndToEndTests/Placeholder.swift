import Testing

@Test func placeholder_EndToEnd() { #expect(Bool(true)) }
