import TouchTapeContract
@_spi(Pipeline) import TouchTapeEvents

/// Gives protocol-A contacts (anonymous, re-reported whole every frame) stable ids.
///
/// Rule: all (previous, current) pairs are ranked by distance in millimetres, ties by
/// previous then current report order; pairs are taken greedily from the nearest, each
/// contact at most once, and only when closer than ``maximumDistance``. A current
/// contact left unmatched is a new touch and gets the next unused id (ids count up from
/// 0 over the stream and are never reused), so a lifted finger's id is never inherited
/// by a finger landing elsewhere in the same frame.
package enum ContactMatching {
    /// Farther than this between two frames is a different finger. 30 mm in one frame
    /// (≈ 8–16 ms on the protocol-A devices recorded here) is ≥ 1.9 m/s, beyond a fast
    /// flick's per-frame travel on these devices yet well below the spacing of two
    /// separate touches that swap roles.
    package static let maximumDistance = 30.0

    /// Up to this many elements a frame sorts (candidate pairs here, four fingers in two
    /// frames; contacts in `FrameAssembler`) are sorted by insertion; more by the standard
    /// sort, whose cost grows as n log n (`sortSmall`).
    static let insertionLimit = 16

    /// Returns `current` (raw positions, in report order) with ids, advancing `nextID`.
    ///
    /// Runs every protocol-A frame: the distances, the pairs, the ids and the taken marks
    /// live in stack buffers, so only the returned array is allocated (a set and three
    /// arrays per frame were a sixth of a touchpad replay, issue 13). A frame whose contacts
    /// are reported in the previous frame's order, each nearest its own, takes their ids
    /// without ranking any pair (``keepsOrder(_:count:)``).
    package static func match(
        previous: [AnonymousContact], current: [(x: Int32, y: Int32)],
        units: MillimetreConversion, nextID: inout Int
    ) -> [AnonymousContact] {
        var matched: [AnonymousContact] = []
        matched.reserveCapacity(current.count)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, current.count)) { ids in
            assign(previous: previous, current: current, units: units, into: ids)
            for (j, c) in current.enumerated() {
                matched.append(AnonymousContact(id: id(ids[j], &nextID), x: c.x, y: c.y))
            }
        }
        return matched
    }

    /// ``match(previous:current:units:nextID:)`` with the previous frame's contacts replaced
    /// by the matched ones in place when there are as many (most frames): no array is made
    /// a frame (issue 26).
    package static func match(_ contacts: inout [AnonymousContact], current: [(x: Int32, y: Int32)],
                              units: MillimetreConversion, nextID: inout Int) {
        guard contacts.count == current.count, !current.isEmpty else {
            contacts = match(previous: contacts, current: current, units: units, nextID: &nextID)
            return
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: current.count) { ids in
            assign(previous: contacts, current: current, units: units, into: ids)
            contacts.withUnsafeMutableBufferPointer { out in
                for (j, c) in current.enumerated() { out[j] = AnonymousContact(id: id(ids[j], &nextID), x: c.x, y: c.y) }
            }
        }
    }

    /// The id a current contact takes: the previous contact's it was matched with, or the
    /// next unused one (`nextID` advanced).
    @inline(__always)
    private static func id(_ matched: Int, _ nextID: inout Int) -> Int {
        if matched != .min { return matched }
        defer { nextID += 1 }
        return nextID
    }

    /// The id each current contact takes from `previous` under the rule, into `ids` (one a
    /// current contact; `Int.min`: none, a new touch).
    private static func assign(previous: [AnonymousContact], current: [(x: Int32, y: Int32)],
                               units: MillimetreConversion, into ids: UnsafeMutableBufferPointer<Int>) {
        typealias Pair = (distance: Double, previous: Int, current: Int)
        let np = previous.count, nc = current.count
        ids.initialize(repeating: .min)
        // Previous contact i to current contact j at `i * nc + j`.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, np * nc)) { distances in
        withUnsafeTemporaryAllocation(of: Vector2.self, capacity: max(1, nc)) { positions in
            // Each current contact's position once, not once per previous contact.
            for (j, c) in current.enumerated() { positions.initializeElement(at: j, to: units.position(rawX: c.x, rawY: c.y)) }
            for (i, p) in previous.enumerated() {
                let from = units.position(rawX: p.x, rawY: p.y)
                for j in 0..<nc { distances.initializeElement(at: i * nc + j, to: (positions[j] - from).length) }
            }
        }
        if np == nc, keepsOrder(UnsafeBufferPointer(distances), count: nc) {
            for j in 0..<nc { ids[j] = previous[j].id }
            return
        }
        withUnsafeTemporaryAllocation(of: Pair.self, capacity: max(1, np * nc)) { pairs in
            var count = 0
            for i in 0..<np {
                for j in 0..<nc where distances[i * nc + j] <= maximumDistance {
                    pairs[count] = (distances[i * nc + j], i, j)
                    count += 1
                }
            }
            // No two pairs share both indices, so the order is total (see `sortSmall`).
            var ranked = UnsafeMutableBufferPointer(rebasing: pairs[..<count])
            ranked.sortSmall(insertionLimit: insertionLimit, by: precedes)
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: max(1, np)) { taken in
                taken.initialize(repeating: false)
                for pair in ranked where ids[pair.current] == .min && !taken[pair.previous] {
                    ids[pair.current] = previous[pair.previous].id
                    taken[pair.previous] = true
                }
            }
        }
        }
    }

    /// Whether the rule gives every contact of a frame the id of the previous frame's
    /// contact at its own place in the report, from the `count` × `count` distances
    /// (previous `i` to current `j` at `i * count + j`): true when each such pair (k, k) is
    /// within ``maximumDistance`` and comes before (``precedes(_:_:)``) every other pair of
    /// its previous contact. Then the greedy walk takes each (k, k): a pair (j, k) taken
    /// instead would need previous j free when it comes, so (j, j), which comes before it,
    /// must have been passed over, its current j already taken by another such pair, and so
    /// on back to a first one, which cannot be. About n² comparisons instead of ranking n²
    /// pairs: the usual touchpad frame keeps its fingers' report order (issue 26).
    static func keepsOrder(_ distances: UnsafeBufferPointer<Double>, count n: Int) -> Bool {
        for k in 0..<n {
            let own = distances[k * n + k]
            guard own <= maximumDistance else { return false }
            for j in 0..<n where j != k {
                // (k, j) comes first when nearer, or as near with current j reported earlier.
                let other = distances[k * n + j]
                if other < own || other == own && j < k { return false }
            }
        }
        return true
    }

    /// Nearer first; ties by the previous contact's, then the current one's report order.
    @inline(__always)
    private static func precedes(_ a: (distance: Double, previous: Int, current: Int),
                                 _ b: (distance: Double, previous: Int, current: Int)) -> Bool {
        if a.distance != b.distance { return a.distance < b.distance }
        if a.previous != b.previous { return a.previous < b.previous }
        return a.current < b.current
    }
}
