@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames

/// Frames in, pan samples out: a model of `UIPanGestureRecognizer` as an explicit state
/// machine (``PanRecognizerState``), one handler per state.
///
/// The rules, each a choice between the references in `docs/velocity-and-slop.md`:
/// - **Position**: the centroid of the tracked contacts (all, or the earliest-landed
///   `maximum` under the ``FingerCountRule``), kept continuous across finger changes and
///   `SYN_DROPPED` gaps by re-anchoring (see `ContinuousCentroid`), converted to points by
///   ``PanSettings/scale``.
/// - **Slop**: the straight-line distance of that centroid from where the pan could first
///   start (the first frame with enough fingers) must exceed the slop (strict `>`, as
///   Flutter). Distance rather than Flutter's accumulated |Δ|, so a still finger's jitter
///   never adds up to a pan. While too few fingers are down the start point follows the
///   contacts, so a one-finger touchpad motion never counts towards a later two-finger pan.
/// - **Began**: at the frame that crosses the slop. By default with translation zero: the
///   slop is swallowed (Flutter `DragStartBehavior.start`), and later translations are the
///   centroid's displacement since that frame. With ``PanSettings/beganTranslation`` `.slop`
///   the began translation is the slop movement and later translations count from where
///   the pan could first start (`DragStartBehavior.down`). UIKit's choice is not public API.
/// - **Velocity at began**: what a UIKit handler reads in `gestureRecognizerShouldBegin`
///   and at `.began` is the velocity of a moving finger. When the tracker has no estimate
///   there (fewer than its minimum samples since touch-down, or its history ended by a
///   rest of more than 40 ms, as when fingers rest and then drag), the began velocity is
///   the finger's average velocity since its motion (re)started: from the first frame
///   after the rest, or, with only one frame since, from the last frame before it.
/// - **Changed**: a frame whose translation or finger count differs from the last one.
///   Frames that repeat the position emit nothing but still feed the velocity tracker.
/// - **Velocity**: the tracker gets the continuous position (in points) of every frame
///   with a known position, from the first frame on (Flutter tracks from pointer down);
///   never the raw centroid, so finger changes cause no velocity spike. A `followsGap`
///   frame resets the tracker: samples across a resync would fake a velocity.
///   Lift frames are not samples (Flutter and Android do not feed up events).
///   A `.changed` sample's velocity is fitted when it is read (``VelocityTracker/estimate(at:)``),
///   from the tracker's samples as they were at that frame: the same value, not computed
///   for the frames whose velocity nothing reads.
/// - **Ended**: all fingers up, or fewer than the rule's minimum (the pan is released,
///   not aborted). Translation is the last one; velocity is the tracker's estimate at the
///   release time, zero if the pointer stopped more than 40 ms before.
///   `fingerCount` is the count before lifting.
/// - **Cancelled**: ``finish(at:)`` with the pan running (the track ended with fingers down).
/// - **Failed**: all fingers up (or the track ended) before the slop was crossed; no samples.
/// - After ended/cancelled/failed, frames are ignored until every finger has lifted;
///   the next touch starts a new pan in `possible`.
/// - **Time**: seconds since the first frame handed to this recognizer.
package struct PanRecognizer: Sendable {
    /// Touchscreen, touchpad or other.
    package let deviceKind: DeviceKind
    /// The settings in force.
    package let settings: PanSettings
    /// Where the recognizer is in its life.
    package private(set) var state: PanRecognizerState = .possible

    private let slop: Double
    private let rule: FingerCountRule
    private var tracker: any VelocityTracker
    private var centroid = ContinuousCentroid()
    private var firstFrameTime: EventTime?
    /// Continuous position (mm) where the slop is measured from; `nil` while too few fingers.
    private var slopOrigin: Vector2?
    /// Continuous position (mm) at `began`.
    private var beganPosition = Vector2.zero
    private var lastTranslation = Vector2.zero
    private var lastFingerCount = 0
    /// Time (s) and position (mm) of the first frame since the motion (re)started, and of
    /// the last frame before that restart: the began velocity's fallback.
    private var motionStart: (time: Double, position: Vector2)?
    private var beforeMotion: (time: Double, position: Vector2)?
    private var lastPosition: (time: Double, position: Vector2)?

    /// A value from its parts.
    package init(deviceKind: DeviceKind, settings: PanSettings = PanSettings()) {
        self.deviceKind = deviceKind
        self.settings = settings
        self.slop = settings.slop(for: deviceKind)
        self.rule = settings.fingerRule(for: deviceKind)
        self.tracker = settings.velocityStrategy.makeTracker()
    }

    /// Takes the next frame (in time order); returns the samples it causes (zero or one).
    package mutating func handle(_ frame: Frame) -> [PanSample] {
        sample(for: frame).map { [$0] } ?? []
    }

    /// ``handle(_:)`` without an array per frame: the sample the frame causes, if any.
    package mutating func sample(for frame: Frame) -> PanSample? {
        if firstFrameTime == nil { firstFrameTime = frame.time }
        let time = seconds(frame.time)
        let samples: PanSample?
        switch state {
        case .possible: samples = handlePossible(frame, time: time)
        case .began: samples = handleBegan(frame, time: time)
        case .changed: samples = handleChanged(frame, time: time)
        case .ended: samples = handleEnded(frame, time: time)
        case .cancelled: samples = handleCancelled(frame, time: time)
        case .failed: samples = handleFailed(frame, time: time)
        }
        lastFingerCount = frame.fingerCount
        return samples
    }

    /// The track is over at `time` with whatever is still down: a running pan is
    /// cancelled, a possible one with fingers down fails.
    package mutating func finish(at time: EventTime) -> [PanSample] {
        switch state {
        case .possible:
            if lastFingerCount > 0 { state = .failed }
            return []
        case .began, .changed:
            state = .cancelled
            let t = seconds(time)
            return [PanSample(time: t, phase: .cancelled, translation: lastTranslation,
                              velocity: tracker.velocity(at: t), fingerCount: lastFingerCount)]
        case .ended, .cancelled, .failed:
            return []
        }
    }

    /// All samples for a track: every frame, then ``finish(at:)`` at the last frame's time.
    package static func samples(for frames: [Frame], deviceKind: DeviceKind, settings: PanSettings = PanSettings()) -> [PanSample] {
        var recognizer = PanRecognizer(deviceKind: deviceKind, settings: settings)
        var samples = frames.compactMap { recognizer.sample(for: $0) }
        if let last = frames.last { samples += recognizer.finish(at: last.time) }
        return samples
    }

    // MARK: State handlers

    private mutating func handlePossible(_ frame: Frame, time: Double) -> PanSample? {
        if frame.isNeutral {
            if lastFingerCount > 0 { state = .failed }
            return nil
        }
        guard let position = track(frame, time: time) else { return nil }
        guard rule.allowsPan(fingerCount: frame.fingerCount) else {
            slopOrigin = nil
            return nil
        }
        let origin = slopOrigin ?? position
        slopOrigin = origin
        guard (position - origin).length * settings.scale > slop else { return nil }
        state = .began
        let slopTranslation = (position - origin) * settings.scale
        switch settings.beganTranslation {
        case .zero:
            beganPosition = position
            lastTranslation = .zero
        case .slop:
            beganPosition = origin
            lastTranslation = slopTranslation
        }
        var velocity = tracker.velocity(at: time)
        if velocity == .zero { velocity = movingVelocity(at: time, position: position) }
        return PanSample(time: time, phase: .began, translation: lastTranslation,
                          velocity: velocity, fingerCount: frame.fingerCount,
                          slopTranslation: slopTranslation)
    }

    private mutating func handleBegan(_ frame: Frame, time: Double) -> PanSample? {
        pan(frame, time: time)
    }

    private mutating func handleChanged(_ frame: Frame, time: Double) -> PanSample? {
        pan(frame, time: time)
    }

    private mutating func handleEnded(_ frame: Frame, time: Double) -> PanSample? {
        awaitNewTouch(frame, time: time)
    }

    private mutating func handleCancelled(_ frame: Frame, time: Double) -> PanSample? {
        awaitNewTouch(frame, time: time)
    }

    private mutating func handleFailed(_ frame: Frame, time: Double) -> PanSample? {
        awaitNewTouch(frame, time: time)
    }

    // MARK: Shared steps

    /// `began` and `changed`: follow the contacts, or end.
    private mutating func pan(_ frame: Frame, time: Double) -> PanSample? {
        if frame.isNeutral || !rule.allowsPan(fingerCount: frame.fingerCount) {
            state = .ended
            return PanSample(time: time, phase: .ended, translation: lastTranslation,
                              velocity: tracker.velocity(at: time), fingerCount: lastFingerCount)
        }
        guard let position = track(frame, time: time) else { return nil }
        let translation = (position - beganPosition) * settings.scale
        guard translation != lastTranslation || frame.fingerCount != lastFingerCount else { return nil }
        state = .changed
        lastTranslation = translation
        // Fitted only if something reads it: most `.changed` velocities never are (issue 26).
        return PanSample(time: time, phase: .changed, translation: translation,
                          velocityEstimate: tracker.estimate(at: time), fingerCount: frame.fingerCount)
    }

    /// `ended`, `cancelled`, `failed`: ignore leftovers until every finger lifted; the
    /// first touch after that starts over in `possible`.
    private mutating func awaitNewTouch(_ frame: Frame, time: Double) -> PanSample? {
        guard !frame.isNeutral, lastFingerCount == 0 else { return nil }
        state = .possible
        tracker.reset()
        centroid = ContinuousCentroid()
        slopOrigin = nil
        beganPosition = .zero
        lastTranslation = .zero
        motionStart = nil
        beforeMotion = nil
        lastPosition = nil
        return handlePossible(frame, time: time)
    }

    /// Updates the continuous position and feeds the tracker; `nil` when the frame has no position.
    private mutating func track(_ frame: Frame, time: Double) -> Vector2? {
        if frame.followsGap { tracker.reset() }
        guard let position = centroid.update(contacts: frame.contacts, maximum: rule.maximum,
                                             followsGap: frame.followsGap) else { return nil }
        tracker.addSample(time: time, position: position * settings.scale)
        let stopped = Double(PanConstants.assumePointerStoppedMicroseconds) / 1_000_000
        if let last = lastPosition, frame.followsGap || time - last.time > stopped {
            beforeMotion = frame.followsGap ? nil : last
            motionStart = (time, position)
        } else if motionStart == nil {
            motionStart = (time, position)
        }
        lastPosition = (time, position)
        return position
    }

    /// The average velocity (points/s) since the motion (re)started; zero when unknown.
    private func movingVelocity(at time: Double, position: Vector2) -> Vector2 {
        if let start = motionStart, time > start.time {
            return (position - start.position) * (settings.scale / (time - start.time))
        }
        if let before = beforeMotion, time > before.time {
            return (position - before.position) * (settings.scale / (time - before.time))
        }
        return .zero
    }

    private func seconds(_ time: EventTime) -> Double {
        guard let first = firstFrameTime else { return 0 }
        return Double(time.microseconds(since: first)) / 1_000_000
    }
}
