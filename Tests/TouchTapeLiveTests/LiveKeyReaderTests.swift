import Testing
@testable import TouchTapeLive

// Issue 24: arrow keys (ESC [ A …) were read byte by byte, so their `[` lowered the
// threshold (two presses of Up: 0.33 → 0.25). Escape sequences are consumed whole.

@Test func arrowsAreArrowsNotThresholdKeys() {
    var reader = LiveKeyReader()
    #expect(reader.feed(Array("\u{1B}[A\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D".utf8)) == [.arrow(.up), .arrow(.up), .arrow(.down), .arrow(.right), .arrow(.left)])
}

@Test func aSequenceSplitAcrossReadsIsFinishedOnTheNext() {
    var reader = LiveKeyReader()
    #expect(reader.feed([0x1B]).isEmpty)
    #expect(reader.feed(Array("[".utf8)).isEmpty)
    #expect(reader.feed(Array("A]".utf8)) == [.arrow(.up), .key(.thresholdUp)])
}

@Test func otherSequencesAndAltKeysAreDropped() {
    var reader = LiveKeyReader()
    // F5 (ESC [ 1 5 ~), Page Up (ESC [ 5 ~), Alt+q (ESC q), then a plain `q`.
    #expect(reader.feed(Array("\u{1B}[15~\u{1B}[5~\u{1B}q".utf8)).isEmpty)
    #expect(reader.feed(Array("q".utf8)) == [.key(.quit)])
}

@Test func plainKeysPassThrough() {
    var reader = LiveKeyReader()
    #expect(reader.feed(Array("[]fcnx".utf8)) == [.key(.thresholdDown), .key(.thresholdUp), .key(.labelFinish),
                                                 .key(.labelCancel), .key(.labelNone), .key(.labelClear)])
}
