import Testing
@testable import TouchTapeReplay

// A line's words in a track plot go where they cross nothing drawn: a release dot sat on
// "flick towards top cancels", a threshold's words were struck through by a flick line, and
// a flick's backing hid the threshold line it lay over.

private func labels() -> LineLabels { LineLabels(left: 0, right: 600, top: 0, bottom: 300) }

@Test func wordsOnTheirPreferredSpotWhenNothingIsThere() {
    var l = labels()
    let spot = l.place("flick towards top cancels", line: 200, right: true, below: true)
    #expect(spot.anchor == "end" && spot.x == 594 && spot.baseline == 213)
}

@Test func wordsLeaveADotAndAnotherLine() {
    var l = labels()
    l.dots.append((580, 208, 5.5))          // the release, just under the line's right end
    let spot = l.place("flick towards top cancels", line: 200, right: true, below: true)
    #expect(spot.anchor == "end" && spot.baseline == 195, "above the line at the right: \(spot)")
    // A flick line 6 px above the threshold line: the threshold's words go below their own
    // line, not through the flick line, and the flick's words not onto them.
    var m = labels()
    m.lines = [100, 94]
    let threshold = m.place("threshold 0.400", line: 100, right: false, below: false)
    let a = threshold.box
    #expect(threshold.baseline == 113, "below its line: \(threshold)")
    #expect(!(a.y0 < 94 && 94 < a.y1), "the words cross the other line: \(threshold)")
    let flick = m.place("flick towards left cancels", line: 94, right: true, below: false)
    #expect(!(a.x0 < flick.box.x1 && flick.box.x0 < a.x1 && a.y0 < flick.box.y1 && flick.box.y0 < a.y1))
}

@Test func wordsLeaveACurve() {
    var l = labels()
    // A steep curve through the left end of the line, above and below it.
    l.add(curve: [(10, 50), (40, 150)])
    let spot = l.place("threshold 0.333", line: 100, right: false, below: false)
    #expect(spot.anchor == "end", "to the right end, away from the curve: \(spot)")
}
