import Testing

@Test func placeholder_Events() { #expect(Bool(true)) }
