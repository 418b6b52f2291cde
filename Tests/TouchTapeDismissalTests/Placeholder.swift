import Testing

@Test func placeholder_Dismissal() { #expect(Bool(true)) }
