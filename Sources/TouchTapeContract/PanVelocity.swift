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

/// A deferred velocity with a transformation applied when it is read.
private final class MappedPanVelocity: PanVelocitySource, @unchecked Sendable {
    let base: PanVelocity
    let transform: @Sendable (Vector2) -> Vector2

    init(base: PanVelocity, transform: @escaping @Sendable (Vector2) -> Vector2) {
        self.base = base
        self.transform = transform
    }

    override func velocity(at _: Int) -> Vector2 { transform(base.value) }
}

/// Two velocities, one of them deferred, interpolated when read.
private final class InterpolatedPanVelocity: PanVelocitySource, @unchecked Sendable {
    let a: PanVelocity
    let b: PanVelocity
    let f: Double

    init(a: PanVelocity, b: PanVelocity, f: Double) {
        self.a = a
        self.b = b
        self.f = f
    }

    override func velocity(at _: Int) -> Vector2 {
        let a = self.a.value
        return a + (b.value - a) * f
    }
}

/// An append-only record of a pan's velocity samples (the recognizer's), fitted as it was at
/// `position`.
package protocol PanVelocityRecord: AnyObject, Sendable {
    /// The velocity, points per second, from the record as it was at `position`.
    func velocity(at position: Int) -> Vector2
}

extension PanVelocity {
    /// `transform` of this velocity: applied now to a known one, and to a deferred one when
    /// it is read (a probe turning or slowing a whole pan need not fit every sample's).
    package func map(_ transform: @escaping @Sendable (Vector2) -> Vector2) -> PanVelocity {
        guard source != nil else { return PanVelocity(transform(known)) }
        return PanVelocity(deferred: MappedPanVelocity(base: self, transform: transform), at: 0)
    }

    /// `a + (b − a) × f`, deferred when either is.
    package static func interpolated(_ a: PanVelocity, _ b: PanVelocity, _ f: Double) -> PanVelocity {
        guard a.source != nil || b.source != nil else { return PanVelocity(a.known + (b.known - a.known) * f) }
        return PanVelocity(deferred: InterpolatedPanVelocity(a: a, b: b, f: f), at: 0)
    }
}
