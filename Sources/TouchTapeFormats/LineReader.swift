#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file in 64 KiB chunks and hands out one line at a time as bytes.
///
/// Memory stays at one chunk (plus the longest line) however long the file is,
/// which is what lets ``RecordingStream`` walk a multi-gigabyte recording. Lines are
/// split by hand (`memchr`) rather than through Foundation because the event loop
/// wants to parse bytes, not `String`s. A returned line is valid until the next call.
final class LineReader {
    /// The read size: large enough that syscalls are rare, small enough to stay in cache.
    static let chunkSize = 64 * 1024

    let path: String
    private let fd: Int32
    /// Holds `fd` and its shared lock while the file is read (nil: the caller holds the lock).
    private let lock: FileLock?
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var atEOF = false
    private var repeatLine: UnsafeBufferPointer<UInt8>?
    private var lastLine: UnsafeBufferPointer<UInt8>?
    /// 1-based number of the line last returned (0 before the first).
    private(set) var lineNumber = 0
    /// Whether the line last returned ended with a newline (a cut file's last line does not).
    private(set) var lastLineTerminated = true
    /// Bytes handed out so far, for the empty-file check.
    private(set) var bytesSeen = 0

    init(path: String, locking: ReadLocking = .standard) throws(RecordingError) {
        self.path = path
        switch locking {
        case .shared(let waiting):
            do {
                let lock = try FileLock(path: path, kind: .shared, whenBusy: .wait(notice: { waiting?(path) }))
                self.lock = lock
                fd = lock.descriptor
            } catch {
                throw Self.unreadable(path, errno: error.errno)
            }
        case .unlocked:
            lock = nil
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Self.unreadable(path, errno: errno) }
        }
        capacity = Self.chunkSize
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        if lock == nil { close(fd) }   // else the lock closes it, which releases the lock
        buffer.deallocate()
    }

    private static func unreadable(_ path: String, errno code: Int32) -> RecordingError {
        RecordingError(kind: .ioFailure, file: path, expected: "a readable file", found: OutputError.reason(code),
                       hint: "check the path and the file's permissions")
    }

    /// Hands the last line out again on the next call (the description parser reads
    /// one line too far: the first `E:` line).
    func pushBack() {
        repeatLine = lastLine
    }

    /// The next line without its `\n` (and without a `\r` before it), or `nil` at the end.
    func nextLine() throws(RecordingError) -> UnsafeBufferPointer<UInt8>? {
        if let line = repeatLine {
            repeatLine = nil
            return line
        }
        while true {
            let available = end - start
            if available > 0, let hit = memchr(buffer + start, 0x0A, available) {
                let newline = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                return try emit(from: start, to: newline, terminated: true, next: newline + 1)
            }
            if atEOF {
                guard available > 0 else { lastLine = nil; return nil }
                return try emit(from: start, to: end, terminated: false, next: end)
            }
            try fill()
        }
    }

    private func emit(from lineStart: Int, to lineEnd: Int, terminated: Bool, next: Int) throws(RecordingError) -> UnsafeBufferPointer<UInt8> {
        var stop = lineEnd
        if stop > lineStart && buffer[stop - 1] == 0x0D { stop -= 1 }
        start = next
        lineNumber += 1
        bytesSeen += next - lineStart
        lastLineTerminated = terminated
        let line = UnsafeBufferPointer(start: buffer + lineStart, count: stop - lineStart)
        if stop > lineStart, memchr(buffer + lineStart, 0, stop - lineStart) != nil {
            throw RecordingError(kind: .binary, file: path, line: lineNumber,
                                 expected: "text lines", found: "NUL bytes",
                                 hint: "this is not a text recording; evemu and libinput record files are plain text")
        }
        lastLine = line
        return line
    }

    /// Moves the unread tail to the front and reads up to one chunk after it.
    private func fill() throws(RecordingError) {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 { memmove(buffer, buffer + start, remaining) }
            start = 0
            end = remaining
            lastLine = nil
        }
        if end == capacity {
            // One line longer than the buffer: grow (lines are short; this is rare).
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            bigger.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = bigger
            capacity *= 2
        }
        while true {
            let count = read(fd, buffer + end, min(Self.chunkSize, capacity - end))
            if count > 0 { end += count; return }
            if count == 0 { atEOF = true; return }
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            throw RecordingError(kind: .ioFailure, file: path, line: lineNumber + 1, expected: "readable data",
                                 found: reason, hint: "the file could not be read to the end")
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The line as text, or `nil` when it is not valid UTF-8.
    var validatedString: String? { String(validating: self, as: UTF8.self) }
    /// The line as text, invalid bytes replaced, for error messages.
    var lossyString: String { String(decoding: self, as: UTF8.self) }

    func hasPrefix(_ ascii: StaticString) -> Bool {
        let n = ascii.utf8CodeUnitCount
        guard count >= n else { return false }
        let p = ascii.utf8Start
        for i in 0..<n where self[i] != p[i] { return false }
        return true
    }

    /// True when the line holds only spaces and tabs.
    var isBlank: Bool {
        for byte in self where byte != 0x20 && byte != 0x09 { return false }
        return true
    }
}
