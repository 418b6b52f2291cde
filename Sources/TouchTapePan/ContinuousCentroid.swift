import TouchTapeEvents
import TouchTapeFrames

/// The centroid of the tracked contacts as a *continuous* displacement in millimetres.
///
/// While the same contacts stay down the displacement is simply `centroid − anchor`.
/// When the set changes (a finger lands or lifts, or the finger limit swaps which
/// contacts are tracked) the centroid itself jumps by the newcomer's offset; that jump is
/// absorbed by moving the anchor, and only the motion of the contacts present in both
/// frames (mean of their deltas, as libinput's gesture delta) is carried over. After a
/// `SYN_DROPPED` gap nothing is carried over: motion across the gap is unknown.
struct ContinuousCentroid: Hashable, Sendable {
    /// Ids of the contacts down, earliest-landed first (the order the finger limit keeps).
    private var arrivalOrder: [Int] = []
    /// Tracked contacts of the last frame that had any, by id.
    private var previous: [Int: Vector2] = [:]
    private var anchor: Vector2 = .zero
    /// Displacement since the first tracked position, mm; `nil` before any.
    private(set) var displacement: Vector2?

    /// Takes one frame; returns the displacement after it, or `nil` when the frame has
    /// no contact position (no contacts, e.g. a lift frame).
    mutating func update(contacts: [Contact], maximum: Int?, followsGap: Bool) -> Vector2? {
        let ids = Set(contacts.map(\.id))
        arrivalOrder.removeAll { !ids.contains($0) }
        for contact in contacts.sorted(by: { $0.id < $1.id }) where !arrivalOrder.contains(contact.id) {
            arrivalOrder.append(contact.id)
        }
        let trackedIDs = maximum.map { Array(arrivalOrder.prefix($0)) } ?? arrivalOrder
        var positions: [Int: Vector2] = [:]
        for contact in contacts where positions[contact.id] == nil { positions[contact.id] = contact.position }
        var current: [Int: Vector2] = [:]
        for id in trackedIDs { current[id] = positions[id] }
        guard !current.isEmpty else {
            previous = [:]
            return nil
        }
        // Summed in id order so the rounding, and so the report, is the same on every run.
        let centroid = Self.mean(current.keys.sorted().map { current[$0]! })

        if let carried = displacement {
            if !followsGap && Set(current.keys) == Set(previous.keys) {
                displacement = centroid - anchor
            } else {
                let common = followsGap ? [] : current.keys.sorted().filter { previous[$0] != nil }
                let delta = common.isEmpty ? Vector2.zero : Self.mean(common.map { current[$0]! - previous[$0]! })
                let next = carried + delta
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

    private static func mean(_ vectors: [Vector2]) -> Vector2 {
        vectors.reduce(Vector2.zero, +) / Double(vectors.count)
    }
}
