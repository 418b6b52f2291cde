import TouchTapeEvents

/// The samples every ``VelocityTracker`` keeps, and the two rules they share: which
/// samples form the estimation window, and when the pointer counts as stopped.
///
/// Times are held as whole microseconds (evdev's resolution), rounded from the seconds
/// the trackers are given, so "more than 40 ms" is decided exactly: a 40.000 ms gap is
/// not a stop, 40.001 ms is.
struct VelocitySampleHistory: Hashable, Sendable {
    struct Sample: Hashable, Sendable {
        var microseconds: Int64
        var position: Vector2
    }

    /// Oldest first, at most ``PanConstants/historySize``.
    private(set) var samples: [Sample] = []
    /// Time of the newest sample whose position differs from the sample before it (or
    /// the first sample). Frames that repeat a position are samples, but not movement.
    private(set) var lastMovementMicroseconds: Int64?

    static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    mutating func add(time: Double, position: Vector2) {
        let t = Self.microseconds(time)
        if let newest = samples.last, newest.microseconds == t {
            // Android: two samples with one timestamp overwrite instead of appending.
            samples.removeLast()
        }
        let moved = samples.last.map { $0.position != position } ?? true
        if moved { lastMovementMicroseconds = t }
        samples.append(Sample(microseconds: t, position: position))
        if samples.count > PanConstants.historySize { samples.removeFirst(samples.count - PanConstants.historySize) }
    }

    mutating func reset() {
        samples = []
        lastMovementMicroseconds = nil
    }

    /// The stopped-pointer rule (Android: an up more than 40 ms after the last movement
    /// has no velocity; Flutter: the `_sinceLastSample` stopwatch, here on the virtual
    /// clock): true when more than 40 ms passed between the last movement and `time`.
    func isStopped(at time: Double) -> Bool {
        guard let last = lastMovementMicroseconds else { return true }
        return Self.microseconds(time) - last > PanConstants.assumePointerStoppedMicroseconds
    }

    /// The estimation window, newest first: walking back from the newest sample, stop at
    /// a sample older than the horizon (100 ms), at a gap over 40 ms between consecutive
    /// samples, or after 20 samples (Flutter `getVelocityEstimate`, Android `getEstimator`).
    func window() -> [Sample] {
        samples.suffix(windowCount()).reversed()
    }

    /// How many of the newest samples ``window()`` holds, without building it.
    func windowCount() -> Int {
        guard let newest = samples.last else { return 0 }
        var count = 0
        var previous = newest
        for sample in samples.reversed() {
            let age = newest.microseconds - sample.microseconds
            let gap = previous.microseconds - sample.microseconds
            if age > PanConstants.horizonMicroseconds || gap > PanConstants.assumePointerStoppedMicroseconds { break }
            count += 1
            previous = sample
            if count == PanConstants.historySize { break }
        }
        return count
    }
}
