/// A display clock that only moves when told to: whole frames at a frame rate.
///
/// No real time is read anywhere in TouchTape's dismissal model; completion animations
/// step this value frame by frame, so the same recording always gives the same frames.
/// Times are computed as `origin + frameIndex / frameRate` (not summed), so they do not
/// drift: frame 15 at 60 Hz is exactly `origin + 0.25`.
///
/// ```swift
/// var clock = VirtualClock(origin: 1.5)    // 60 Hz
/// clock.advance()                            // clock.time == 1.5 + 1/60
/// ```
package struct VirtualClock: Hashable, Sendable {
    /// UIKit's usual display refresh rate.
    package static let defaultFrameRate: Double = 60

    /// The time of frame 0, in seconds on the track's time base.
    package private(set) var origin: Double
    /// Frames advanced since `origin`.
    package private(set) var frameIndex: Int
    /// Frames per second (> 0). Setting it keeps the current time and counts new frames from there.
    package var frameRate: Double {
        didSet {
            precondition(frameRate > 0, "frameRate must be positive")
            origin += Double(frameIndex) / oldValue
            frameIndex = 0
        }
    }

    /// A clock at `origin` seconds ticking `frameRate` frames per second.
    package init(origin: Double = 0, frameRate: Double = VirtualClock.defaultFrameRate) {
        precondition(frameRate > 0, "frameRate must be positive")
        self.origin = origin
        self.frameIndex = 0
        self.frameRate = frameRate
    }

    /// Seconds since `origin` (exactly `frameIndex / frameRate`).
    package var elapsed: Double { Double(frameIndex) / frameRate }
    /// The current time.
    package var time: Double { origin + elapsed }
    /// One frame's length in seconds.
    package var frameDuration: Double { 1 / frameRate }

    /// Moves one frame on.
    package mutating func advance() { frameIndex += 1 }

    /// The same frame rate, restarted at `time` (frame 0). A completion animation starts
    /// its clock at the release time this way.
    package func restarted(at time: Double) -> VirtualClock {
        VirtualClock(origin: time, frameRate: frameRate)
    }

    /// Frames needed to cover `duration` seconds: the first frame whose elapsed time reaches
    /// the duration (a nanosecond of slack absorbs rounding in products like `(1 − f)·D`).
    package func frameCount(covering duration: Double) -> Int {
        guard duration > 0 else { return 0 }
        return Int((duration * frameRate - 1e-9 * frameRate).rounded(.up))
    }
}
