import Testing
@_spi(Pipeline) import TouchTapeEvents

@Test func eventTimeKeepsEpochMicrosecondsExactly() {
    // 1357751027.090934 is an absolute timestamp from a peer recording; as a Double
    // it would not survive a round trip of all its digits through arithmetic.
    let t = EventTime(seconds: 1_357_751_027, microseconds: 90_934)
    #expect(t.description == "1357751027.090934")
    #expect(t.totalMicroseconds == 1_357_751_027_090_934)
    #expect(EventTime(totalMicroseconds: t.totalMicroseconds) == t)
}

@Test func eventTimeOrdersAndSubtracts() {
    let a = EventTime(seconds: 1, microseconds: 999_999)
    let b = EventTime(seconds: 2, microseconds: 1)
    #expect(a < b)
    #expect(b.microseconds(since: a) == 2)
    #expect(a.microseconds(since: b) == -2)
    #expect(a.adding(microseconds: 2) == b)
    #expect(EventTime(seconds: 0, microseconds: 5).adding(microseconds: -10) == .zero)
    #expect(EventTime(seconds: 0, microseconds: 1).description == "0.000001")
}
