import Testing

@Test func placeholder_Device() { #expect(Bool(true)) }
