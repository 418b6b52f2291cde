#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TouchTapeFormats

/// Turns `SIGINT`/`SIGTERM` into something a `poll()` loop can wait on: a self-pipe.
///
/// The only global mutable state in TouchTape lives here, because a signal handler
/// can reach nothing else: the write end of the pipe and the number of the signal
/// that fired. The handler does only async-signal-safe work (one `write()` of one
/// byte, one lock-free atomic store). Everything else reads the pipe from the
/// normal flow of the program, so no Swift code runs inside the handler beyond that.
///
/// Both values are atomics, not plain statics: the handler runs on whichever thread
/// the kernel picks (under `AsyncParsableCommand` that is the main thread, parked in
/// Dispatch, while the command runs on a cooperative-pool thread), so a plain store
/// there and a load in the command's loop are a data race (ThreadSanitizer reported it
/// in `replay -o`, `convert` and `live` on a signal).
package final class StopSignal: @unchecked Sendable {
    /// The signals ``init(signals:)`` catches by default.
    package static let defaultSignals: [Int32] = [SIGINT, SIGTERM]

    /// Pipe the handler writes to; read end polled by device loops. `-1` until installed.
    private static let writeDescriptor = Atomic<Int32>(-1)
    /// The last signal number caught (0 = none).
    private static let caughtSignal = Atomic<Int32>(0)

    /// The read end of the self-pipe: becomes readable once a signal fired.
    package let pollDescriptor: Int32
    private let writeEnd: Int32

    /// Installs handlers for `signals` (replacing earlier ones). Only one instance
    /// should be alive at a time; a later one takes over the handlers.
    package init(signals: [Int32] = StopSignal.defaultSignals) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        for fd in fds where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        pollDescriptor = fds[0]
        writeEnd = fds[1]
        // Both statics are first touched here, before any handler exists: their lazy
        // initialisation (swift_once) is not async-signal-safe.
        StopSignal.caughtSignal.store(0, ordering: .sequentiallyConsistent)
        StopSignal.writeDescriptor.store(writeEnd, ordering: .sequentiallyConsistent)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                StopSignal.caughtSignal.store(number, ordering: .sequentiallyConsistent)
                var byte: UInt8 = 1
                _ = Glibc.write(StopSignal.writeDescriptor.load(ordering: .sequentiallyConsistent), &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0   // no SA_RESTART: blocking calls return EINTR
            sigaction(signal, &action, nil)
        }
    }

    deinit {
        StopSignal.writeDescriptor.store(-1, ordering: .sequentiallyConsistent)
        close(pollDescriptor)
        close(writeEnd)
    }

    /// The signal that fired, or `nil`.
    package var firedSignal: Int32? { Self.caught }

    /// How an output or a lock waits while this handler is installed: until it can go on
    /// or one of the signals fires; `notice` is told when a wait begins.
    package func waiting(notice: @escaping @Sendable (String) -> Void) -> Waiting {
        Waiting(descriptor: pollDescriptor, signal: { [self] in firedSignal }, notice: notice)
    }

    /// Restores the default action for the given signals (so a second Ctrl-C kills).
    /// The stop signal caught since the last ``StopSignal`` was made, if any: how the one
    /// place errors are rendered tells an error the signal caused (a wait it ended) from
    /// any other.
    package static var caught: Int32? {
        let number = caughtSignal.load(ordering: .sequentiallyConsistent)
        return number == 0 ? nil : number
    }

    package static func restoreDefaults(_ signals: [Int32] = StopSignal.defaultSignals) {
        for number in signals { signal(number, SIG_DFL) }
    }

    /// Sleeps up to `microseconds` or until a signal fires; returns the signal if one did.
    package func sleep(microseconds: Int64) -> Int32? {
        if let fired = firedSignal { return fired }
        guard microseconds > 0 else { return nil }
        // poll() wakes on the self-pipe but has millisecond resolution; the remainder
        // below one millisecond is slept with nanosleep (a signal that lands then is
        // seen at the next call, at most 1 ms later).
        let whole = microseconds / 1000
        if whole > 0 {
            var fds = [pollfd(fd: pollDescriptor, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 1, Int32(clamping: whole))
            if let fired = firedSignal { return fired }
        }
        let rest = microseconds % 1000
        if rest > 0 {
            var request = timespec(tv_sec: 0, tv_nsec: Int(rest) * 1000)
            _ = nanosleep(&request, nil)
        }
        return firedSignal
    }
}
