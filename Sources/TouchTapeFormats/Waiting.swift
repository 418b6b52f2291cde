#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a blocking step (opening a FIFO nobody reads yet, writing a full pipe, a lock another
/// process holds) waits: until it can go on, or until a stop signal fires, whichever comes
/// first, and what the user is told when a wait begins.
///
/// A signal handler runs on whichever thread the kernel picks, so a blocking call on another
/// thread is not woken by it: no step here blocks in the kernel. It polls the descriptor it
/// waits on together with ``descriptor`` (the read end of ``StopSignal``'s self-pipe, readable
/// once a signal fired), or, where there is nothing to poll (a FIFO without a reader cannot
/// be opened yet), retries every ``retryMilliseconds``.
package struct Waiting: Sendable {
    /// Readable once a stop signal fired; `-1`: nothing interrupts (the signals' default
    /// action, ending the process, still does).
    package let descriptor: Int32
    private let firedSignal: @Sendable () -> Int32?
    private let notice: @Sendable (String) -> Void

    /// How often a wait with nothing to poll tries again.
    package static let retryMilliseconds: Int32 = 50

    /// A policy from its parts: the self-pipe's read end, the signal caught (or `nil`), and
    /// what to say when a wait begins (`waiting for a reader of out.fifo`).
    package init(descriptor: Int32, signal: @escaping @Sendable () -> Int32?, notice: @escaping @Sendable (String) -> Void) {
        self.descriptor = descriptor
        self.firedSignal = signal
        self.notice = notice
    }

    /// No stop signal installed, nothing said.
    package static let uninterrupted = Waiting(descriptor: -1, signal: { nil }, notice: { _ in })

    /// The stop signal that fired, if one did.
    package var signal: Int32? { firedSignal() }

    /// Tells the user a wait begins.
    package func announce(_ what: String) { notice(what) }

    /// Sleeps up to `milliseconds`, or until a stop signal fires: that signal, or `nil`.
    package func pause(milliseconds: Int32 = retryMilliseconds) -> Int32? {
        if let signal { return signal }
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 1, milliseconds)
        return signal
    }

    /// Waits until `target` is ready for `events` (`POLLOUT`) or a stop signal fires: the
    /// signal, or `nil` once `target` is ready (or reports an error, which the next call
    /// on it returns).
    package func until(_ target: Int32, ready events: Int16) -> Int32? {
        while true {
            if let signal { return signal }
            var fds = [pollfd(fd: target, events: events, revents: 0),
                       pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            let count = poll(&fds, 2, -1)
            if count < 0, errno == EINTR { continue }
            if let signal { return signal }
            if count != 0 { return nil }
        }
    }
}
