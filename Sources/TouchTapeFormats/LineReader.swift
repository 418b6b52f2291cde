#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Pipeline) import TouchTapeEvents

/// Reads a file in 64 KiB chunks and hands out one line at a time as bytes.
///
/// Memory stays at one chunk plus ``maximumLineLength`` however long the file is, each
/// byte is searched for the newline once (linear time for any line length), and only
/// regular files are opened (a FIFO or `/dev/zero` would never end),
/// which is what lets ``RecordingStream`` walk a multi-gigabyte recording. Lines are
/// split by hand (`memchr`) rather than through Foundation because the event loop
/// wants to parse bytes, not `String`s. A returned line is valid until the next call.
final class LineReader {
    /// The read size: large enough that syscalls are rare, small enough to stay in cache.
    static let chunkSize = 64 * 1024
    /// The longest line read, in bytes (without its newline): 64 KiB.
    ///
    /// The longest legitimate lines are in libinput record headers: an `evdev.codes`
    /// entry for `EV_KEY` (at most 768 codes, ≈ 4 KB), and a `hid:` report descriptor
    /// (at most 4096 bytes written as `0x05, ` = 24 KB; the kernel's
    /// `HID_MAX_DESCRIPTOR_SIZE`). evemu lines are under 100 bytes (names are at most 80,
    /// `UINPUT_MAX_NAME_SIZE`); the peer recordings' longest line is 1.7 KB. 64 KiB is
    /// more than twice the largest, and small enough that a hostile file costs nothing.
    static let maximumLineLength = 64 * 1024

    let path: String
    /// ``EventTime/maximumSeconds`` as a field: the rows' range check reads it for every
    /// event, and a global of another module is a call to its addressor each time.
    private let maximumSeconds = EventTime.maximumSeconds
    /// The event ``canonicalLibinputRow(_:_:_:_:)`` fills in field by field.
    private let blankEvent = InputEvent(time: EventTime(seconds: 0, microseconds: 0), type: 0, code: 0, value: 0)
    private let fd: Int32
    /// Holds `fd` and its shared lock while the file is read (nil: the caller holds the lock).
    private let lock: FileLock?
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    /// Bytes after `start` already searched for a newline (each byte is searched once).
    private var scanned = 0
    /// The buffer holds no NUL byte before this offset: each chunk is searched for one as it
    /// is read (a few instructions a kilobyte), so that a one-pass line's comment is searched
    /// for its newline alone, not for a NUL too (issue 26).
    private var noNULBefore = 0
    /// Every carriage return before this offset ends a line (CR LF, or CR CR LF as an old
    /// `adb shell` gives): each chunk is searched for a CR as it is read. A CR that ends no
    /// line means lines that end in CR alone, which would read as one line (events lost, a
    /// file "cut short"): the reader refuses the file there.
    private var carriageReturnsCheckedTo = 0
    private var atEOF = false
    private var repeatLine: UnsafeBufferPointer<UInt8>?
    private var lastLine: UnsafeBufferPointer<UInt8>?
    /// 1-based number of the line last returned (0 before the first).
    private(set) var lineNumber = 0
    /// Whether the line last returned ended with a newline (a cut file's last line does not).
    private(set) var lastLineTerminated = true
    /// Bytes searched for a newline so far: at most the bytes read, whatever the line
    /// lengths (the regression test for the once-quadratic search).
    private(set) var bytesSearched = 0
    /// Bytes handed out so far, for the empty-file check.
    private(set) var bytesSeen = 0

    init(path: String, locking: ReadLocking = .standard) throws(RecordingError) {
        self.path = path
        // A FIFO with no writer would block open(2) and never end: look first, opening
        // with O_NONBLOCK, and read only a regular file.
        let probe = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard probe >= 0 else { throw Self.openError(path: path, errno: errno) }
        var status = stat()
        let statOK = fstat(probe, &status) == 0
        close(probe)
        guard statOK, status.st_mode & S_IFMT == S_IFREG else {
            throw RecordingError(kind: .notRegularFile, file: path, expected: "a regular file",
                                 found: Self.fileTypeName(mode: status.st_mode),
                                 hint: "give a recording file; FIFOs, devices and sockets are not read (they may never end)")
        }
        switch locking {
        case .shared(let waiting, let stopped):
            do {
                let lock = try FileLock(path: path, kind: .shared, whenBusy: .wait(notice: { waiting?(path) }, stopped: stopped))
                self.lock = lock
                fd = lock.descriptor
            } catch {
                throw Self.openError(path: path, errno: error.errno)
            }
        case .unlocked:
            lock = nil
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Self.openError(path: path, errno: errno) }
        }
        capacity = Self.maximumLineLength + Self.chunkSize
        buffer = .allocate(capacity: capacity)
    }

    /// The error for a failed `open(2)`: permission problems get their own hint.
    static func openError(path: String, errno code: Int32) -> RecordingError {
        let reason = String(cString: strerror(code))
        if code == EINTR {
            // Only a stop signal's handler ends a wait for another touchtape's lock.
            return RecordingError(kind: .interrupted, file: path, expected: "the file's lock (another touchtape was working on it)",
                                  found: "a stop signal while waiting for it", hint: "nothing was read")
        }
        if code == ENOENT || code == ENOTDIR {
            // A dangling symbolic link is named as such, wherever a path is opened.
            if code == ENOENT, let dangling = RecordingLocator.unreachable(path, named: true) { return dangling }
            return RecordingError(kind: .notFound, file: path, expected: "a recording file", found: "nothing at that path",
                                  hint: RecordingLocator.notFoundHint(path))
        }
        let hint = code == EACCES || code == EPERM
            ? "you may not read this file: check its permissions (ls -l) and those of its folders"
            : "check the path and the file's permissions"
        return RecordingError(kind: .ioFailure, file: path, expected: "a readable file", found: reason, hint: hint)
    }

    /// `"a FIFO"`, `"a character device"`… for the not-a-regular-file error.
    static func fileTypeName(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "not a regular file"
        }
    }

    deinit {
        if lock == nil { close(fd) }   // else the lock closes it, which releases the lock
        buffer.deallocate()
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
            if available > scanned, let hit = memchr(buffer + start + scanned, 0x0A, available - scanned) {
                let newline = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                bytesSearched += newline + 1 - (start + scanned)
                scanned = 0
                return try emit(from: start, to: newline, terminated: true, next: newline + 1)
            }
            bytesSearched += available - scanned
            scanned = available
            if available > Self.maximumLineLength { throw lineTooLong() }
            if atEOF {
                guard available > 0 else { lastLine = nil; return nil }
                scanned = 0
                return try emit(from: start, to: end, terminated: false, next: end)
            }
            try fill()
        }
    }

    /// The next line when it is an evemu event line in the form every writer uses
    /// (`E: <sec>.<usec> <type> <code> <value>\n`, one space between fields, 1–10 second
    /// digits, 1–6 microsecond digits, 1–4 hex digits, a decimal value with an optional `-`,
    /// then the newline or a `# comment`),
    /// read and parsed in one pass over its bytes; `nil` (nothing consumed) for any other
    /// line, a line not wholly in the buffer, or a line handed out again, which
    /// ``nextLine()`` and ``EvemuEventLine/parse(_:)`` then read. Every line it accepts,
    /// ``EvemuEventLine/parse(_:)`` accepts with the same event; it keeps the same counts
    /// (``lineNumber``, ``bytesSearched``, ``bytesSeen``) as ``nextLine()``.
    @inline(__always)
    func nextCanonicalEventLine() -> InputEvent? {
        guard repeatLine == nil, scanned == 0 else { return nil }
        let p = UnsafePointer(buffer + start)
        let n = end - start
        // The shortest: "E: 0.0 0 0 0\n".
        guard n >= 13, p[0] == 0x45, p[1] == 0x3A, p[2] == 0x20 else { return nil }
        var i = 3
        var seconds: UInt64 = 0
        while i < n, case let d = p[i] &- 0x30, d < 10 { seconds = seconds &* 10 &+ UInt64(d); i &+= 1 }
        // Ten digits may pass the latest second; fewer never do.
        guard i > 3, i <= 13, i < 13 || seconds <= maximumSeconds, i < n, p[i] == 0x2E else { return nil }
        i &+= 1
        var micro: UInt32
        if i &+ 8 <= n, let six = Self.sixDigitsAndSpace(UnsafeRawPointer(p + i)) {
            // The usual six digits, converted together.
            micro = six
            i &+= 7
        } else {
            let microStart = i
            micro = 0
            while i < n, case let d = p[i] &- 0x30, d < 10 { micro = micro &* 10 &+ UInt32(d); i &+= 1 }
            guard i > microStart, i &- microStart <= 6, i < n, p[i] == 0x20 else { return nil }
            i &+= 1
        }
        guard let type = Self.hexField(p, &i, n), let code = Self.hexField(p, &i, n), i < n else { return nil }
        let negative = p[i] == 0x2D
        if negative { i &+= 1 }
        var magnitude: Int64
        if i &+ 5 <= n, let four = Self.fourDigits(UnsafeRawPointer(p + i)), p[i &+ 4] &- 0x30 >= 10 {
            // The usual four digits (evemu-record's `%04d`), converted together.
            magnitude = Int64(four)
            i &+= 4
        } else {
            let valueStart = i
            magnitude = 0
            while i < n, case let d = p[i] &- 0x30, d < 10 { magnitude = magnitude &* 10 &+ Int64(d); i &+= 1 }
            guard i > valueStart, i &- valueStart <= 10, i < n else { return nil }
        }
        let value = negative ? -magnitude : magnitude
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        // The newline, or the comment evemu-record and TouchTape's recorder put after every
        // event (`\t# EV_ABS / ABS_MT_POSITION_X    544`): white space, `#`, then anything but
        // a NUL up to the newline, as the general path takes it (the line without a CR before
        // its newline, at most ``maximumLineLength`` bytes). Without it every event of a real
        // recording went the general way, four times the cost of a line read here (issue 26).
        var newline = i
        var length = i
        if p[i] != 0x0A {
            var j = i
            while j < n, p[j] == 0x20 || p[j] == 0x09 { j &+= 1 }
            guard j < n, p[j] == 0x23 else { return nil }
            // The newline by `memchr`; the comment searched for a NUL only where the chunk
            // search has not ruled one out.
            guard let hit = memchr(p + j, 0x0A, n &- j) else { return nil }
            newline = p.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if start &+ newline > noNULBefore, memchr(p + j, 0, newline &- j) != nil { return nil }
            length = p[newline &- 1] == 0x0D ? newline &- 1 : newline
            guard length <= Self.maximumLineLength else { return nil }
        }
        lastLine = UnsafeBufferPointer(start: p, count: length)
        start &+= newline &+ 1
        lineNumber &+= 1
        bytesSearched &+= newline &+ 1
        bytesSeen &+= newline &+ 1
        lastLineTerminated = true
        return InputEvent(time: EventTime(seconds: seconds, microseconds: micro),
                          type: type, code: code, value: Int32(truncatingIfNeeded: value))
    }

    /// The next line when it is a libinput-record event row (`    - [sec, usec, type, code,
    /// value]`, any spaces around the numbers, then nothing or a `# comment`), read and
    /// parsed in one pass; `nil` (nothing consumed) for any other line, a row out of range
    /// or a line not wholly in the buffer, which ``nextLine()`` and the row parser then read
    /// (issue 26). Every row it accepts, the row parser accepts with the same event.
    @inline(__always)
    func nextCanonicalLibinputRow() -> InputEvent? {
        guard repeatLine == nil, scanned == 0,
              let row = Self.canonicalLibinputRow(UnsafePointer(buffer + start), end &- start, maximumSeconds, blankEvent)
        else { return nil }
        consumeRows(at: start, count: 1, bytes: row.lineEnd &+ 1, lastStart: start, lastCount: row.lineCount)
        return row.event
    }

    /// Appends the rows ``nextCanonicalLibinputRow()`` would give, one call after the other,
    /// to `frame`, up to and including the next `SYN_REPORT`; returns how many, and whether
    /// it stopped after a `SYN_REPORT`. A frame's rows in one loop, the reader's counts kept
    /// in locals and stored once (`convert`; issue 26).
    @inline(__always)
    func appendCanonicalLibinputRows(to frame: inout [InputEvent]) -> (count: Int, synReport: Bool) {
        guard repeatLine == nil, scanned == 0 else { return (0, false) }
        var position = start
        var count = 0
        var lastStart = 0, lastCount = 0
        var synReport = false
        let blank = blankEvent
        while let row = Self.canonicalLibinputRow(UnsafePointer(buffer + position), end &- position, maximumSeconds, blank) {
            frame.append(row.event)
            count &+= 1
            lastStart = position
            lastCount = row.lineCount
            position &+= row.lineEnd &+ 1
            if row.event.isSynReport { synReport = true; break }
        }
        if count > 0 {
            consumeRows(at: start, count: count, bytes: position &- start, lastStart: lastStart, lastCount: lastCount)
        }
        return (count, synReport)
    }

    /// The next line read by `parse` straight from the buffer, when it is wholly there and
    /// `parse` gives a value: the line is then consumed, with the counts ``nextLine()``
    /// keeps. `nil` (nothing consumed) for a line `parse` refuses, a line not wholly in the
    /// buffer, a line handed out again or one longer than ``maximumLineLength``, which
    /// ``nextLine()`` then reads. `parse` sees the line without its newline and the carriage
    /// returns before it; it must refuse a line holding a NUL byte (``nextLine()`` refuses the
    /// file there). A getevent event line takes this way (issue 26).
    @inline(__always)
    func nextLine<Value>(ifParsed parse: (UnsafeBufferPointer<UInt8>) -> Value?) -> Value? {
        guard repeatLine == nil, scanned == 0, end > start,
              let hit = memchr(buffer + start, 0x0A, end &- start) else { return nil }
        let newline = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        var stop = newline
        while stop > start && buffer[stop &- 1] == 0x0D { stop &-= 1 }
        guard stop &- start <= Self.maximumLineLength else { return nil }
        let line = UnsafeBufferPointer(start: UnsafePointer(buffer + start), count: stop &- start)
        guard let value = parse(line) else { return nil }
        lastLine = line
        bytesSearched &+= newline &+ 1 &- start
        bytesSeen &+= newline &+ 1 &- start
        start = newline &+ 1
        lineNumber &+= 1
        lastLineTerminated = true
        return value
    }

    /// Moves past `count` rows read in one pass (`bytes` from `from`, newlines included),
    /// keeping the counts ``nextLine()`` keeps; the last row is `lastCount` bytes at `lastStart`.
    @inline(__always)
    private func consumeRows(at from: Int, count: Int, bytes: Int, lastStart: Int, lastCount: Int) {
        lastLine = UnsafeBufferPointer(start: buffer + lastStart, count: lastCount)
        start = from &+ bytes
        lineNumber &+= count
        bytesSearched &+= bytes
        bytesSeen &+= bytes
        lastLineTerminated = true
    }

    /// The row at `p` (`n` bytes readable) as ``nextCanonicalLibinputRow()`` reads it: its
    /// event, where its newline is, and its length without the newline (and a CR before it).
    @inline(__always)
    static func canonicalLibinputRow(_ p: UnsafePointer<UInt8>, _ n: Int, _ maximumSeconds: UInt64, _ blank: InputEvent)
        -> (event: InputEvent, lineEnd: Int, lineCount: Int)? {
        // The shortest: "    - [0,0,0,0,0]\n". The first eight bytes as one word: "    - [".
        guard n >= 18, UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) & 0x00FF_FFFF_FFFF_FFFF
                == 0x005B_202D_2020_2020 else { return nil }
        var i: Int
        let lineEnd: Int
        let numbers: (Int64, Int64, Int64, Int64, Int64)
        var mayHoldNUL = true
        // The fixed layout libinput record writes (`    - [%3lu, %6u, %3d, %3d, %7d]`, each field
        // right-aligned in its width, `]` at byte 37), read field by field with no search for
        // where a number ends; any other spacing or a number wider than its field goes the
        // general way below. Written out here: as a function of its own it was not inlined,
        // and its five numbers went back through memory. The wide fields as words: the 8
        // bytes that end with the field's last (bytes 10...17 and 29...36, inside the 39 read).
        if n > 38, p[10] == 0x2C, p[11] == 0x20, p[18] == 0x2C, p[19] == 0x20, p[23] == 0x2C, p[24] == 0x20,
           p[28] == 0x2C, p[29] == 0x20, p[37] == 0x5D,
           let sec = threeWideField(p + 7), let type = threeWideField(p + 20), let code = threeWideField(p + 25),
           let usec = paddedWord(UInt64(littleEndian: UnsafeRawPointer(p + 10).loadUnaligned(as: UInt64.self)), width: 6),
           let value = paddedWord(UInt64(littleEndian: UnsafeRawPointer(p + 29).loadUnaligned(as: UInt64.self)), width: 7) {
            let fixed = (sec, usec, type, code, value)
            // Bytes 7...37 are digits, spaces, signs and separators, none a newline: the
            // newline is searched for from byte 38, together with a NUL before it.
            guard let newline = newlineBeforeAnyNUL(p, from: 38, n) else { return nil }
            lineEnd = newline
            mayHoldNUL = false
            numbers = fixed
            i = 38
        } else {
            // The line's newline first: it ends every scan below (no digit, space, sign or
            // separator), so they need no bounds checks.
            guard let hit = memchr(p + 7, 0x0A, n &- 7) else { return nil }
            lineEnd = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p
            i = 7
            guard let sec = rowNumber(p, &i, 0x2C), let usec = rowNumber(p, &i, 0x2C),
                  let type = rowNumber(p, &i, 0x2C), let code = rowNumber(p, &i, 0x2C),
                  let value = rowNumber(p, &i, 0x5D) else { return nil }
            numbers = (sec, usec, type, code, value)
        }
        guard lineEnd <= maximumLineLength else { return nil }
        let (sec, usec, type, code, value) = numbers
        while p[i] == 0x20 { i &+= 1 }
        if p[i] == 0x23 {
            // A comment: no NUL in it (that is the general path's binary error).
            guard !mayHoldNUL || memchr(p + i, 0, lineEnd &- i) == nil else { return nil }
        } else if i != lineEnd {
            return nil
        }
        guard sec >= 0, sec <= Int64(maximumSeconds), usec >= 0, usec < 1_000_000,
              type >= 0, type <= 0xFFFF, code >= 0, code <= 0xFFFF,
              value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        // Field by field into a blank event; the guard above holds what EventTime's
        // initialiser checks (microseconds below 1 000 000).
        var event = blank
        event.time.seconds = UInt64(sec)
        event.time.microseconds = UInt32(usec)
        event.type = UInt16(type)
        event.code = UInt16(code)
        event.value = Int32(value)
        return (event, lineEnd, p[lineEnd &- 1] == 0x0D ? lineEnd &- 1 : lineEnd)
    }

    /// Where the first newline at or after `from` is (`n` bytes readable at `p`); `nil` when
    /// a NUL comes before it or there is none. Eight bytes at a time: a row's comment is
    /// searched once for both, not by one `memchr` for the newline and another for a NUL.
    @inline(__always)
    static func newlineBeforeAnyNUL(_ p: UnsafePointer<UInt8>, from: Int, _ n: Int) -> Int? {
        /// Bit 7 of each zero byte of `word` (a NUL) or of `word ^ 0x0A…` (a newline); a byte
        /// above a true one may be flagged too, never one below, so the lowest is exact.
        @inline(__always) func flagged(_ word: UInt64) -> UInt64 {
            let newlines = word ^ 0x0A0A_0A0A_0A0A_0A0A
            return ((word &- 0x0101_0101_0101_0101) & ~word | (newlines &- 0x0101_0101_0101_0101) & ~newlines)
                & 0x8080_8080_8080_8080
        }
        @inline(__always) func word(_ at: Int) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(p + at).loadUnaligned(as: UInt64.self))
        }
        var i = from
        // Two words a step (a comment is some 35 bytes), then one.
        while i &+ 16 <= n {
            let low = flagged(word(i)), high = flagged(word(i &+ 8))
            if low | high != 0 {
                let k = low != 0 ? i &+ low.trailingZeroBitCount &>> 3 : i &+ 8 &+ high.trailingZeroBitCount &>> 3
                return p[k] == 0x0A ? k : nil
            }
            i &+= 16
        }
        while i &+ 8 <= n {
            let found = flagged(word(i))
            if found != 0 {
                let k = i &+ found.trailingZeroBitCount &>> 3
                return p[k] == 0x0A ? k : nil
            }
            i &+= 8
        }
        while i < n {
            if p[i] == 0x0A { return i }
            if p[i] == 0 { return nil }
            i &+= 1
        }
        return nil
    }

    /// A row's number at `i` in any spacing, and the separator after it (`,`, or `]` after
    /// the fifth); `i` past the separator. The line's newline must follow (it ends every scan).
    @inline(__always)
    static func rowNumber(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ separator: UInt8) -> Int64? {
        while p[i] == 0x20 { i &+= 1 }
        let negative = p[i] == 0x2D
        if negative { i &+= 1 }
        let digitsStart = i
        var value: Int64 = 0
        while case let d = p[i] &- 0x30, d < 10 { value = value &* 10 &+ Int64(d); i &+= 1 }
        // Up to 18 digits cannot overflow; longer goes the general way.
        guard i > digitsStart, i &- digitsStart <= 18 else { return nil }
        while p[i] == 0x20 { i &+= 1 }
        guard p[i] == separator else { return nil }
        i &+= 1
        return negative ? -value : value
    }

    /// A number right-aligned in a field of `width` bytes (1...7): spaces, an optional `-`,
    /// then at least one digit up to the field's end; `nil` otherwise. The field is the top
    /// `width` bytes of `word`, the 8 bytes that end with the field's last (its first byte in
    /// the low bits): the bytes are classified and the digits converted together instead of
    /// one by one (issue 26).
    @inline(__always)
    static func paddedWord(_ word: UInt64, width: Int) -> Int64? {
        let belowField: UInt64 = (1 &<< UInt64(64 &- width &* 8)) &- 1
        // The bytes below the field read as spaces: the field's own spaces continue them.
        let w = word & ~belowField | 0x2020_2020_2020_2020 & belowField
        let t = w ^ 0x3030_3030_3030_3030   // a digit's byte → 0...9
        // Bit 7 of every byte that is not a digit (t's low 7 bits above 9, or its bit 7).
        let nonDigit = ((t & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676 | t) & 0x8080_8080_8080_8080
        // The last byte is a digit; the bytes below the field are not (the field is at most 7 wide).
        guard nonDigit >> 56 == 0, nonDigit != 0 else { return nil }
        // The highest byte that is not a digit: every byte above it is; it is a space or the
        // sign, and every byte below it a space.
        let signShift = UInt64(63 &- nonDigit.leadingZeroBitCount) & ~7
        let belowSign: UInt64 = (1 &<< signShift) &- 1
        let sign = w >> signShift & 0xFF
        guard (w ^ 0x2020_2020_2020_2020) & belowSign == 0, sign == 0x20 || sign == 0x2D else { return nil }
        // The digits alone (the bytes up to the sign zero: leading zero digits), the first
        // in the low byte: pairs, then fours, then all eight (as `sixDigitsAndSpace`).
        var v = t & ~((1 &<< (signShift &+ 8)) &- 1)
        v = (v &* 2561) >> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        let magnitude = Int64(truncatingIfNeeded: v)
        return sign == 0x2D ? -magnitude : magnitude
    }

    /// A number right-aligned in the 3 bytes at `p`, as ``paddedWord(_:width:)`` reads wider
    /// fields, byte by byte (`  7`, ` 47`, `330`, ` -1`, `-12`).
    @inline(__always)
    static func threeWideField(_ p: UnsafePointer<UInt8>) -> Int64? {
        let c = p[2] &- 0x30
        guard c < 10 else { return nil }
        let b = p[1], a = p[0]
        if b == 0x20 || b == 0x2D {
            guard a == 0x20 else { return nil }
            return b == 0x20 ? Int64(c) : -Int64(c)
        }
        let bd = b &- 0x30
        guard bd < 10 else { return nil }
        let low = Int64(bd) &* 10 &+ Int64(c)
        if a == 0x20 { return low }
        if a == 0x2D { return -low }
        let ad = a &- 0x30
        guard ad < 10 else { return nil }
        return Int64(ad) &* 100 &+ low
    }

    /// Six decimal digits and a space at `bytes` (eight readable), as their value; `nil` otherwise.
    @inline(__always)
    static func sixDigitsAndSpace(_ bytes: UnsafeRawPointer) -> UInt32? {
        let word = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        let digits = word & 0x0000_FFFF_FFFF_FFFF
        // Every byte 0x30...0x39: high nibble 3, and low nibble + 6 does not carry into it.
        guard digits & 0x0000_F0F0_F0F0_F0F0 == 0x0000_3030_3030_3030,
              (digits &+ 0x0000_0606_0606_0606) & 0x0000_F0F0_F0F0_F0F0 == 0x0000_3030_3030_3030,
              (word >> 48) & 0xFF == 0x20 else { return nil }
        // Two leading zero digits, then the eight-digit conversion (first digit in the low byte).
        var v = (digits & 0x0000_0F0F_0F0F_0F0F) << 16
        v = (v &* 2561) >> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        return UInt32(truncatingIfNeeded: v)
    }

    /// The four bytes at `bytes` as a number when all are decimal digits (`0408` → 408);
    /// `nil` otherwise. A value as evemu-record writes most (`%04d`), converted together:
    /// digit by digit, with the loop's checks, it was a sixth of reading a line (issue 26).
    @inline(__always)
    static func fourDigits(_ bytes: UnsafeRawPointer) -> UInt32? {
        let word = UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self))
        // Every byte 0x30...0x39: high nibble 3, and low nibble + 6 does not carry into it.
        guard word & 0xF0F0_F0F0 == 0x3030_3030, (word &+ 0x0606_0606) & 0xF0F0_F0F0 == 0x3030_3030 else { return nil }
        // First digit in the low byte: pairs (d0 × 10 + d1), then the two pairs.
        var v = word & 0x0F0F_0F0F
        v = (v &* 10 &+ (v >> 8)) & 0x00FF_00FF
        return (v &* 100 &+ (v >> 16)) & 0xFFFF
    }

    /// One to four hex digits and a space at `i`, as their value, `i` past the space; `nil` otherwise.
    @inline(__always)
    static func hexField(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) -> UInt16? {
        @inline(__always) func digit(_ c: UInt8) -> UInt32 {
            if c &- 0x30 < 10 { return UInt32(c &- 0x30) }
            let letter = (c | 0x20) &- 0x61
            return letter < 6 ? UInt32(letter) &+ 10 : 0xFF
        }
        if i &+ 4 < n, p[i &+ 4] == 0x20 {
            // The usual four digits.
            let d0 = digit(p[i]), d1 = digit(p[i &+ 1]), d2 = digit(p[i &+ 2]), d3 = digit(p[i &+ 3])
            guard (d0 | d1 | d2 | d3) < 16 else { return nil }
            i &+= 5
            return UInt16(truncatingIfNeeded: d0 << 12 | d1 << 8 | d2 << 4 | d3)
        }
        let fieldStart = i
        var value: UInt32 = 0
        while i < n, case let d = digit(p[i]), d < 16 { value = value &<< 4 | d; i &+= 1 }
        guard i > fieldStart, i &- fieldStart <= 4, i < n, p[i] == 0x20 else { return nil }
        i &+= 1
        return UInt16(truncatingIfNeeded: value)
    }

    /// The error for a line past ``maximumLineLength`` (NUL bytes in it: not text at all).
    private func lineTooLong() -> RecordingError {
        let prefix = UnsafeBufferPointer(start: buffer + start, count: min(end - start, Self.maximumLineLength))
        if memchr(prefix.baseAddress!, 0, prefix.count) != nil {
            return RecordingError(kind: .binary, file: path, line: lineNumber + 1, expected: "text lines", found: "NUL bytes",
                                  hint: "this is not a text recording; evemu and libinput record files are plain text")
        }
        return RecordingError(kind: .tooLarge, file: path, line: lineNumber + 1,
                              expected: "a line of at most \(Self.maximumLineLength) bytes",
                              found: RecordingError.excerpt(UnsafeBufferPointer(rebasing: prefix.prefix(256)).lossyString),
                              hint: "no recording line is this long (the longest, a libinput HID descriptor, is under 25 KB); the file is damaged or not a recording")
    }

    private func emit(from lineStart: Int, to lineEnd: Int, terminated: Bool, next: Int) throws(RecordingError) -> UnsafeBufferPointer<UInt8> {
        var stop = lineEnd
        // CR LF, and CR CR LF as an old `adb shell` gives it: every CR before the newline goes.
        while stop > lineStart && buffer[stop - 1] == 0x0D { stop -= 1 }
        if stop - lineStart > Self.maximumLineLength { throw lineTooLong() }
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

    /// Searches what was read since the last search for a carriage return that ends no line.
    private func checkCarriageReturns() throws(RecordingError) {
        var i = carriageReturnsCheckedTo
        while i < end, let hit = memchr(buffer + i, 0x0D, end - i) {
            let cr = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            var j = cr
            while j < end, buffer[j] == 0x0D { j += 1 }
            if j == end {
                // CRs at the end of what is read: the file's end ends a line; else decide
                // when the next chunk shows what follows them.
                carriageReturnsCheckedTo = atEOF ? end : cr
                return
            }
            guard buffer[j] == 0x0A else { throw loneCarriageReturn(at: cr) }
            i = j + 1
        }
        carriageReturnsCheckedTo = end
    }

    /// A carriage return at `offset` that ends no line: the file's lines end in CR alone.
    private func loneCarriageReturn(at offset: Int) -> RecordingError {
        var line = lineNumber + 1, i = start
        while i < offset, let hit = memchr(buffer + i, 0x0A, offset - i) {
            line += 1
            i = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
        }
        // The command as the user gave the path, quoted for a shell; the new name keeps the
        // old one as its start, so a split .events still pairs with its .desc.
        let ext = RecordingPath.pathExtension(path)
        let fixed = ext.isEmpty ? path + ".fixed" : String(path.dropLast(ext.count + 1)) + ".fixed." + ext
        return RecordingError(kind: .malformedLine, file: path, line: line, expected: "lines ending in a newline (\\n or \\r\\n)",
                              found: "a carriage return (\\r) that ends no line",
                              hint: "the file's lines end in CR alone (classic Mac OS), so they read as one line and events are lost;"
                                  + " make them newlines: tr '\\r' '\\n' < \(ShellWord.quoted(path)) > \(ShellWord.quoted(fixed))")
    }

    /// Moves the unread tail to the front and reads up to one chunk after it.
    private func fill() throws(RecordingError) {
        if start > 0 {
            let remaining = end - start
            if remaining > 0 { memmove(buffer, buffer + start, remaining) }
            noNULBefore = max(0, noNULBefore - start)
            carriageReturnsCheckedTo = max(0, carriageReturnsCheckedTo - start)
            start = 0
            end = remaining
            lastLine = nil
        }
        while true {
            let count = read(fd, buffer + end, capacity - end)
            if count > 0 {
                if noNULBefore == end {
                    let nul = memchr(buffer + end, 0, count)
                    noNULBefore = nul.map { buffer.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? end + count
                }
                end += count
                try checkCarriageReturns()
                return
            }
            if count == 0 {
                atEOF = true
                try checkCarriageReturns()
                return
            }
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
