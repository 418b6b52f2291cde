@_spi(Pipeline) import TouchTapeEvents
#if canImport(Glibc)
import Glibc
#endif

/// The one poll loop over a live device: `record` and `live` both run it, so a device that
/// disappears, a signal, a deadline and other descriptors (a terminal's keys) are handled
/// the same way everywhere.
///
/// Each turn waits (at most ``tickMilliseconds``, less when the deadline is nearer) for the
/// device, the stop signal or a watched descriptor, then hands the handler what happened:
/// the events read, a watched descriptor that became readable, or a tick (nothing arrived;
/// a live view redraws its running animation then). The handler returns whether to go on.
///
/// ```swift
/// let loop = DeviceEventLoop(device: evdev, stop: StopSignal(), deadline: nil)
/// let end = try loop.run { input in
///     if case .events(let events) = input { try recorder.feed(events) }
///     return .continue
/// }
/// ```
package struct DeviceEventLoop {
    /// What a turn of the loop brings.
    package enum Input: Sendable {
        /// Events in kernel order (never empty).
        case events([InputEvent])
        /// A watched descriptor is readable (e.g. a key was pressed).
        case readable(Int32)
        /// Nothing arrived within the tick.
        case tick
    }

    /// What the handler wants after a turn.
    package enum Control: Sendable {
        case `continue`
        case stop
        /// Go on, no longer watching this descriptor (it reached end of file: a pipe of
        /// keys whose writer closed it would otherwise be readable on every turn).
        case stopWatching(Int32)
    }

    /// Why the loop ended (a failing device throws instead).
    package enum End: Hashable, Sendable {
        /// `SIGINT`, `SIGTERM`…
        case signal(Int32)
        /// The deadline passed.
        case deadline
        /// The handler said stop.
        case handler
    }

    package let device: EvdevDevice
    package let stop: StopSignal?
    /// Descriptors whose readability is reported as ``Input/readable(_:)``.
    package var watching: [Int32]
    /// Longest wait of one turn.
    package var tickMilliseconds: Int32
    /// `CLOCK_MONOTONIC` microseconds at which the loop ends by itself.
    package var deadline: Int64?
    package let clock: MonotonicClock

    package init(device: EvdevDevice, stop: StopSignal?, watching: [Int32] = [], tickMilliseconds: Int32 = 100,
                deadline: Int64? = nil, clock: MonotonicClock = MonotonicClock()) {
        self.device = device
        self.stop = stop
        self.watching = watching
        self.tickMilliseconds = tickMilliseconds
        self.deadline = deadline
        self.clock = clock
    }

    /// Runs until a signal, the deadline or the handler stops it.
    ///
    /// - Throws: the device's ``DeviceError`` (``DeviceError/gone(path:)`` when it is
    ///   unplugged), or whatever the handler throws.
    package func run(_ handle: (Input) throws -> Control) throws -> End {
        var watching = self.watching
        while true {
            var timeout = tickMilliseconds
            if let deadline {
                let left = deadline - clock.nowMicroseconds()
                if left <= 0 { return .deadline }
                timeout = Int32(min(Int64(timeout), left / 1000 + 1))
            }
            let read = try device.read(timeoutMilliseconds: timeout, stop: stop, watching: watching)
            let control: Control
            switch read {
            case .stopped(let signal): return .signal(signal)
            case .timeout: control = try handle(.tick)
            case .events(let events): control = try handle(.events(events))
            case .readable(let descriptor): control = try handle(.readable(descriptor))
            }
            switch control {
            case .continue: break
            case .stop: return .handler
            case .stopWatching(let descriptor): watching.removeAll { $0 == descriptor }
            }
        }
    }
}
