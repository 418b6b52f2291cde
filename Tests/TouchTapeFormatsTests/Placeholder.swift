import Testing

@Test func placeholder_Formats() { #expect(Bool(true)) }
