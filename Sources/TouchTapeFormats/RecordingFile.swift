#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a recording goes to as it is made, written with plain `write(2)` (no
/// user-space buffer that a crash would lose) and made durable with `fsync` at gesture ends.
///
/// It is an ``OutputFile`` writing regular files in place (``OutputFile/RegularFiles/inPlace``):
/// the file must be readable while it grows, so it is created or truncated where it is
/// rather than renamed into place at the end. Everything else follows the writer's rules:
/// `-` is standard output, a symlink's target is written and the link stays, a device or
/// FIFO is written through and never replaced.
///
/// It remembers the size at the last ``commit(gesturesKept:)``, so a failed write (full
/// disk) can ``rollBack()`` to it: the file then ends after the last completed gesture
/// instead of in the middle of a line.
package final class RecordingFile {
    /// The file's path.
    package let path: String
    /// The option the file was given with (`-o`, `--save`), which its errors name.
    package let option: String?
    private let output: OutputFile
    /// Bytes written so far.
    package var size: Int64 { output.bytesWritten }
    /// Bytes made durable with the last fsync (a gesture end).
    package private(set) var committedSize: Int64 = 0

    /// Creates or truncates `path` (mode 0644 before umask), or opens the device, FIFO or
    /// standard output it names; a FIFO no one reads yet is waited for as `waiting` says.
    /// `new`: a regular file is created, never an existing one taken (`EEXIST`).
    ///
    /// The file is held with a shared lock, as a reader holds it: a `label` rewriting it
    /// waits until the writing is done. A program that replaces or removes it all the same
    /// is noticed at the next write (``RecordingFileError/replaced``). `option`: what the
    /// user gave the path with (`-o`, `--save`), which the errors name.
    package init(path: String, option: String? = nil, new: Bool = false, waiting: Waiting = .uninterrupted) throws(RecordingFileError) {
        self.path = path
        self.option = option
        do {
            output = try OutputFile(path: path, regularFiles: new ? .newInPlace : .inPlace, waiting: waiting)
        } catch {
            throw RecordingFileError(path: path, errno: error.errno, gesturesKept: 0, interruptedBy: error.interruptedBy, option: option)
        }
    }

    /// The regular file written, at the end of any symlinks (`nil`: a device, FIFO or
    /// standard output).
    package var regularFile: String? { output.fileInPlace }

    /// Throws when the path no longer names the file being written.
    private func requireStillInPlace(gesturesKept: Int) throws(RecordingFileError) {
        guard output.isStillInPlace else {
            throw RecordingFileError(path: path, errno: ESTALE, gesturesKept: gesturesKept, replaced: true, option: option)
        }
    }

    /// Appends `text` entirely, or throws with the `errno` of the failing write.
    package func write(_ text: String, gesturesKept: Int) throws(RecordingFileError) {
        try requireStillInPlace(gesturesKept: gesturesKept)
        do {
            try output.write(text)
        } catch {
            throw RecordingFileError(path: path, errno: error.errno, gesturesKept: gesturesKept, interruptedBy: error.interruptedBy,
                                     option: option)
        }
    }

    /// Appends `bytes` entirely (the recorder's frame buffer), or throws with the `errno` of the failing write.
    /// Not checked against replacement here (the recorder's every read batch comes this way):
    /// ``commit(gesturesKept:)`` checks, at each gesture's end.
    package func write(_ bytes: [UInt8], gesturesKept: Int) throws(RecordingFileError) {
        do {
            try output.write(bytes)
        } catch {
            throw RecordingFileError(path: path, errno: error.errno, gesturesKept: gesturesKept, interruptedBy: error.interruptedBy,
                                     option: option)
        }
    }

    /// Makes everything written so far durable and remembers the size.
    package func commit(gesturesKept: Int) throws(RecordingFileError) {
        try requireStillInPlace(gesturesKept: gesturesKept)
        do {
            try output.sync()
        } catch {
            throw RecordingFileError(path: path, errno: error.errno, gesturesKept: gesturesKept, interruptedBy: error.interruptedBy,
                                     option: option)
        }
        committedSize = size
    }

    /// Cuts the file back to the last commit (best effort: the disk may be gone too).
    package func rollBack() {
        if output.truncate(to: committedSize) { try? output.sync() }
    }
}
