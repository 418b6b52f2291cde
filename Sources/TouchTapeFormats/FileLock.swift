#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory `flock` on a recording, held while it is read (shared) or read, changed
/// and written back (exclusive: `label`).
///
/// Two `label` runs on one file would otherwise both read the old file and the second
/// rename would drop the first one's label; a reader could start on a file while another
/// process is still writing it. With the lock a writer waits for readers and writers, and
/// readers wait for a writer.
///
/// A rewrite renames a new file over the path, so the file locked may no longer be the
/// one the path names once the lock is granted: the lock is then dropped and taken again
/// on the new file (open → lock → does the path still name this inode? → else retry).
///
/// Only regular files are locked; a FIFO or device is opened and used unlocked. A file
/// system without `flock` (`ENOLCK`, `EINVAL`) is used unlocked too. The lock goes with
/// the object (the descriptor is closed in `deinit`).
package final class FileLock {
    /// What kind it is.
    package enum Kind: Sendable {
        /// Many readers at once, no writer.
        case shared
        /// One read-modify-write, nobody else.
        case exclusive
    }

    /// What to do when another process holds a conflicting lock.
    package enum WhenBusy {
        /// Wait for it; `notice` is called once first, so the user can be told. `stopped`
        /// is asked every 50 ms: when it says so (a stop signal arrived), the wait ends with
        /// ``FileLockError`` `EINTR`.
        case wait(notice: () -> Void, stopped: () -> Bool = { false })
        /// Throw a ``FileLockError`` with `EWOULDBLOCK`.
        case refuse
    }

    /// The file's path.
    package let path: String
    /// What kind of failure or lock it is.
    package let kind: Kind
    /// Open read-only on the locked file (callers read through it).
    package let descriptor: Int32
    /// False for files that cannot be locked (FIFOs, devices, file systems without `flock`).
    package let isLocked: Bool

    /// A value from its parts.
    package init(path: String, kind: Kind, whenBusy: WhenBusy) throws(FileLockError) {
        self.path = path
        self.kind = kind
        let operation = kind == .shared ? LOCK_SH : LOCK_EX
        var told = false
        while true {
            // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer
            // (`label` on a FIFO hung here); a regular file is then read blocking as usual.
            let descriptor = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { throw FileLockError(path: path, errno: errno) }
            var opened = stat()
            guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                self.descriptor = descriptor
                isLocked = false
                return
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            if flock(descriptor, operation | LOCK_NB) != 0 {
                let code = errno
                switch code {
                case EWOULDBLOCK:
                    switch whenBusy {
                    case .refuse:
                        close(descriptor)
                        throw FileLockError(path: path, errno: EWOULDBLOCK)
                    case .wait(let notice, let stopped):
                        if !told { notice(); told = true }
                        // Polled, not a blocking flock: a stop signal is delivered to any of
                        // the process's threads, so this one may never see EINTR.
                        var result: Int32
                        while true {
                            result = flock(descriptor, operation | LOCK_NB)
                            if result == 0 || (errno != EWOULDBLOCK && errno != EINTR) { break }
                            if stopped() { result = -1; errno = EINTR; break }
                            _ = poll(nil, 0, 50)
                        }
                        if result != 0 {
                            let code = errno
                            close(descriptor)
                            throw FileLockError(path: path, errno: code)
                        }
                    }
                case ENOLCK, EINVAL, ENOTSUP:
                    self.descriptor = descriptor
                    isLocked = false
                    return
                default:
                    close(descriptor)
                    throw FileLockError(path: path, errno: code)
                }
            }
            // Locked. Is it still the file the path names, or did a rewrite rename a new one over it?
            var named = stat()
            if stat(path, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino {
                self.descriptor = descriptor
                isLocked = true
                return
            }
            close(descriptor)
        }
    }

    deinit { close(descriptor) }
}
