#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way TouchTape writes anything that is not a progress line: recordings,
/// conversions, labels, reports, standard output.
///
/// The destination is looked at first (``OutputTarget``): standard output and devices,
/// FIFOs and sockets are written through as the text comes; a regular file is written
/// to a temporary file created beside it (`O_EXCL`, given the old file's mode and owner,
/// new files 0644 before the umask) that ``commit()`` syncs and renames over the path,
/// then syncs the folder. Until then, and if anything fails, the old file is untouched
/// and the temporary file is removed. Symlinks stay: what they point at is written.
///
/// Every `write(2)` is retried on `EINTR` and after partial writes; every error,
/// including from `fsync`, `close` and `rename`, is an ``OutputError`` naming the path.
///
/// Whole texts (`OutputFile.write(text, to: path)`) and streams (``write(_:)`` as text is
/// produced, then ``commit()``) go through the same code. The recorder writes regular
/// files ``RegularFiles/inPlace`` instead, so its file can be read while it grows.
package final class OutputFile {
    /// How a regular file is written.
    package enum RegularFiles: Sendable {
        /// Temporary file + rename at ``OutputFile/commit()``: readers see old or new, never half.
        case atomicReplacement
        /// Created or truncated and written in place (the recorder: readable mid-recording,
        /// each gesture synced as it ends).
        case inPlace
        /// Created in place, never an existing file (`O_EXCL`: two writers cannot both make
        /// it): `live --save`, which appends for a whole session. An existing file is an
        /// ``OutputError`` with `EEXIST`.
        case newInPlace
    }

    /// The file an atomic replacement writes before ``commit()`` puts it in place.
    private enum Temporary {
        /// An unnamed file (`O_TMPFILE`) in the destination's folder: a process killed
        /// before the commit (SIGKILL, the OOM killer) leaves nothing behind.
        case unnamed(folder: String)
        /// `.NAME.touchtape-XXXXXXXX` beside the destination, where the file system has no
        /// unnamed files.
        case named(String)
    }

    private enum State {
        /// Writing to `descriptor`; `temporary` is put in place over the target at commit.
        case open(descriptor: Int32, temporary: Temporary?)
        /// Committed or discarded: nothing more may be written.
        case closed
    }

    /// The path as given, or `standard output` for `-`: what errors name.
    package let name: String
    /// Where the output goes.
    package let target: OutputTarget
    /// How a regular file is written (atomically replaced or in place).
    package let regularFiles: RegularFiles
    /// Bytes written so far.
    package private(set) var bytesWritten: Int64 = 0
    /// Where the bytes not yet handed to the disk's write-back start (see ``startWriteBack(_:)``).
    private var writeBackStart: Int64 = 0
    /// How many times ``startWriteBack(_:)`` asked the kernel to start writing (tests look).
    package private(set) var writeBackRequests = 0
    /// A regular file: its written bytes are handed to write-back as they pile up.
    private var writesBehind: Bool {
        if case .regularFile = target { true } else { false }
    }
    private var state: State
    /// How blocking steps wait (a FIFO with no reader, a full pipe): interruptible by a stop signal.
    private let waiting: Waiting
    /// False for a descriptor of this process that was closed when it started (looked at
    /// once, not on every write).
    private let descriptorUsable: Bool

    /// Opens `path` (`-`: standard output) for writing by the rules above. A FIFO nobody
    /// reads yet is waited for (``Waiting/announce(_:)`` says so) until a reader comes or a
    /// stop signal fires (an ``OutputError`` with ``OutputError/interruptedBy``).
    package init(path: String, regularFiles: RegularFiles = .atomicReplacement, waiting: Waiting = .uninterrupted) throws(OutputError) {
        let name = path == "-" ? "standard output" : path
        let target = try OutputTarget.resolve(path)
        self.name = name
        self.target = target
        self.regularFiles = regularFiles
        self.waiting = waiting
        if case .descriptor(let descriptor) = target { descriptorUsable = Self.isInherited(descriptor) } else { descriptorUsable = true }
        switch target {
        case .descriptor(let descriptor):
            state = .open(descriptor: descriptor, temporary: nil)
        case .writeThrough(let resolved):
            state = .open(descriptor: try Self.openWithoutBlocking(resolved, name: name, waiting: waiting), temporary: nil)
        case .regularFile(let resolved):
            // Permission as the file system means it: a file this user may not write is not
            // replaced, even where the folder would let a rename put a new one in its place.
            if access(resolved, F_OK) == 0, access(resolved, W_OK) != 0 {
                throw OutputError(name: name, errno: errno, step: .open, destinationUnchanged: true)
            }
            switch regularFiles {
            case .inPlace, .newInPlace:
                let flags = regularFiles == .newInPlace ? O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC
                                                        : O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY | O_CLOEXEC
                let descriptor = Self.open(resolved, flags, 0o644)
                guard descriptor >= 0 else { throw OutputError(name: name, errno: errno, step: .open, destinationUnchanged: true) }
                state = .open(descriptor: descriptor, temporary: nil)
                // Shared, as a reader's: a `label` rewriting the file waits (and says so)
                // until the writer is done, rather than replacing what is being written.
                _ = flock(descriptor, LOCK_SH | LOCK_NB)
            case .atomicReplacement:
                existedAtOpen = access(resolved, F_OK) == 0
                let (descriptor, temporary): (Int32, Temporary)
                do { (descriptor, temporary) = try Self.createTemporary(beside: resolved, name: name) } catch {
                    var error = error
                    error.destinationExisted = existedAtOpen
                    throw error
                }
                state = .open(descriptor: descriptor, temporary: temporary)
            }
        }
    }

    /// An open descriptor of this process, written through and never closed (see ``commit()``).
    package init(descriptor: Int32, name: String, waiting: Waiting = .uninterrupted) {
        self.name = name
        target = .descriptor(descriptor)
        regularFiles = .atomicReplacement
        self.waiting = waiting
        descriptorUsable = Self.isInherited(descriptor)
        state = .open(descriptor: descriptor, temporary: nil)
    }

    /// A device, FIFO or socket opened for writing without ever blocking in `open(2)`: a FIFO
    /// with no reader (`ENXIO`) is retried until one comes or a stop signal fires. The
    /// descriptor stays non-blocking; ``write(_:)-(UnsafeRawBufferPointer)`` polls when it is full.
    private static func openWithoutBlocking(_ path: String, name: String, waiting: Waiting) throws(OutputError) -> Int32 {
        var announced = false
        while true {
            // No O_CREAT, no O_TRUNC: a device or FIFO is used as it is.
            let descriptor = Self.open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
            if descriptor >= 0 { return descriptor }
            let code = errno
            guard code == ENXIO || code == EINTR else {
                throw OutputError(name: name, errno: code, step: .open, destinationUnchanged: true)
            }
            if !announced, code == ENXIO {
                waiting.announce("waiting for a reader of \(name) (a FIFO); Ctrl-C stops")
                announced = true
            }
            if let signal = waiting.pause() {
                throw OutputError(name: name, errno: EINTR, step: .open, destinationUnchanged: true, interruptedBy: signal)
            }
        }
    }

    /// Standard output, written through; errors name it `standard output`.
    package static func standardOutput() -> OutputFile { OutputFile(descriptor: 1, name: "standard output") }

    /// Standard error, written through.
    package static func standardError() -> OutputFile { OutputFile(descriptor: 2, name: "standard error") }

    /// Writes `text` to `path` (`-`: standard output) by the rules above, all or nothing.
    package static func write(_ text: String, to path: String) throws(OutputError) {
        let file = try OutputFile(path: path)
        try file.write(text)
        try file.commit()
    }

    deinit {
        // An output dropped without commit is abandoned: the temporary file goes.
        discard()
    }

    /// The regular file written in place (``RegularFiles/inPlace``, ``RegularFiles/newInPlace``)
    /// at the end of any symlinks; `nil` for other targets.
    package var fileInPlace: String? {
        if case .regularFile(let resolved) = target, regularFiles != .atomicReplacement { return resolved }
        return nil
    }

    /// Whether ``fileInPlace`` still names the file being written: `false` once another
    /// program replaced it (a rename over it) or removed it, when what is written goes to a
    /// file no path names any more.
    package var isStillInPlace: Bool {
        guard let resolved = fileInPlace, case .open(let descriptor, _) = state else { return true }
        var named = stat(), open = stat()
        guard fstat(descriptor, &open) == 0 else { return true }
        return stat(resolved, &named) == 0 && named.st_dev == open.st_dev && named.st_ino == open.st_ino
    }

    /// Whether a file was at the destination when it was opened (false: a replacement makes
    /// a new file, and one that fails leaves none).
    package private(set) var existedAtOpen = true

    /// What a stop or a failure before ``commit()`` leaves at the destination, in words:
    /// `R is unchanged`, `R was not created`, `what was written to R is incomplete`, or
    /// `nothing was written to R` (a stream, a device or a new file written through, and no
    /// byte yet: a stop while the first recording was awaited said "incomplete" of a
    /// standard output that had none; a file truncated in place is not "nothing").
    package var leftAsItWas: String {
        if !replacesAtCommit, bytesWritten == 0, fileInPlace == nil || !existedAtOpen { return "nothing was written to \(name)" }
        return OutputError.leftAsItWas(name, unchanged: replacesAtCommit, existed: existedAtOpen)
    }

    /// Whether the text goes to a temporary file that only ``commit()`` puts in place.
    package var replacesAtCommit: Bool {
        if case .open(_, .some) = state { return true }
        return false
    }

    /// At most this much is written after each wait for room (`PIPE_BUF`: a pipe that polls
    /// writable takes it without blocking).
    private static let chunkAfterWait = 4096

    /// Writes all of `text`, or throws. After a failure an atomic replacement is discarded
    /// (its temporary file removed, the destination untouched); an output written through
    /// or in place stays open, so the recorder can cut it back (``truncate(to:)``).
    package func write(_ text: String) throws(OutputError) {
        var text = text
        var failure: OutputError?
        text.withUTF8 { bytes in
            do throws(OutputError) { try write(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes all of `bytes` (a buffer the caller reuses: `convert`, the recorder), or
    /// throws, as ``write(_:)-(String)`` does.
    package func write(_ bytes: [UInt8]) throws(OutputError) {
        var failure: OutputError?
        bytes.withUnsafeBytes { raw in
            do throws(OutputError) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes all of `bytes`, or throws, as ``write(_:)-(String)`` does.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard case .open(let descriptor, _) = state else { preconditionFailure("write after commit or discard of \(name)") }
        if !descriptorUsable { throw fail(EBADF, .write) }
        // Standard output is the shell's descriptor (its blocking mode is not ours to
        // change): where a stop signal can come, wait for room before each chunk instead.
        let pollFirst: Bool
        if case .descriptor = target { pollFirst = waiting.descriptor >= 0 } else { pollFirst = false }
        var offset = 0
        while offset < bytes.count {
            var length = bytes.count - offset
            if pollFirst {
                if let signal = waiting.until(descriptor, ready: Int16(POLLOUT)) { throw interrupted(by: signal) }
                length = min(length, Self.chunkAfterWait)
            }
            let count = Self.write(descriptor, bytes.baseAddress! + offset, length)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    // A non-blocking device or FIFO is full: wait for room, or a stop signal.
                    if let signal = waiting.until(descriptor, ready: Int16(POLLOUT)) { throw interrupted(by: signal) }
                    continue
                }
                throw fail(code, .write)
            }
            offset += count
            bytesWritten += Int64(count)
        }
        if writesBehind, bytesWritten - writeBackStart >= Self.writeBackSize { startWriteBack(descriptor) }
    }

    /// Bytes of a regular file written before the kernel is asked to start putting them on
    /// the disk: 8 MiB, a fraction of a second of `convert`'s output, so the disk writes
    /// while the next part is made.
    package static let writeBackSize: Int64 = 8 << 20

    /// Starts writing the bytes written since the last call to the disk, without waiting
    /// (`sync_file_range(SYNC_FILE_RANGE_WRITE)`): ``commit()``'s `fsync` then waits for
    /// the last few MiB instead of the whole file (a 75 MB conversion: 30–50 ms of `fsync`
    /// down to about 5; docs/performance.md). A hint: its failure is not an error, as the
    /// `fsync` that makes the file durable reports any.
    private func startWriteBack(_ descriptor: Int32) {
        #if os(Linux)
        if let syncFileRange = Self.syncFileRange {
            _ = syncFileRange(descriptor, writeBackStart, bytesWritten - writeBackStart, Self.syncFileRangeWrite)
            writeBackRequests += 1
        }
        #endif
        writeBackStart = bytesWritten
    }

    #if os(Linux)
    /// glibc's `sync_file_range`, which Swift's Glibc module leaves out (it is declared only
    /// under `_GNU_SOURCE`): looked up once by name; `nil` where the C library lacks it.
    private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
    }()
    /// `SYNC_FILE_RANGE_WRITE` (linux/fs.h): start write-out of dirty pages in the range, do not wait.
    private static let syncFileRangeWrite: UInt32 = 2
    #endif

    /// Makes what was written so far durable (`fsync`). Pipes, terminals and character
    /// devices cannot be synced (`EINVAL`); that is not an error.
    package func sync() throws(OutputError) {
        guard case .open(let descriptor, _) = state else { preconditionFailure("sync after commit or discard of \(name)") }
        if fsync(descriptor) != 0 {
            let code = errno
            if code == EINVAL || code == EROFS || code == ENOTSUP { return }
            throw fail(code, .sync)
        }
    }

    /// Cuts an in-place regular file back to `size` bytes and writes on from there (the
    /// recorder rolling back a gesture a full disk cut). False when the file cannot be cut
    /// (a device, a pipe) or is not written in place.
    package func truncate(to size: Int64) -> Bool {
        guard case .open(let descriptor, nil) = state, case .regularFile = target else { return false }
        guard ftruncate(descriptor, off_t(size)) == 0, lseek(descriptor, off_t(size), SEEK_SET) >= 0 else { return false }
        bytesWritten = size
        return true
    }

    /// Finishes the output: syncs, closes and, for an atomic replacement, renames the
    /// temporary file over the destination and syncs the folder. Standard output is not
    /// closed; a `dup` of it is, which reports the errors a network file system keeps for close.
    package func commit() throws(OutputError) {
        guard case .open(let descriptor, let temporary) = state else { preconditionFailure("commit twice of \(name)") }
        var named: String?
        if case .unnamed(let folder)? = temporary, case .regularFile(let destination) = target {
            // The unnamed file gets a name beside the destination only now, finished and
            // synced, and is renamed over it at once.
            do throws(OutputError) { try sync() } catch { discard(); throw error }
            named = Self.link(descriptor, into: folder, beside: destination)
            if named == nil {
                let code = errno
                discard()
                throw OutputError(name: name, errno: code, step: .rename, destinationUnchanged: true)
            }
        } else if case .named(let path)? = temporary {
            named = path
        }
        switch target {
        case .descriptor:
            state = .closed
            let copy = dup(descriptor)
            if copy < 0 { throw OutputError(name: name, errno: errno, step: .close, destinationUnchanged: false) }
            if close(copy) != 0 && errno != EINTR { throw OutputError(name: name, errno: errno, step: .close, destinationUnchanged: false) }
        case .writeThrough, .regularFile:
            do throws(OutputError) { try sync() } catch { discard(); throw error }
            state = .closed
            if close(descriptor) != 0 && errno != EINTR {
                let code = errno
                if let named { unlink(named) }
                throw OutputError(name: name, errno: code, step: .close, destinationUnchanged: temporary != nil)
            }
            guard let named, case .regularFile(let destination) = target else { return }
            if rename(named, destination) != 0 {
                let code = errno
                unlink(named)
                throw OutputError(name: name, errno: code, step: .rename, destinationUnchanged: true)
            }
            try Self.syncFolder(of: destination, name: name)
        }
    }

    /// Abandons the output: closes it and removes the temporary file, so an atomic
    /// replacement leaves the destination as it was. What was written through (or in
    /// place) stays. Harmless after ``commit()``.
    package func discard() {
        guard case .open(let descriptor, let temporary) = state else { return }
        state = .closed
        if case .descriptor = target { return }
        close(descriptor)
        if case .named(let path)? = temporary { unlink(path) }
    }

    /// Whether `descriptor` is one a shell could have given us: something with a file type.
    /// Started with standard output closed (`>&-`), the process's first descriptors are
    /// taken by the runtime's own (Dispatch's epoll, an eventfd: no file type), and writing
    /// there would fail with "Invalid argument" or wait for ever.
    static func isInherited(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT != 0
    }

    /// The error for a wait a stop signal ended.
    private func interrupted(by signal: Int32) -> OutputError {
        let unchanged = replacesAtCommit
        if unchanged { discard() }
        var error = OutputError(name: name, errno: EINTR, step: .write, destinationUnchanged: unchanged, interruptedBy: signal)
        error.destinationExisted = existedAtOpen
        return error
    }

    /// Builds the error for a failed step, discarding an atomic replacement (nothing of it
    /// reached the destination).
    private func fail(_ code: Int32, _ step: OutputError.Step) -> OutputError {
        let unchanged = replacesAtCommit
        if unchanged { discard() }
        var error = OutputError(name: name, errno: code, step: step, destinationUnchanged: unchanged)
        error.bytesWritten = bytesWritten
        error.destinationExisted = existedAtOpen
        return error
    }

    /// The file an atomic replacement is written to, given the existing file's owner and
    /// mode: an unnamed file in the destination's folder where the file system has them
    /// (`O_TMPFILE`: Linux's ext4, xfs, btrfs, tmpfs), else `.NAME.touchtape-XXXXXXXX`
    /// beside it, created `O_EXCL` (mode 0644 before the umask).
    private static func createTemporary(beside destination: String, name: String) throws(OutputError) -> (Int32, Temporary) {
        let folder = RecordingPath.directory(destination)
        var existing = stat()
        let exists = stat(destination, &existing) == 0
        func adopt(_ descriptor: Int32) throws(OutputError) {
            guard exists else { return }
            // Owner first: fchown clears set-id bits, fchmod puts the mode back. Only root
            // may give a file away; anyone else keeps their own ownership (as an editor would).
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            }
            if fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
                throw OutputError(name: name, errno: errno, step: .open, destinationUnchanged: true)
            }
        }
        /// A missing folder is the destination's (a symlink's target's), not the path's as given.
        func missingFolder(_ error: OutputError) -> OutputError {
            var error = error
            if error.errno == ENOENT || error.errno == ENOTDIR, folder != RecordingPath.directory(name) { error.folder = folder }
            return error
        }
        if unnamedFilesWork {
            let descriptor = open(folder, unnamedFileFlag | O_WRONLY | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                do throws(OutputError) { try adopt(descriptor) } catch { close(descriptor); throw error }
                return (descriptor, .unnamed(folder: folder))
            }
            let code = errno
            // Only "this file system has no unnamed files" falls back to a named one.
            guard code == EOPNOTSUPP || code == EISDIR || code == EINVAL else {
                throw missingFolder(OutputError(name: name, errno: code, step: .open, destinationUnchanged: true))
            }
        }
        for _ in 0..<100 {
            let temporary = temporaryName(beside: destination, in: folder)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                let code = errno
                if code == EEXIST { continue }
                throw missingFolder(OutputError(name: name, errno: code, step: .open, destinationUnchanged: true))
            }
            do throws(OutputError) { try adopt(descriptor) } catch { close(descriptor); unlink(temporary); throw error }
            return (descriptor, .named(temporary))
        }
        throw OutputError(name: name, errno: EEXIST, step: .open, destinationUnchanged: true)
    }

    /// `.NAME.touchtape-XXXXXXXX` in `folder`, NAME cut so the whole fits NAME_MAX.
    private static func temporaryName(beside destination: String, in folder: String) -> String {
        let last = RecordingPath.lastComponent(destination)
        let base = last.utf8.count > 200 ? String(last.prefix(50)) : last
        return RecordingPath.join(folder, ".\(base).touchtape-\(String(UInt32.random(in: .min ... .max), radix: 16))")
    }

    #if os(Linux)
    /// `O_TMPFILE` (glibc defines it as a macro Swift does not import): `__O_TMPFILE | O_DIRECTORY`,
    /// 020000000 on the architectures this builds for (x86_64, arm64).
    private static let unnamedFileFlag: Int32 = 0o20000000 | O_DIRECTORY

    /// Unnamed files are given a name through `/proc/self/fd`: without /proc they cannot be.
    private static let unnamedFilesWork = access("/proc/self/fd", X_OK) == 0

    /// Links the unnamed file `descriptor` into `folder` under a temporary name (the rename
    /// over the destination follows at once): that name, or `nil` with `errno` set.
    private static func link(_ descriptor: Int32, into folder: String, beside destination: String) -> String? {
        for _ in 0..<100 {
            let temporary = temporaryName(beside: destination, in: folder)
            if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 { return temporary }
            if errno != EEXIST { return nil }
        }
        return nil
    }
    #else
    private static let unnamedFileFlag: Int32 = 0
    private static let unnamedFilesWork = false
    private static func link(_ descriptor: Int32, into folder: String, beside destination: String) -> String? { nil }
    #endif

    /// Makes the rename durable. Some file systems cannot sync a folder (`EINVAL`): not an error.
    private static func syncFolder(of path: String, name: String) throws(OutputError) {
        let folder = open(RecordingPath.directory(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        defer { close(folder) }
        if fsync(folder) != 0 {
            let code = errno
            if code == EINVAL || code == EROFS || code == ENOTSUP { return }
            throw OutputError(name: name, errno: code, step: .sync, destinationUnchanged: false)
        }
    }

    // The C calls, by name, away from the methods that share their names.
    private static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags, mode)
        #elseif canImport(Musl)
        Musl.open(path, flags, mode)
        #else
        Darwin.open(path, flags, mode)
        #endif
    }

    private static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
