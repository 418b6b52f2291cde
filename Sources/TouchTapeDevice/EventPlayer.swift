@_spi(Pipeline) import TouchTapeEvents

/// Writes recorded events into a device on their recorded schedule.
///
/// Scheduling is absolute: event *i* is due at `start + (time_i − time_0)`, so sleep
/// overshoot never accumulates over a long track. Like evemu-play, the player only
/// sleeps when an event is due more than ``sleepThresholdMicroseconds`` ahead, and
/// then wakes ``sleepMarginMicroseconds`` early: the events of one frame share a
/// timestamp and go out back to back, and a frame is written a hair early rather
/// than late. Clock, sleep and write are injected so the timing logic is testable.
package struct EventPlayer {
    /// evemu's `EVEMU_SLEEP_MARGIN_US` (150 µs, src/evemu.c `evemu_read_event_realtime`).
    package static let sleepMarginMicroseconds: Int64 = 150
    /// evemu sleeps only when the delta exceeds twice the margin.
    package static let sleepThresholdMicroseconds: Int64 = 2 * sleepMarginMicroseconds

    package var pacing: ReplayPacing
    package var now: () -> Int64
    /// Sleeps the given microseconds; returns a signal number when a stop signal cut it short.
    package var sleep: (Int64) -> Int32?

    package init(pacing: ReplayPacing, now: @escaping () -> Int64, sleep: @escaping (Int64) -> Int32?) {
        self.pacing = pacing
        self.now = now
        self.sleep = sleep
    }

    /// What a play run did.
    package struct Result {
        package var eventsWritten: Int
        package var timing: TimingReport
        /// The stop signal that ended the run early, if any.
        package var stoppedBy: Int32?
    }

    /// Plays `events`; `write` sends one event to the device.
    package func play<E: Error>(_ events: [InputEvent], write: (InputEvent) throws(E) -> Void) throws(E) -> Result {
        guard let first = events.first else { return Result(eventsWritten: 0, timing: TimingReport(errorsMicroseconds: []), stoppedBy: nil) }
        let start = now()
        var errors: [Int64] = []
        var written = 0
        for event in events {
            let due = pacing == .realtime ? start + event.time.microseconds(since: first.time) : now()
            switch pacing {
            case .realtime:
                let ahead = due - now()
                if ahead > Self.sleepThresholdMicroseconds, let signal = sleep(ahead - Self.sleepMarginMicroseconds) {
                    return Result(eventsWritten: written, timing: TimingReport(errorsMicroseconds: errors), stoppedBy: signal)
                }
            case .asFastAsPossible:
                // No sleeping, but still look for a stop signal between frames.
                if written > 0 && events[written - 1].isSynReport, let signal = sleep(0) {
                    return Result(eventsWritten: written, timing: TimingReport(errorsMicroseconds: errors), stoppedBy: signal)
                }
            }
            try write(event)
            written += 1
            if event.isSynReport { errors.append(now() - due) }
        }
        return Result(eventsWritten: written, timing: TimingReport(errorsMicroseconds: errors), stoppedBy: nil)
    }
}
