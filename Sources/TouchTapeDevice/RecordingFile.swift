#if canImport(Glibc)
import Glibc
#endif

/// The file a recording goes to, written with plain `write(2)` (no user-space
/// buffer that a crash would lose) and made durable with `fsync` at gesture ends.
///
/// It remembers the size at the last ``commit()``, so a failed write (full disk)
/// can ``rollBack()`` to it: the file then ends after the last completed gesture
/// instead of in the middle of a line.
public final class RecordingFile {
    public let path: String
    private let fd: Int32
    public private(set) var size: Int64 = 0
    public private(set) var committedSize: Int64 = 0

    /// Creates or truncates `path` (mode 0644 before umask).
    public init(path: String) throws(RecordingFileError) {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { throw RecordingFileError(path: path, errno: errno, gesturesKept: 0) }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Appends `text` entirely, or throws with the `errno` of the failing write.
    public func write(_ text: String, gesturesKept: Int) throws(RecordingFileError) {
        var bytes = Array(text.utf8)
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
                size += Int64(n)
            }
        }
        if failure != 0 { throw RecordingFileError(path: path, errno: failure, gesturesKept: gesturesKept) }
    }

    /// Makes everything written so far durable and remembers the size.
    public func commit(gesturesKept: Int) throws(RecordingFileError) {
        if fsync(fd) != 0 && errno != EINVAL && errno != EROFS {   // EINVAL: pipes, /dev/stdout
            throw RecordingFileError(path: path, errno: errno, gesturesKept: gesturesKept)
        }
        committedSize = size
    }

    /// Cuts the file back to the last commit (best effort: the disk may be gone too).
    public func rollBack() {
        if ftruncate(fd, off_t(committedSize)) == 0 {
            _ = lseek(fd, off_t(committedSize), SEEK_SET)
            size = committedSize
            _ = fsync(fd)
        }
    }
}
