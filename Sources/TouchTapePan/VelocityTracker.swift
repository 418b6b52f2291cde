@_spi(Pipeline) import TouchTapeContract
@_spi(Pipeline) import TouchTapeEvents

/// Estimates a pointer's velocity from timed positions (Flutter's `VelocityTracker`
/// contract, one small interface with platform variants behind it).
///
/// Contract:
/// - ``addSample(time:position:)`` in non-decreasing time order; a sample with the same
///   time as the newest replaces it. Feed one sample per frame in which the position is
///   known, including frames that repeat the position (a still finger on hardware that
///   keeps reporting): those pull the estimate towards zero as a still finger should.
/// - ``velocity(at:)`` is the estimate at the newest sample, asked at `time` (the frame
///   or release time). It is zero when fewer samples than the strategy needs exist, and
///   zero when more than 40 ms passed between the last *movement* (a sample whose
///   position differs from the one before) and `time`: a pointer that stopped before
///   lifting has no velocity, whether the hardware kept sending frames or went silent.
/// - Units: `time` in seconds, `position` in any length unit; velocity is that unit per second.
/// - ``estimate(at:)`` is ``velocity(at:)`` as a ``PanVelocity`` that is computed only
///   when read, from the samples as they are now (later samples do not change it).
package protocol VelocityTracker: Sendable {
    mutating func addSample(time: Double, position: Vector2)
    mutating func reset()
    func velocity(at time: Double) -> Vector2
    func estimate(at time: Double) -> PanVelocity
}

/// A tracker that keeps its samples in a ``VelocitySampleHistory`` and fits them with its
/// own ``fit(_:)``: everything but the fit is the same for every strategy, and is here.
protocol HistoryVelocityTracker: VelocityTracker {
    /// The samples so far (the strategy's window and stop rule).
    var history: VelocitySampleHistory { get set }
    /// The strategy's velocity from the samples `view` holds.
    static func fit(_ view: VelocityHistoryView) -> Vector2
}

extension HistoryVelocityTracker {
    /// Adds the position at `time` to the history.
    package mutating func addSample(time: Double, position: Vector2) { history.add(time: time, position: position) }

    /// Forgets the history.
    package mutating func reset() { history.reset() }

    /// The velocity at `time`, points per second.
    package func velocity(at time: Double) -> Vector2 {
        guard !history.isStopped(at: time) else { return .zero }
        return Self.fit(history.view)
    }

    /// ``velocity(at:)``, fitted when read.
    package func estimate(at time: Double) -> PanVelocity {
        guard !history.isStopped(at: time) else { return PanVelocity(.zero) }
        return history.deferredFit
    }
}
