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
///
/// SPI, not package: its accessors are read in every probe's transformations and a
/// `package` member is not inlined into another module (docs/swift-api.md), so each read
/// copied the sample it was read from.
@_spi(Pipeline) public struct PanVelocity: Hashable, Sendable {
    /// The velocity when known; zero while deferred.
    @usableFromInline let known: Vector2
    /// What fits a deferred velocity, and the argument it takes; `nil` when known. A class
    /// reference, so a sample is copied with a retain: as a class-bound existential it was
    /// copied through the runtime's value witnesses (issue 26).
    @usableFromInline let source: PanVelocitySource?
    @usableFromInline let position: Int

    /// A velocity known now.
    @inlinable public init(_ value: Vector2) {
        known = value
        source = nil
        position = 0
    }

    /// A velocity `source` computes when read, from what it held at `position`.
    @inlinable public init(deferred source: PanVelocitySource, at position: Int) {
        known = .zero
        self.source = source
        self.position = position
    }

    @usableFromInline init(known: Vector2, source: PanVelocitySource?, position: Int) {
        self.known = known
        self.source = source
        self.position = position
    }

    /// The velocity, points per second (+y down); a deferred one is computed on each read.
    @inlinable public var value: Vector2 {
        guard let source else { return known }
        return source.velocity(at: position)
    }

    /// Equal when the values are (a deferred one is fitted to compare).
    public static func == (a: PanVelocity, b: PanVelocity) -> Bool { a.value == b.value }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// A velocity kept where it changes at every callback (the gesture a driver hands its
    /// controller, a transition context): set to one of the same source as the last, it
    /// takes the new position without the retain and the release a copy of a velocity
    /// makes (two of each a sample in every controller run, issue 26).
    ///
    /// Equal, and hashed, by value.
    public struct Slot: Hashable, Sendable {
        @usableFromInline var known: Vector2
        @usableFromInline var source: PanVelocitySource?
        @usableFromInline var position: Int

        /// A slot holding `velocity`.
        @inlinable public init(_ velocity: PanVelocity) {
            known = velocity.known
            source = velocity.source
            position = velocity.position
        }

        /// Holds `velocity` from now on.
        @inlinable public mutating func set(_ velocity: PanVelocity) {
            known = velocity.known
            position = velocity.position
            if velocity.source !== source { source = velocity.source }
        }

        /// The velocity held.
        @inlinable public var velocity: PanVelocity { PanVelocity(known: known, source: source, position: position) }

        /// Its value, as ``PanVelocity/value``.
        @inlinable public var value: Vector2 {
            guard let source else { return known }
            return source.velocity(at: position)
        }

        /// Equal when the values are.
        public static func == (a: Slot, b: Slot) -> Bool { a.value == b.value }

        /// Hashes the value.
        public func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }
}

/// What computes a deferred ``PanVelocity``: a record of a pan's velocity samples read as
/// it was at a position, or a probe's velocities computed from the recorded ones (turned,
/// scaled or interpolated) when read (reading one twice gives the same velocity).
///
/// A class, so that a ``PanVelocity`` holds a plain class reference and a pan sample is
/// copied with one retain: as a class-bound existential it was copied through the runtime's
/// value witnesses, a twentieth of a probed replay (issue 26). Its kinds are subclasses in
/// this module (it is not `open`): a recognizer's record comes in through ``record(_:)``, a
/// probe's computation through ``computed(_:)``.
@_spi(Pipeline) public class PanVelocitySource: @unchecked Sendable {
    fileprivate init() {}

    /// The fits of `record`.
    package static func record(_ record: any PanVelocityRecord) -> PanVelocitySource {
        RecordedPanVelocity(record)
    }

    /// The velocity, points per second: a record's as it was at `position`.
    public func velocity(at position: Int) -> Vector2 {
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
    /// Whether the velocity is fitted when read rather than known.
    @inlinable public var isDeferred: Bool { source != nil }
}

extension PanVelocitySource {
    /// Velocities computed when read, each from its index: a probe's transformation of a
    /// whole pan, whose closure keeps the recorded samples (one reference for the pan: an
    /// array of the recorded velocities kept one a sample, and copying them and freeing them
    /// was most of a transformation's cost, issue 26).
    package static func computed(_ velocity: @escaping @Sendable (Int) -> Vector2) -> PanVelocitySource {
        ComputedPanVelocities(velocity)
    }
}

/// Velocities computed from their index when read.
private final class ComputedPanVelocities: PanVelocitySource, @unchecked Sendable {
    let compute: @Sendable (Int) -> Vector2

    init(_ compute: @escaping @Sendable (Int) -> Vector2) {
        self.compute = compute
    }

    override func velocity(at index: Int) -> Vector2 { compute(index) }
}
