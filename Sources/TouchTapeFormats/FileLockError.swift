#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``FileLock`` could not be taken: the file could not be opened, or (when told not to
/// wait) another process holds it.
package struct FileLockError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path.
    package var path: String
    /// `EWOULDBLOCK` when another process holds the lock and the caller refused to wait.
    package var errno: Int32

    /// A value from its parts.
    package init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    /// True when the lock is held elsewhere (the file itself is fine).
    package var isBusy: Bool { errno == EWOULDBLOCK }

    /// What went wrong, in one line.
    package var message: String {
        isBusy ? "another touchtape is working on \(path)" : "cannot open \(path): \(OutputError.reason(errno))"
    }

    /// What to do about it.
    package var hint: String {
        isBusy ? "wait for it to finish and try again (without --no-wait, touchtape waits by itself)"
            : "check the path and the file's permissions"
    }

    /// The text messages and reports print.
    package var description: String { "\(message)\n  hint: \(hint)" }
}
