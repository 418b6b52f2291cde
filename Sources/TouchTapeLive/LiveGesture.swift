import TouchTapeDismissal
import TouchTapePan
import TouchTapeReplay

/// The gesture on screen: the one in progress, or the last one until the next begins
/// (so its outcome and completion animation stay visible).
package struct LiveGesture: Sendable {
    /// Where the controller is in this gesture's life.
    package enum Stage: Hashable, Sendable {
        /// Fingers down, no pan yet (inside the recognizer's slop, or one touchpad finger).
        case touching
        /// The controller follows the pan.
        case driving
        /// The controller refused the pan at `.began` (outcome none, no transition).
        case refused
        /// The pan ended and the controller decided.
        case decided
    }

    /// The live session's running number (across `--loop` passes).
    package var gesture: Int
    /// The track number the report carries (the file's track number under `--from`).
    package var track: Int
    /// The settings the gesture runs under (fixed at its first frame).
    package var settings: SessionSettings
    package var configuration: ReplayConfiguration
    package var stage: Stage = .touching
    package var fingers = 0
    package var phase: PanPhase?
    /// Translation and velocity along the dismiss axis (points, points/s; + towards the edge).
    package var translation = 0.0
    package var velocity = 0.0
    /// The controller's last progress (clamped) and the raw fraction.
    package var progress: Double?
    package var rawProgress: Double?
    /// What the controller would decide if the fingers lifted now (while driving).
    package var wouldDecide: Decision?
    /// The decision at release, and its completion playing on the session clock.
    package var decided: Decision?
    package var completion: LiveCompletion?
    /// The last frame of the gesture went through.
    package var ended = false

    package init(gesture: Int, track: Int, settings: SessionSettings, configuration: ReplayConfiguration) {
        self.gesture = gesture
        self.track = track
        self.settings = settings
        self.configuration = configuration
    }

    package var edge: DismissEdge { configuration.dismissal.edge }
    /// The threshold this gesture is decided with (`nil`: the profile has none).
    package var threshold: Double? { configuration.dismissal.completionThreshold }
    /// The minimum flick velocity this gesture is decided with (`nil`: flicks off).
    package var flickVelocity: Double? { configuration.dismissal.flick?.minimumVelocity }

    mutating func take(_ sample: PanSample) {
        phase = sample.phase
        translation = edge.component(of: sample.translation)
        velocity = edge.component(of: sample.velocity)
    }
}

/// A completion animation's frames (virtual-clock times, relative to the track) played
/// against the session clock from the moment the decision arrived.
package struct LiveCompletion: Hashable, Sendable {
    package var outcome: Outcome
    package var frames: [CompletionFrame]
    /// The release time on the track's virtual clock (the first frame's time base).
    package var releaseTime: Double
    /// Session-clock microseconds at which the decision arrived.
    package var startClock: Int64

    package init(outcome: Outcome, frames: [CompletionFrame], releaseTime: Double, startClock: Int64) {
        self.outcome = outcome
        self.frames = frames
        self.releaseTime = releaseTime
        self.startClock = startClock
    }

    /// The animation's length in seconds.
    package var duration: Double { max(0, (frames.last?.time ?? releaseTime) - releaseTime) }
    /// The value it runs to (1 finish, 0 cancel).
    package var target: Double { frames.last?.value ?? (outcome == .finish ? 1 : 0) }

    /// The value on screen at `clock`: the last frame due by then (the first before it starts).
    package func value(atClock clock: Int64) -> Double {
        let t = releaseTime + Double(clock - startClock) / 1_000_000
        var value = frames.first?.value ?? target
        for frame in frames {
            if frame.time <= t + 1e-9 { value = frame.value } else { break }
        }
        return value
    }

    package func isFinished(atClock clock: Int64) -> Bool {
        releaseTime + Double(clock - startClock) / 1_000_000 >= (frames.last?.time ?? releaseTime) - 1e-9
    }
}
