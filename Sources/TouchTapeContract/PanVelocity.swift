/// A pan's velocity at one moment, known already or estimated when first read.
///
/// A replay's recognizer emits a sample on every frame that moves the pan, but the
/// velocity of most of them is never read: a controller asks at `.began` and at the
/// release, and a report prints the release's. Fitting it on every frame was about a
/// tenth of a replay's instructions (issue 26), so the recognizer hands out an estimate
/// that fits when something reads it — ``PanGesture/velocity(in:)``, a completion
/// animation's initial velocity, a plot — from the velocity samples as they were at that
/// moment, and so gives exactly the value an eager fit gave.
///
/// Equal, and hashed, by value.
package struct PanVelocity: Hashable, Sendable {
    /// The velocity when known; zero while deferred.
    private let known: Vector2
    /// What fits a deferred velocity, and the argument it takes; `nil` when known. A class
    /// reference, so a sample is copied with a retain: as a class-bound existential it was
    /// copied through the runtime's value witnesses (issue 26).
    private let source: PanVelocitySource?
    private let position: Int

    /// A velocity known now.
    package init(_ value: Vector2) {
        known = value
        source = nil
        position = 0
    }

    /// A velocity `source` computes when read, from what it held at `position`.
    package init(deferred source: PanVelocitySource, at position: Int) {
        known = .zero
        self.source = source
        self.position = position
    }

    /// The velocity, points per second (+y down); a deferred one is computed on each read.
    package var value: Vector2 {
        guard let source else { return known }
        return source.velocity(at: position)
    }

    package static func == (a: PanVelocity, b: PanVelocity) -> Bool { a.value == b.value }

    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// What computes a deferred ``PanVelocity``: a record of a pan's velocity samples read as
/// it was at a position, or another deferred velocity transformed or interpolated when read
/// (reading one twice gives the same velocity).
///
/// A class, so that a ``PanVelocity`` holds a plain class reference and a pan sample is
/// copied with one retain: as a class-bound existential it was copied through the runtime's
/// value witnesses, a twentieth of a probed replay (issue 26). Its kinds are subclasses in
/// this module (a `package` class cannot be subclassed in another): a recognizer's record
/// comes in through ``record(_:)``.
package class PanVelocitySource: @unchecked Sendable {
    fileprivate init() {}

    /// The fits of `record`.
    package static func record(_ record: any PanVelocityRecord) -> PanVelocitySource {
        RecordedPanVelocity(record)
    }

    /// The velocity, points per second: a record's as it was at `position`.
    package func velocity(at position: Int) -> Vector2 {
        preconditionFailure("PanVelocitySource.velocity(at:) is overridden by each kind")
    }
}

/// A record's fits.
private final class RecordedPanVelocity: PanVelocitySource, @unchecked Sendable {
    let record: any PanVelocityRecord

    init(_ record: any PanVelocityRecord) {
        self.record = record
    }

    override func velocity(at position: Int) -> Vector2 { record.velocity(at: position) }
}

/// An append-only record of a pan's velocity samples (the recognizer's), fitted as it was at
/// `position`.
package protocol PanVelocityRecord: AnyObject, Sendable {
    /// The velocity, points per second, from the record as it was at `position`.
    func velocity(at position: Int) -> Vector2
}

extension PanVelocity {
    /// `transform` of each of `velocities`: applied now to a known one, and to a deferred one
    /// when it is read (a probe turning or slowing a whole pan need not fit every sample's).
    /// The deferred ones share one source: one object a sample, made and freed, was a
    /// twentieth of a probed replay (issue 26).
    package static func map(_ velocities: [PanVelocity], _ transform: @escaping @Sendable (Vector2) -> Vector2) -> [PanVelocity] {
        guard velocities.contains(where: { $0.source != nil }) else { return velocities.map { PanVelocity(transform($0.known)) } }
        let shared = MappedPanVelocities(bases: velocities, transform: transform)
        return velocities.indices.map { i in
            velocities[i].source == nil ? PanVelocity(transform(velocities[i].known)) : PanVelocity(deferred: shared, at: i)
        }
    }

    /// `a + (b − a) × f` for each pair: computed now when both are known, when read when
    /// either is deferred (one source for all of those).
    package static func interpolated(_ pairs: [(a: PanVelocity, b: PanVelocity, f: Double)]) -> [PanVelocity] {
        let deferred = { (pair: (a: PanVelocity, b: PanVelocity, f: Double)) in pair.a.source != nil || pair.b.source != nil }
        let known = { (pair: (a: PanVelocity, b: PanVelocity, f: Double)) in
            PanVelocity(pair.a.known + (pair.b.known - pair.a.known) * pair.f)
        }
        guard pairs.contains(where: deferred) else { return pairs.map(known) }
        let shared = InterpolatedPanVelocities(pairs: pairs)
        return pairs.indices.map { i in deferred(pairs[i]) ? PanVelocity(deferred: shared, at: i) : known(pairs[i]) }
    }
}

/// Deferred velocities of a whole pan with one transformation, each read at its index.
private final class MappedPanVelocities: PanVelocitySource, @unchecked Sendable {
    let bases: [PanVelocity]
    let transform: @Sendable (Vector2) -> Vector2

    init(bases: [PanVelocity], transform: @escaping @Sendable (Vector2) -> Vector2) {
        self.bases = bases
        self.transform = transform
    }

    override func velocity(at index: Int) -> Vector2 { transform(bases[index].value) }
}

/// Interpolations between pairs of velocities, each read at its index.
private final class InterpolatedPanVelocities: PanVelocitySource, @unchecked Sendable {
    let pairs: [(a: PanVelocity, b: PanVelocity, f: Double)]

    init(pairs: [(a: PanVelocity, b: PanVelocity, f: Double)]) {
        self.pairs = pairs
    }

    override func velocity(at index: Int) -> Vector2 {
        let (a, b, f) = pairs[index]
        let av = a.value
        return av + (b.value - av) * f
    }
}
