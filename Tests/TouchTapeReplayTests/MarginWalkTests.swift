import Testing
import TouchTapeDismissal
import TouchTapeSynthesis
@testable import TouchTapeReplay

// `Margins.margin` walks outwards from the current value to the first change on each side
// (issue 26: the points past it were decided for nothing). Here it is held to the plain
// reading of "the nearest flip": every neighbouring pair of points looked at in ascending
// order, every change narrowed, the smallest distance kept (the first of equal ones).

/// The plain reading, over the same points as `Margins.margin` makes.
private func nearestFlipByFullScan(current: Double, candidates: [Double], range: ClosedRange<Double>,
                                   outcome: (Double) -> Outcome) -> Double? {
    var points: [Double] = []
    func add(_ p: Double) { if !points.contains(p) { points.append(p) } }
    add(current)
    add(range.lowerBound)
    add(range.upperBound)
    for c in candidates where c.isFinite {
        for p in [c.nextDown, c, c.nextUp] where range.contains(p) { add(p) }
    }
    points.sort()
    var nearest: Double?
    var previous = outcome(points[0])
    for i in points.indices.dropFirst() {
        let here = outcome(points[i])
        defer { previous = here }
        guard here != previous else { continue }
        let m = OutcomeSweep.bisect(from: points[i - 1], previous, to: points[i], outcome: outcome).value - current
        if nearest.map({ abs(m) < abs($0) }) ?? true { nearest = m }
    }
    return nearest
}

@Test("the outward walk finds the nearest flip the full scan finds, on random step outcomes")
func marginWalkAgreesWithTheFullScan() {
    var random = SeededGenerator(seed: 26)
    let outcomes: [Outcome] = [.finish, .cancel, .none]
    var below = 0, above = 0, none = 0
    for trial in 0..<4000 {
        let range: ClosedRange<Double> = trial % 2 == 0 ? 0...1 : 0...5000
        let width = range.upperBound - range.lowerBound
        func value() -> Double { range.lowerBound + random.unit() * width }
        var candidates = (0..<3).map { _ in value() }
        if trial % 7 == 0 { candidates[2] = .infinity }
        // Equal distances: a candidate either side of the current value, as far from it, so
        // that flips on them tie (the lower one must win, as the full scan keeps it).
        let mode = random.next() % 4
        var current = value()
        if mode == 2 {
            candidates[0] = current - width / 8
            candidates[1] = current + width / 8
        }
        // Breakpoints on the candidates, a step beside them, or anywhere (a flip between two
        // points far apart is narrowed by bisection).
        var breaks: [Double] = []
        for _ in 0..<Int(random.next() % 4) {
            let c = candidates[Int(random.next() % 2)]
            switch random.next() % 4 {
            case 0: breaks.append(c)
            case 1: breaks.append(c.nextUp)
            case 2: breaks.append(c.nextDown)
            default: breaks.append(value())
            }
        }
        breaks.sort()
        let levels = (0...breaks.count).map { _ in outcomes[Int(random.next() % 3)] }
        let outcome = { (x: Double) -> Outcome in levels[breaks.lastIndex(where: { $0 <= x }).map { $0 + 1 } ?? 0] }
        // The current value: on a candidate, on a breakpoint, or anywhere.
        switch mode {
        case 0: current = candidates[0]
        case 1: current = breaks.first ?? current
        default: break
        }
        let walked = Margins.margin(current: current, candidates: (candidates[0], candidates[1], candidates[2]),
                                    range: range, outcome: outcome)
        let scanned = nearestFlipByFullScan(current: current, candidates: candidates, range: range, outcome: outcome)
        #expect(walked == scanned, "trial \(trial): current \(current), candidates \(candidates), breaks \(breaks), outcomes \(levels)")
        switch scanned {
        case let m? where m < 0: below += 1
        case _?: above += 1
        case nil: none += 1
        }
    }
    // The trials must have had nearest flips below, above, and none at all.
    #expect(below > 500 && above > 500 && none > 200, "below \(below), above \(above), none \(none)")
}
