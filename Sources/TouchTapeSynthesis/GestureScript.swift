@_spi(Pipeline) import TouchTapeEvents

/// A gesture described the way a person would perform it: where the first finger
/// lands, how it moves (strokes with human velocity profiles), and when other
/// fingers join or lift. ``GestureSynthesizer`` turns it into kernel-shaped events.
package struct GestureScript: Hashable, Sendable {
    /// How one stroke's speed varies over its duration.
    package enum Profile: String, Hashable, Sendable {
        /// Starts and ends at rest (minimum-jerk, the smooth shape of a deliberate reach).
        case smooth
        /// Starts at rest and is fastest at the end: the finger lifts while still moving (a flick).
        case accelerating
        /// Constant speed throughout.
        case constant
    }

    /// One part of the first finger's path.
    package enum Stroke: Hashable, Sendable {
        /// Move by `displacement` millimetres over `duration` seconds.
        case move(displacement: Vector2, duration: Double, profile: Profile)
        /// Stay still (with sensor noise) for `duration` seconds.
        case hold(duration: Double)

        package var duration: Double {
            switch self {
            case .move(_, let duration, _): return duration
            case .hold(let duration): return duration
            }
        }
    }

    /// A finger other than the first one: down at `down`, up at `up` (seconds after
    /// the first finger lands; `nil` = lifts with the first), at `offset` mm from the first.
    package struct ExtraFinger: Hashable, Sendable {
        package var offset: Vector2
        package var down: Double
        package var up: Double?

        package init(offset: Vector2, down: Double = 0, up: Double? = nil) {
            self.offset = offset
            self.down = down
            self.up = up
        }
    }

    /// Where the first finger lands, in millimetres from the top-left of the surface.
    package var start: Vector2
    package var strokes: [Stroke]
    package var extraFingers: [ExtraFinger]
    /// Seconds between hardware frames (120 Hz touchscreens, ~80 Hz touchpads).
    package var frameInterval: Double
    /// Standard deviation of frame timing jitter, seconds.
    package var timingJitter: Double
    /// Standard deviation of position noise, millimetres.
    package var positionNoise: Double

    package init(
        start: Vector2,
        strokes: [Stroke],
        extraFingers: [ExtraFinger] = [],
        frameInterval: Double = 1.0 / 120.0,
        timingJitter: Double = 0.0004,
        positionNoise: Double = 0.04
    ) {
        self.start = start
        self.strokes = strokes
        self.extraFingers = extraFingers
        self.frameInterval = frameInterval
        self.timingJitter = timingJitter
        self.positionNoise = positionNoise
    }

    /// Seconds from the first finger down to its lift.
    package var duration: Double { strokes.reduce(0) { $0 + $1.duration } }

    /// The first finger's position `t` seconds after it landed (noise-free).
    package func firstFingerPosition(at t: Double) -> Vector2 {
        var position = start
        var elapsed = 0.0
        for stroke in strokes {
            let local = t - elapsed
            switch stroke {
            case .hold(let duration):
                if local < duration { return position }
                elapsed += duration
            case .move(let displacement, let duration, let profile):
                if local < duration {
                    return position + displacement * Self.fraction(local / duration, profile)
                }
                position += displacement
                elapsed += duration
            }
        }
        return position
    }

    /// Share of a stroke's displacement covered at normalised time `s` in 0...1.
    static func fraction(_ s: Double, _ profile: Profile) -> Double {
        let s = min(max(s, 0), 1)
        switch profile {
        case .smooth: return s * s * s * (10 - 15 * s + 6 * s * s)   // minimum jerk
        case .accelerating: return s * s                               // speed grows linearly to the lift
        case .constant: return s
        }
    }
}
