@_spi(Pipeline) import TouchTapeContract
@_spi(Pipeline) import TouchTapeEvents

/// The samples every ``VelocityTracker`` keeps, and the two rules they share: which
/// samples form the estimation window, and when the pointer counts as stopped.
///
/// Times are held as whole microseconds (evdev's resolution), rounded from the seconds
/// the trackers are given, so "more than 40 ms" is decided exactly: a 40.000 ms gap is
/// not a stop, 40.001 ms is.
///
/// The samples are appended to a ``VelocityBlock`` and never changed, so that a
/// ``VelocityHistoryView`` of the history as it is now stays valid as the pan goes on: a
/// pan sample carries such a view and fits its velocity only if something reads it
/// (``PanVelocity``). A sample with the time of the newest one supersedes it (Android
/// overwrites it); the superseded one stays in the block for the views made before, and
/// views made after skip it.
struct VelocitySampleHistory: Hashable, Sendable {
    struct Sample: Hashable, Sendable {
        var microseconds: Int64
        var position: Vector2
    }

    /// The estimator whose fits the blocks make.
    private let strategy: VelocityStrategy
    /// Where the samples go; replaced (with the live samples carried over) when full.
    private var block: VelocityBlock
    /// What the deferred fits of `block` are read through (made once a block).
    private var source: PanVelocitySource
    /// How many of the block's samples are this history's: a copy of the history that was
    /// fed after the copy was made appended past it, and this one then takes a block of its own.
    private var end = 0
    /// The newest sample, and the one before it with another time (the live one before it).
    private var newest: Sample?
    private var beforeNewest: Sample?
    /// Time of the newest sample whose position differs from the sample before it (or
    /// the first sample). Frames that repeat a position are samples, but not movement.
    private(set) var lastMovementMicroseconds: Int64?

    /// An empty history whose deferred fits are `strategy`'s.
    init(strategy: VelocityStrategy) {
        self.strategy = strategy
        block = VelocityBlock(strategy: strategy)
        source = .record(block)
    }

    static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// The fit of the history as it is now, made only when read.
    var deferredFit: PanVelocity { PanVelocity(deferred: source, at: end) }

    /// The history as it is now, for a fit made now or later.
    var view: VelocityHistoryView { VelocityHistoryView(block: block, end: end) }

    /// The live samples, oldest first, at most ``PanConstants/historySize``.
    var samples: [Sample] { view.withLiveSamples { Array($0.reversed()) } }

    mutating func add(time: Double, position: Vector2) {
        let t = Self.microseconds(time)
        // Android: two samples with one timestamp overwrite instead of appending; the
        // movement test is against the sample before the overwritten one.
        let previous: Sample?
        if let newest, newest.microseconds == t {
            previous = beforeNewest
        } else {
            previous = newest
            beforeNewest = newest
        }
        let moved = previous.map { $0.position != position } ?? true
        if moved { lastMovementMicroseconds = t }
        let sample = Sample(microseconds: t, position: position)
        newest = sample
        if block.isFull || block.count != end {
            // A new block starts with the live samples (all a window can reach); views
            // made before keep the old one.
            let live = view.withLiveSamples { Array($0.reversed()) }
            block = VelocityBlock(strategy: strategy)
            source = .record(block)
            for s in live { block.append(s) }
        }
        block.append(sample)
        end = block.count
    }

    mutating func reset() {
        self = VelocitySampleHistory(strategy: strategy)
    }

    /// The stopped-pointer rule (Android: an up more than 40 ms after the last movement
    /// has no velocity; Flutter: the `_sinceLastSample` stopwatch, here on the virtual
    /// clock): true when more than 40 ms passed between the last movement and `time`.
    func isStopped(at time: Double) -> Bool {
        guard let last = lastMovementMicroseconds else { return true }
        return Self.microseconds(time) - last > PanConstants.assumePointerStoppedMicroseconds
    }

    /// The estimation window, newest first (see ``VelocityHistoryView/windowCount(_:)``).
    func window() -> [Sample] {
        view.withLiveSamples { Array($0.prefix(VelocityHistoryView.windowCount($0))) }
    }

    /// How many of the newest samples ``window()`` holds, without building it.
    func windowCount() -> Int {
        view.withLiveSamples { VelocityHistoryView.windowCount($0) }
    }

    static func == (a: VelocitySampleHistory, b: VelocitySampleHistory) -> Bool {
        a.samples == b.samples && a.lastMovementMicroseconds == b.lastMovementMicroseconds
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(samples)
        hasher.combine(lastMovementMicroseconds)
    }
}

/// A ``VelocitySampleHistory`` as it was when the view was made: its block and how many
/// of the block's samples existed then. Samples are only ever appended after `end`, so the
/// view reads the same samples however long after it is read.
struct VelocityHistoryView: Sendable {
    let block: VelocityBlock
    let end: Int

    /// `body` with the live samples, newest first, at most ``PanConstants/historySize``
    /// (a superseded sample, one followed by a sample of the same time, is not live).
    func withLiveSamples<R>(_ body: (UnsafeBufferPointer<VelocitySampleHistory.Sample>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: VelocitySampleHistory.Sample.self, capacity: PanConstants.historySize) { buffer in
            var count = 0
            var index = end - 1
            var taken: Int64?
            while index >= 0, count < PanConstants.historySize {
                let sample = block[index]
                if sample.microseconds != taken {
                    buffer.initializeElement(at: count, to: sample)
                    count += 1
                    taken = sample.microseconds
                }
                index -= 1
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The estimation window's size in `live` (newest first): walking back from the newest
    /// sample, stop at a sample older than the horizon (100 ms), at a gap over 40 ms between
    /// consecutive samples, or after 20 samples (Flutter `getVelocityEstimate`, Android
    /// `getEstimator`).
    static func windowCount(_ live: UnsafeBufferPointer<VelocitySampleHistory.Sample>) -> Int {
        guard let newest = live.first else { return 0 }
        var count = 0
        var previous = newest
        for sample in live {
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

/// A fixed block of velocity samples, appended to and never changed or moved: a
/// ``VelocityHistoryView`` reads the samples before its end while the pan appends after
/// it. One pan is fed on one thread; a view handed to another thread reads only samples
/// written before it was made (the hand-over orders the writes before the reads).
final class VelocityBlock: PanVelocityRecord, @unchecked Sendable {
    /// Samples per block: 256 × 24 bytes, 6 KiB a pan at least. A full block starts a new
    /// one with at most 20 live samples copied, so the copying is under a tenth of the appends.
    static let capacity = 256

    private let storage = UnsafeMutablePointer<VelocitySampleHistory.Sample>.allocate(capacity: VelocityBlock.capacity)
    private(set) var count = 0
    /// Whose fit ``velocity(at:)`` makes.
    let strategy: VelocityStrategy

    init(strategy: VelocityStrategy) {
        self.strategy = strategy
    }

    /// The fit of the samples before `end` (a deferred ``PanVelocity``).
    func velocity(at end: Int) -> Vector2 {
        let view = VelocityHistoryView(block: self, end: end)
        switch strategy {
        case .leastSquares: return LeastSquaresVelocityTracker.fit(view)
        case .iOSWeighted: return IOSWeightedVelocityTracker.fit(view)
        case .impulse: return ImpulseVelocityTracker.fit(view)
        }
    }

    var isFull: Bool { count == Self.capacity }

    subscript(index: Int) -> VelocitySampleHistory.Sample { storage[index] }

    func append(_ sample: VelocitySampleHistory.Sample) {
        precondition(count < Self.capacity, "VelocityBlock is full")
        (storage + count).initialize(to: sample)
        count += 1
    }

    deinit {
        storage.deallocate()
    }
}
