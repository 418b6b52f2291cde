import Histogram
@_spi(Pipeline) import TouchTapeEvents

/// What `touchtape record --stats` reports when the recording ends: how many events and
/// frames were read, how many `SYN_DROPPED` the kernel reported (events lost before the
/// recorder could read them), and how long an event took from its kernel timestamp to its
/// frame's bytes being written to the file.
///
/// The delay is taken per frame (its `SYN_REPORT`'s kernel time) when the batch of events
/// holding it has been written: an upper bound for every frame of the batch. Memory stays
/// constant however long the recording (an HDR histogram, 1 µs … 60 s at three significant
/// digits), so an hours-long session can keep it on.
package struct RecorderStats: Sendable {
    package private(set) var events = 0
    package private(set) var frames = 0
    package private(set) var droppedReports = 0
    /// Microseconds from a frame's kernel time to its bytes written.
    package private(set) var writeDelays = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)

    package init() {}

    /// Counts a batch the recorder has just written; `now` is `CLOCK_MONOTONIC` in
    /// microseconds, the clock the device stamps events with.
    package mutating func recordWritten(_ batch: [InputEvent], atMicroseconds now: Int64) {
        events += batch.count
        for event in batch {
            if event.isSynDropped { droppedReports += 1 }
            guard event.isSynReport else { continue }
            frames += 1
            let delay = now - Int64(clamping: event.time.totalMicroseconds)
            _ = writeDelays.record(UInt64(clamping: Swift.max(delay, 0)))
        }
    }

    /// One line: counts, the delay percentiles and the CPU share.
    package func summary(cpuSeconds: Double, wallSeconds: Double) -> String {
        let share = wallSeconds > 0 ? 100 * cpuSeconds / wallSeconds : 0
        let delay = frames == 0 ? "no frames"
            : "p50 \(writeDelays.valueAtPercentile(50)) µs, p99 \(writeDelays.valueAtPercentile(99)) µs, max \(writeDelays.max) µs"
        return "stats: \(events) events in \(frames) frames, \(droppedReports) SYN_DROPPED; "
            + "kernel time → written: \(delay); CPU \(DecimalText.fixed(cpuSeconds, 2)) s in \(DecimalText.fixed(wallSeconds, 2)) s "
            + "(\(DecimalText.fixed(share, 1)) % of one core)"
    }
}
