import Testing

@Test func placeholder_Pan() { #expect(Bool(true)) }
