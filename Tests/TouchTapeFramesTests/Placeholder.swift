import Testing

@Test func placeholder_Frames() { #expect(Bool(true)) }
