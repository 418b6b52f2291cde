import PropertyBased
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeTestSupport
@testable import TouchTapeFrames

/// ``ContactMatching/match(previous:current:units:nextID:)`` ranks its candidate pairs by
/// insertion up to ``ContactMatching/insertionLimit`` and by the standard sort beyond, and a
/// frame's contacts are put in id order the same two ways: each must give what the rule
/// gives (every pair ranked by distance, then previous, then current, taken greedily;
/// contacts by id, then slot), written out here plainly with the standard sort.
@Suite struct ContactMatchingTests {
    static let units = MillimetreConversion(description: TestDevices.touchscreenB)   // 10 units/mm

    /// Raw positions in a 40 mm square, so most pairs are within the 30 mm limit and the
    /// ranking decides; positions repeat, so distances tie.
    static let positions = Gen<Int32>.int32(in: 0...400).map { $0 - $0 % 7 }
    static let frames = zip(zip(positions, positions).array(of: 0...12), zip(positions, positions).array(of: 0...12))

    /// The rule, with the standard sort over every pair.
    static func reference(previous: [AnonymousContact], current: [(x: Int32, y: Int32)], nextID: inout Int) -> [Int] {
        var pairs: [(distance: Double, previous: Int, current: Int)] = []
        for (i, p) in previous.enumerated() {
            for (j, c) in current.enumerated() {
                let d = (units.position(rawX: c.x, rawY: c.y) - units.position(rawX: p.x, rawY: p.y)).length
                if d <= ContactMatching.maximumDistance { pairs.append((d, i, j)) }
            }
        }
        pairs.sort { ($0.distance, $0.previous, $0.current) < ($1.distance, $1.previous, $1.current) }
        var ids = [Int?](repeating: nil, count: current.count), taken = Set<Int>()
        for pair in pairs where ids[pair.current] == nil && !taken.contains(pair.previous) {
            ids[pair.current] = previous[pair.previous].id
            taken.insert(pair.previous)
        }
        return ids.map { id in
            if let id { return id }
            defer { nextID += 1 }
            return nextID
        }
    }

    @Test func idsFollowTheRuleBelowAndAboveTheInsertionLimit() async {
        var sizes = Set<Int>()
        await propertyCheck(count: 400, input: Self.frames) { frame in
            let previous = frame.0.enumerated().map { AnonymousContact(id: 100 + $0.offset, x: $0.element.0, y: $0.element.1) }
            let current = frame.1.map { (x: $0.0, y: $0.1) }
            var nextID = 500, referenceNextID = 500
            let matched = ContactMatching.match(previous: previous, current: current, units: Self.units, nextID: &nextID)
            #expect(matched.map(\.id) == Self.reference(previous: previous, current: current, nextID: &referenceNextID))
            #expect(nextID == referenceNextID)
            #expect(matched.map(\.x) == current.map(\.x) && matched.map(\.y) == current.map(\.y))
            // In place, as a frame's assembler matches: the same contacts and ids.
            var inPlace = previous, inPlaceNextID = 500
            ContactMatching.match(&inPlace, current: current, units: Self.units, nextID: &inPlaceNextID)
            #expect(inPlace == matched && inPlaceNextID == nextID)
            sizes.insert(previous.count * current.count)
        }
        // Both ways of ranking were taken.
        #expect(sizes.contains { $0 > 1 && $0 <= ContactMatching.insertionLimit })
        #expect(sizes.contains { $0 > ContactMatching.insertionLimit })
    }

    /// Frames as a touchpad gives them: the previous frame's contacts moved a step or none
    /// (so distances tie), sometimes reported in another order. ``ContactMatching/keepsOrder(_:count:)``
    /// takes most of them without ranking; every frame must still get the rule's ids.
    @Test func framesThatKeepTheirOrderGetTheRulesIDsWithoutRanking() async {
        // On a coarse grid, so that a contact is often as near another's old place as its own.
        let grid = Gen<Int32>.int32(in: 0...10).map { $0 * 35 }
        let step = Gen<Int32>.int32(in: -1...1).map { $0 * 35 }
        let moved = zip(zip(grid, grid), zip(step, step)).array(of: 1...6)
        let input = zip(moved, Gen<Int>.int(in: 0...3))
        var kept = 0, ranked = 0
        await propertyCheck(count: 600, input: input) { frame, swap in
            let previous = frame.enumerated().map { AnonymousContact(id: 100 + $0.offset, x: $0.element.0.0, y: $0.element.0.1) }
            var current = frame.map { (x: $0.0.0 + $0.1.0, y: $0.0.1 + $0.1.1) }
            // One time in four, two contacts reported the other way round.
            if swap == 0, current.count > 1 { current.swapAt(0, current.count - 1) }
            var nextID = 500, referenceNextID = 500
            let matched = ContactMatching.match(previous: previous, current: current, units: Self.units, nextID: &nextID)
            #expect(matched.map(\.id) == Self.reference(previous: previous, current: current, nextID: &referenceNextID))
            #expect(nextID == referenceNextID)
            var inPlace = previous, inPlaceNextID = 500
            ContactMatching.match(&inPlace, current: current, units: Self.units, nextID: &inPlaceNextID)
            #expect(inPlace == matched && inPlaceNextID == nextID)
            let n = previous.count
            let distances = previous.flatMap { p in
                current.map { c in (Self.units.position(rawX: c.x, rawY: c.y) - Self.units.position(rawX: p.x, rawY: p.y)).length }
            }
            if distances.withUnsafeBufferPointer({ ContactMatching.keepsOrder($0, count: n) }) {
                kept += 1
                #expect(matched.map(\.id) == previous.map(\.id))
            } else {
                ranked += 1
            }
        }
        // Both ways were taken.
        #expect(kept > 100 && ranked > 100)
    }

    @Test func contactsSortByIDThenSlotBelowAndAboveTheInsertionLimit() async {
        let contacts = zip(Gen<Int>.int(in: 0...9), Gen<Int>.int(in: -1...20)).array(of: 0...30)
        await propertyCheck(count: 400, input: contacts) { pairs in
            // Slots distinct, as a stream's are (ids may repeat, in a broken one).
            var seen = Set<Int>()
            let unique = pairs.filter { seen.insert($0.1).inserted }
            var sorted = unique.map { Contact(id: $0.0, slot: $0.1 < 0 ? nil : $0.1, rawX: 0, rawY: 0, position: .zero) }
            FrameAssembler.sortByID(&sorted)
            let expected = unique.sorted { ($0.0, $0.1 < 0 ? -1 : $0.1) < ($1.0, $1.1 < 0 ? -1 : $1.1) }
            #expect(sorted.map(\.id) == expected.map(\.0))
            #expect(sorted.map { $0.slot ?? -1 } == expected.map { $0.1 < 0 ? -1 : $0.1 })
        }
    }
}
