/// One concrete completion run: from the release fraction to 1 (finish) or 0 (cancel)
/// over `duration` seconds, sampled frame by frame on a ``VirtualClock``.
///
/// The last frame is the first whose elapsed time reaches `duration`; it carries exactly the
/// target value (the spring is tuned to be within 0.001 by then, and UIKit's completion block
/// runs at the duration), and the completion callback fires at that frame's time.
///
/// ```swift
/// let animation = CompletionStyle.fixed(
///     finish: TimedCurve(duration: 0.25, curve: .easeInOut),
///     cancel: TimedCurve(duration: 0.5, curve: .spring(dampingRatio: 0.9, initialVelocity: .zero))
/// ).animation(finishing: false, from: 0.3, axisVelocity: 0, distance: 800, callbackTiming: .afterAnimation)
/// let frames = animation.frames(clock: VirtualClock(origin: 2.0))   // 30 frames, last at 2.5, value 0
/// ```
package struct CompletionAnimation: Hashable, Sendable {
    /// How the value moves between `from` and `to`.
    package enum Trajectory: Hashable, Sendable {
        /// `from + (to − from)·curve(elapsed / duration)`.
        case curve(TimingCurve)
        /// `to + (from − to)·x(startTime + elapsed·timeScale) / x(startTime)`: a spring run,
        /// entered at `startTime` (0 for a whole run; later for the remaining part of a run).
        case spring(DampedSpring, startTime: Double, timeScale: Double)
    }

    /// `true` when it animates to the finished state (UIKit `.end`).
    package var finishing: Bool
    /// The fraction at the release: where the run starts.
    package var from: Double
    /// The target: 1 (finish) or 0 (cancel).
    package var to: Double
    /// Seconds.
    package var duration: Double
    /// How the value moves from ``from`` to ``to``.
    package var trajectory: Trajectory
    /// When the library calls `finishInteractiveTransition` / `cancelInteractiveTransition`.
    package var interactiveCallbackTiming: DismissalSettings.InteractiveCallbackTiming

    /// A run from its parts; ``CompletionStyle`` makes the libraries' runs.
    package init(finishing: Bool, from: Double, to: Double, duration: Double, trajectory: Trajectory,
                interactiveCallbackTiming: DismissalSettings.InteractiveCallbackTiming) {
        self.finishing = finishing
        self.from = from
        self.to = to
        self.duration = duration
        self.trajectory = trajectory
        self.interactiveCallbackTiming = interactiveCallbackTiming
    }

    /// The value `elapsed` seconds after the release; exactly `to` from `duration` on.
    package func value(at elapsed: Double) -> Double {
        if elapsed >= duration { return to }
        if elapsed <= 0 { return from }
        switch trajectory {
        case .curve(let curve):
            return from + (to - from) * curve.progress(at: elapsed / duration, duration: duration)
        case .spring(let spring, let start, let scale):
            let x0 = spring.displacement(at: start)
            guard x0 != 0 else { return to }
            return to + (from - to) * spring.displacement(at: start + elapsed * scale) / x0
        }
    }

    /// The longest run framed, in seconds. An app's `completionSpeed` of 0 makes a run
    /// endless (its duration infinite, or not a number from 0 ÷ 0), a tiny one 10¹⁵ frames
    /// long: framed whole, the first trapped and the second exhausted memory. Such a run is
    /// framed this far and stops off its target, its completion at the last frame; UIKit
    /// clamps a completion to 10 s, so `completion-once` fails it either way.
    package static let longestFramed = 60.0

    /// Whether the run ends within ``longestFramed`` (its frames end on the target).
    package var endsWithinFramedTime: Bool { duration.isFinite && duration <= Self.longestFramed }

    /// The frames of this run: `clock` is restarted at its current time (normally the release
    /// time), advanced one frame at a time until the duration is covered. A zero-length run
    /// gives one frame, at the start, already on the target; one longer than
    /// ``longestFramed`` stops there, off the target (one that never moves: at `from`).
    package func frames(clock: VirtualClock) -> [CompletionFrame] {
        var clock = clock.restarted(at: clock.time)
        let ends = endsWithinFramedTime
        let count = clock.frameCount(covering: ends ? duration : Self.longestFramed)
        guard count > 0 else { return [CompletionFrame(time: clock.time, value: to)] }
        var frames: [CompletionFrame] = []
        frames.reserveCapacity(count)
        for index in 1...count {
            clock.advance()
            let value = !ends && !duration.isFinite ? from : index == count && ends ? to : value(at: clock.elapsed)
            frames.append(CompletionFrame(time: clock.time, value: value))
        }
        return frames
    }
}
