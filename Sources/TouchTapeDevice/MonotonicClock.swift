#if canImport(Glibc)
import Glibc
#endif

/// `CLOCK_MONOTONIC` in microseconds: the clock evdev stamps events with once the
/// device is switched to it, and the clock the player schedules writes on.
package struct MonotonicClock: Sendable {
    package init() {}

    package func nowMicroseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }
}
