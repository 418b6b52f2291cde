import PropertyBased
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
@testable import TouchTapePan

/// ``ContinuousCentroid`` takes the usual frame (the last frame's contacts, all tracked)
/// a short way: every frame must still give, to the bit, what the rule gives, written out
/// here plainly (the contacts in arrival order, the first `maximum` tracked, the centroid
/// summed in id order; when the tracked set changes, only the mean motion of the contacts
/// in both frames carried over; after a gap nothing).
@Suite struct ContinuousCentroidTests {
    /// The rule, without shortcuts.
    struct Reference {
        var arrival: [Int] = []
        var previous: [(id: Int, position: Vector2)] = []
        var anchor = Vector2.zero
        var displacement: Vector2?

        mutating func update(contacts: [Contact], maximum: Int?, followsGap: Bool) -> Vector2? {
            arrival.removeAll { id in !contacts.contains { $0.id == id } }
            for contact in contacts.sorted(by: { $0.id < $1.id }) where !arrival.contains(contact.id) {
                arrival.append(contact.id)
            }
            let count = maximum.map { min(max(0, $0), arrival.count) } ?? arrival.count
            let current = arrival.prefix(count).sorted().compactMap { id in
                contacts.first { $0.id == id }.map { (id: id, position: $0.position) }
            }
            guard !current.isEmpty else {
                previous = []
                return nil
            }
            var sum = Vector2.zero
            for c in current { sum = sum + c.position }
            let centroid = sum / Double(current.count)
            if let carried = displacement {
                if !followsGap && current.map(\.id) == previous.map(\.id) {
                    displacement = centroid - anchor
                } else {
                    var deltas = Vector2.zero, common = 0
                    if !followsGap {
                        for c in current {
                            guard let before = previous.first(where: { $0.id == c.id }) else { continue }
                            deltas = deltas + (c.position - before.position)
                            common += 1
                        }
                    }
                    let next = carried + (common == 0 ? .zero : deltas / Double(common))
                    anchor = centroid - next
                    displacement = next
                }
            } else {
                anchor = centroid
                displacement = .zero
            }
            previous = current
            return displacement
        }
    }

    /// Frames from ``PanRecognizerPropertyTests/frames(steps:)`` (fingers move, land, lift),
    /// some after a gap, and a finger limit of none, 1, 2 or 3 (one less for some frames).
    @Test func everyFrameGivesWhatTheRuleGives() async {
        let input = zip(Gen<UInt32>.value().array(of: 2...60), Gen<Int>.int(in: 0...3))
        var short = 0
        await propertyCheck(count: 400, input: input) { steps, limit in
            var centroid = ContinuousCentroid(), reference = Reference()
            var last: [Int] = []
            for (k, frame) in PanRecognizerPropertyTests.frames(steps: steps).enumerated() {
                // Every seventh step's frame follows a gap.
                let gap = steps[k] % 7 == 0
                let maximum: Int? = limit == 0 ? nil : steps[k] % 11 == 0 ? limit - 1 : limit
                let got = centroid.update(contacts: frame.contacts, maximum: maximum, followsGap: gap)
                let expected = reference.update(contacts: frame.contacts, maximum: maximum, followsGap: gap)
                #expect(got == expected, "frame \(k)")
                let ids = frame.contacts.map(\.id)
                if !gap, ids == last, !ids.isEmpty, ids.count <= (maximum ?? .max) { short += 1 }
                last = ids
            }
        }
        // The short way was taken (frames whose contacts stayed the same, all tracked).
        #expect(short > 1000)
    }
}
