@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames

/// The centroid of the tracked contacts as a *continuous* displacement in millimetres.
///
/// While the same contacts stay down the displacement is simply `centroid − anchor`.
/// When the set changes (a finger lands or lifts, or the finger limit swaps which
/// contacts are tracked) the centroid itself jumps by the newcomer's offset; that jump is
/// absorbed by moving the anchor, and only the motion of the contacts present in both
/// frames (mean of their deltas, as libinput's gesture delta) is carried over. After a
/// `SYN_DROPPED` gap nothing is carried over: motion across the gap is unknown.
///
/// Per frame it works on a few small arrays kept between frames (ten fingers at most,
/// in practice), so a frame allocates nothing once they have grown: the earlier
/// dictionaries and sets cost a fifth of a long replay's time (issue 13).
struct ContinuousCentroid: Hashable, Sendable {
    /// A tracked contact's id and position.
    private struct Tracked: Hashable, Sendable {
        var id: Int
        var position: Vector2
    }

    /// Ids of the contacts down, earliest-landed first (the order the finger limit keeps).
    private var arrivalOrder: [Int] = []
    /// Tracked contacts of the last frame that had any, in id order.
    private var previous: [Tracked] = []
    /// This frame's tracked contacts, in id order while a frame is taken; empty between
    /// frames (kept to reuse its storage).
    private var current: [Tracked] = []
    private var anchor: Vector2 = .zero
    /// Displacement since the first tracked position, mm; `nil` before any.
    private(set) var displacement: Vector2?

    /// Takes one frame; returns the displacement after it, or `nil` when the frame has
    /// no contact position (no contacts, e.g. a lift frame).
    mutating func update(contacts: [Contact], maximum: Int?, followsGap: Bool) -> Vector2? {
        // The usual frame: the last frame's contacts, every one tracked, none landed or
        // lifted, listed in the same (id) order. What the general way below gives then, without
        // its look-ups of every id in both lists (most of a touchpad frame's pan, issue 26):
        // the centroid summed in id order, less the anchor; the positions kept for the next.
        if displacement != nil, !followsGap, !contacts.isEmpty, contacts.count == previous.count,
           contacts.count == arrivalOrder.count, maximum.map({ $0 >= contacts.count }) ?? true,
           contacts.elementsEqual(previous, by: { $0.id == $1.id }) {
            var sum = Vector2.zero
            for i in contacts.indices {
                sum = sum + contacts[i].position
                previous[i].position = contacts[i].position
            }
            displacement = sum / Double(contacts.count) - anchor
            return displacement
        }
        // Lifted fingers leave the order (looked for first: a removal of none still went
        // through `replaceSubrange` every frame).
        let lifted = { (id: Int) in !contacts.contains { $0.id == id } }
        if arrivalOrder.contains(where: lifted) { arrivalOrder.removeAll(where: lifted) }
        if contacts.contains(where: { contact in !arrivalOrder.contains(contact.id) }) {
            // Newcomers in id order (several can land in one frame).
            for contact in contacts.sorted(by: { $0.id < $1.id }) where !arrivalOrder.contains(contact.id) {
                arrivalOrder.append(contact.id)
            }
        }
        let tracked = maximum.map { min(max(0, $0), arrivalOrder.count) } ?? arrivalOrder.count
        Self.empty(&current)
        for id in arrivalOrder[..<tracked] {
            // The first contact with the id, as the frame lists them.
            guard let contact = contacts.first(where: { $0.id == id }) else { continue }
            // Insertion in id order: a handful of contacts, usually in order already (an
            // append; `insert(_:at:)` and `removeAll(keepingCapacity:)` go through the general
            // `replaceSubrange`, a third of this update, issue 26).
            var at = current.count
            while at > 0, current[at - 1].id > id { at -= 1 }
            if at == current.count {
                current.append(Tracked(id: id, position: contact.position))
            } else {
                current.insert(Tracked(id: id, position: contact.position), at: at)
            }
        }
        guard !current.isEmpty else {
            Self.empty(&previous)
            return nil
        }
        // Summed in id order so the rounding, and so the report, is the same on every run.
        var sum = Vector2.zero
        for c in current { sum = sum + c.position }
        let centroid = sum / Double(current.count)

        if let carried = displacement {
            if !followsGap && current.elementsEqual(previous, by: { $0.id == $1.id }) {
                displacement = centroid - anchor
            } else {
                var deltas = Vector2.zero
                var common = 0
                if !followsGap {
                    for c in current {
                        guard let before = previous.first(where: { $0.id == c.id }) else { continue }
                        deltas = deltas + (c.position - before.position)
                        common += 1
                    }
                }
                let delta = common == 0 ? Vector2.zero : deltas / Double(common)
                let next = carried + delta
                anchor = centroid - next
                displacement = next
            }
        } else {
            anchor = centroid
            displacement = .zero
        }
        swap(&previous, &current)
        Self.empty(&current)  // empty between frames: equality sees only state
        return displacement
    }

    /// `array` emptied, its storage kept: the last element removed until none is left (a
    /// few at most here).
    private static func empty(_ array: inout [Tracked]) {
        while !array.isEmpty { array.removeLast() }
    }
}
