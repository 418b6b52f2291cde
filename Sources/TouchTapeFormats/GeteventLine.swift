#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Pipeline) import TouchTapeEvents

/// One line of getevent's text output, as docs/getevent-format.md describes each form.
///
/// Pure: no file state. ``GeteventCaptureReader`` keeps the state (which listing block a
/// line belongs to, the device chosen).
enum GeteventLine: Equatable {
    /// An event: `[   5.000042] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000001a4`,
    /// plain or labelled, with or without the timestamp and the path.
    case event(Event)
    /// `add device N: PATH` / `remove device N: PATH`.
    case addDevice(path: String)
    case removeDevice(path: String)
    /// A line of a device listing (indented, `  name:     "…"`, `    ABS (0003): …`).
    case listing(Substring)
    /// getevent's stderr messages (`could not get driver version for …`), merged by a pty.
    case message
    /// `# …`: a TouchTape comment (marks, header facts); getevent prints none.
    case comment(Substring)
    /// Spaces only.
    case blank

    struct Event: Equatable {
        var time: EventTime?
        var path: Substring?
        var type: UInt16
        var code: UInt16
        var value: Int32
    }

    /// Why an event line does not read.
    enum Failure: Error, Equatable {
        /// Not an event line at all (nor any other line getevent prints).
        case unrecognised
        /// A name no table has (`ABS_MT_POSITON_X`), with the column it is in.
        case unknownLabel(String, column: String)
        /// A name cut to the column width that several names start with.
        case ambiguousLabel(String, candidates: [String])
        /// The timestamp is out of range or badly formed.
        case badTime(String)
    }

    /// The stderr messages getevent prints (§5); only their fixed start is matched.
    static let messagePrefixes = ["could not ", "Can't enable monotonic clock", "remote device: ", "out of memory",
                                  "scan dir failed", "could not get event"]

    /// Classifies `line` (one `\r` already dropped by the line reader). The readers try the
    /// byte reader of the usual event line first (``canonicalEvent(_:labels:)``), so this
    /// reads only the lines it refused, and the head before the first event (where it tried
    /// that reader again, making a label cache a line for nothing).
    static func parse(_ line: Substring) -> Result<GeteventLine, Failure> {
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return .success(.blank) }
        if line.first == "#" { return .success(.comment(line)) }
        if line.first == " " { return .success(.listing(line)) }
        if line.hasPrefix("add device ") || line.hasPrefix("remove device ") {
            guard let colon = line.range(of: ": ") else { return .failure(.unrecognised) }
            let number = line[line.index(line.startIndex, offsetBy: line.hasPrefix("add") ? 11 : 14)..<colon.lowerBound]
            guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit) else { return .failure(.unrecognised) }
            let path = String(line[colon.upperBound...])
            return .success(line.hasPrefix("add") ? .addDevice(path: path) : .removeDevice(path: path))
        }
        if messagePrefixes.contains(where: { line.hasPrefix($0) }) { return .success(.message) }
        return parseEvent(line).map { .event($0) }
    }

    /// An event line: `[timestamp] `, `path: `, then the plain or labelled body and an
    /// optional ` rate N` (`-r`). Trailing spaces are optional.
    static func parseEvent(_ line: Substring) -> Result<Event, Failure> {
        var rest = line
        var time: EventTime?
        if rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return .failure(.unrecognised) }
            let stamp = rest[rest.index(after: rest.startIndex)..<close].drop { $0 == " " }
            let parts = stamp.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 6, !parts[0].isEmpty,
                  parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit) else {
                return .failure(.badTime(String(rest[...close])))
            }
            switch makeTime(parts[0], parts[1]) {
            case .success(let t): time = t
            case .failure(let f): return .failure(f)
            }
            rest = rest[rest.index(after: close)...]
            guard rest.first == " " else { return .failure(.unrecognised) }
            rest = rest.dropFirst()
        } else if rest.first?.isASCIIDigit == true, let space = rest.firstIndex(of: " "),
                  rest[rest.index(before: space)] == ":", rest[..<space].contains("-") {
            // The old form `sec-usec: ` (microseconds not zero-padded). The digit is tested
            // first: a line starting with a blank has nothing before its first blank (the
            // file reader never hands one here; `record --adb`'s live reader did).
            let stamp = rest[..<rest.index(before: space)]
            let parts = stamp.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, parts[1].count <= 6,
                  parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit) else {
                return .failure(.badTime(String(stamp)))
            }
            switch makeTime(parts[0], parts[1]) {
            case .success(let t): time = t
            case .failure(let f): return .failure(f)
            }
            rest = rest[rest.index(after: space)...]
        }
        var path: Substring?
        if rest.first == "/" {
            guard let colon = rest.range(of: ": ") else { return .failure(.unrecognised) }
            path = rest[..<colon.lowerBound]
            rest = rest[colon.upperBound...]
        }
        var tokens = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if tokens.count == 5, tokens[3] == "rate", tokens[4].allSatisfy(\.isASCIIDigit) { tokens.removeLast(2) }
        guard tokens.count == 3 else { return .failure(.unrecognised) }
        let type: UInt16
        if let hex = hex(tokens[0], digits: 4) { type = UInt16(hex) } else {
            guard tokens[0].contains("_") else { return .failure(.unrecognised) }
            switch GeteventLabels.value(of: tokens[0], in: .types, width: 12) {
            case .value(let v) where v <= 0xffff: type = UInt16(v)
            case .ambiguous(let names): return .failure(.ambiguousLabel(String(tokens[0]), candidates: names))
            default: return .failure(.unknownLabel(String(tokens[0]), column: "type"))
            }
        }
        let code: UInt16
        if let hex = hex(tokens[1], digits: 4) { code = UInt16(hex) } else {
            guard tokens[1].contains("_"), let table = GeteventLabels.Table(codesOf: type) else {
                return .failure(.unknownLabel(String(tokens[1]), column: "code"))
            }
            switch GeteventLabels.value(of: tokens[1], in: table, width: 20) {
            case .value(let v) where v <= 0xffff: code = UInt16(v)
            case .ambiguous(let names): return .failure(.ambiguousLabel(String(tokens[1]), candidates: names))
            default: return .failure(.unknownLabel(String(tokens[1]), column: "code"))
            }
        }
        let value: Int32
        if let hex = hex(tokens[2], digits: 8) { value = Int32(bitPattern: UInt32(hex)) }
        else if type == EventType.key.rawValue, let v = GeteventLabels.keyValue(of: tokens[2]) { value = Int32(v) }
        else if type == EventType.abs.rawValue, code == EventCodes.ABS_MT_TOOL_TYPE {
            switch GeteventLabels.value(of: tokens[2], in: .mtTool, width: 20) {
            case .value(let v): value = Int32(truncatingIfNeeded: v)
            case .ambiguous(let names): return .failure(.ambiguousLabel(String(tokens[2]), candidates: names))
            case .unknown: return .failure(.unknownLabel(String(tokens[2]), column: "value"))
            }
        } else {
            return .failure(tokens[2].contains("_") || tokens[2].first?.isLetter == true && tokens[2].count != 8
                            ? .unknownLabel(String(tokens[2]), column: "value") : .unrecognised)
        }
        return .success(Event(time: time, path: path, type: type, code: code, value: value))
    }

    /// The usual event line, read as bytes: `[ SEC.USEC] TYPE CODE VALUE` with no path, each
    /// field four or eight hex digits or a label (getevent `-t`, `-lt`, TouchTape's own
    /// files). `nil` for anything else, which ``parseEvent(_:)`` then reads (or says why it
    /// cannot): where this gives an event, that gives the same (`tools/fuzz getevent` and
    /// a test hold the two equal). As `Character`s, one line cost about 6 µs (issue 26).
    static func parseCanonicalEvent(_ line: Substring) -> Event? {
        var line = line
        let labels = GeteventLabelCache()
        return line.withUTF8 { canonicalEvent($0, labels: labels) }
            .map { Event(time: $0.time, path: nil, type: $0.type, code: $0.code, value: $0.value) }
    }

    /// The same from a line's bytes (without its newline and the carriage returns before
    /// it), its labels looked up through `labels`: what a capture's reader takes straight
    /// from its buffer (``LineReader/nextLine(ifParsed:)``). Through the `Substring`, a
    /// labelled line cost some 29 k instructions, a `String` made and hashed for each label
    /// (issue 26).
    static func canonicalEvent(_ line: UnsafeBufferPointer<UInt8>, labels: GeteventLabelCache) -> InputEvent? {
        let n = line.count
        guard n > 0, let p = line.baseAddress, p[0] == UInt8(ascii: "[") else { return nil }
        var i = 1
        while i < n, p[i] == 0x20 { i &+= 1 }
        var seconds: UInt64 = 0
        let secondsStart = i
        while i < n, case let d = p[i] &- 0x30, d < 10 {
            // Longer ones: the general reader.
            guard i &- secondsStart < 18 else { return nil }
            seconds = seconds &* 10 &+ UInt64(d)
            i &+= 1
        }
        guard i > secondsStart, seconds <= EventTime.maximumSeconds, i < n, p[i] == UInt8(ascii: ".") else { return nil }
        i &+= 1
        guard n &- i >= 8 else { return nil }
        var micro: UInt32 = 0
        for k in i..<(i &+ 6) {
            let d = p[k] &- 0x30
            guard d < 10 else { return nil }
            micro = micro &* 10 &+ UInt32(d)
        }
        i &+= 6
        guard p[i] == UInt8(ascii: "]"), p[i &+ 1] == 0x20 else { return nil }
        i &+= 2
        // Three fields (ASCII, from `start` to `end`), blanks or tabs between and after them.
        var starts = (0, 0, 0), ends = (0, 0, 0)
        var count = 0
        while true {
            i = blanksEnd(p, i, n)
            guard i < n else { break }
            let fieldStart = i
            i = fieldEnd(p, i, n)
            guard i == n || p[i] < 0x80 else { return nil }   // ASCII only
            switch count {
            case 0: (starts.0, ends.0) = (fieldStart, i)
            case 1: (starts.1, ends.1) = (fieldStart, i)
            case 2: (starts.2, ends.2) = (fieldStart, i)
            default: return nil
            }
            count &+= 1
        }
        guard count == 3, p[starts.0] != UInt8(ascii: "/") else { return nil }
        /// Exactly `digits` hex digits, either case.
        @inline(__always) func hex(_ start: Int, _ end: Int, digits: Int) -> UInt64? {
            guard end &- start == digits else { return nil }
            var value: UInt64 = 0
            for k in start..<end {
                var d = p[k] &- 0x30
                if d >= 10 {
                    // 'a'…'f' and 'A'…'F' (the case bit set).
                    d = (p[k] | 0x20) &- 0x61
                    guard d < 6 else { return nil }
                    d &+= 10
                }
                value = value &<< 4 | UInt64(d)
            }
            return value
        }
        @inline(__always) func field(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: p + start, count: end &- start)
        }
        @inline(__always) func labelled(_ start: Int, _ end: Int) -> Bool {
            memchr(p + start, Int32(UInt8(ascii: "_")), end &- start) != nil
        }
        let type: UInt16
        if let number = hex(starts.0, ends.0, digits: 4) { type = UInt16(number) } else {
            guard labelled(starts.0, ends.0), let v = labels.value(of: field(starts.0, ends.0), in: .types, width: 12),
                  v <= 0xffff else { return nil }
            type = UInt16(v)
        }
        let code: UInt16
        if let number = hex(starts.1, ends.1, digits: 4) { code = UInt16(number) } else {
            guard labelled(starts.1, ends.1), let table = GeteventLabels.Table(codesOf: type),
                  let v = labels.value(of: field(starts.1, ends.1), in: table, width: 20), v <= 0xffff else { return nil }
            code = UInt16(v)
        }
        let value: Int32
        if let number = hex(starts.2, ends.2, digits: 8) { value = Int32(bitPattern: UInt32(number)) }
        else if type == EventType.key.rawValue, let v = GeteventLabels.keyValue(of: field(starts.2, ends.2)) { value = Int32(v) }
        else { return nil }
        return InputEvent(time: EventTime(seconds: seconds, microseconds: micro), type: type, code: code, value: value)
    }

    /// The first byte from `i` on (before `n`) that is not a blank or a tab: `-lt` pads its
    /// columns with spaces, a third of a line, so they are passed eight at a time.
    @inline(__always)
    static func blanksEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        var i = i
        while i &+ 8 <= n {
            // A byte that is not a space is not zero here; the lowest such byte is the first.
            let x = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
            if x != 0 { i &+= x.trailingZeroBitCount &>> 3; break }
            i &+= 8
        }
        while i < n, p[i] == 0x20 || p[i] == 0x09 { i &+= 1 }
        return i
    }

    /// The first byte from `i` on (before `n`) that is a blank, a tab or not ASCII: the end
    /// of a field, found eight bytes at a time while none of them is one.
    @inline(__always)
    static func fieldEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = i
        while i &+ 8 <= n {
            let w = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            // A zero byte in `w ^ 0x20…` (a blank) or `w ^ 0x09…` (a tab), or a high bit.
            let blanks = w ^ 0x2020_2020_2020_2020, tabs = w ^ 0x0909_0909_0909_0909
            if ((blanks &- ones) & ~blanks | (tabs &- ones) & ~tabs | w) & highs != 0 { break }
            i &+= 8
        }
        while i < n, p[i] != 0x20, p[i] != 0x09, p[i] < 0x80 { i &+= 1 }
        return i
    }

    private static func makeTime(_ seconds: Substring, _ micro: Substring) -> Result<EventTime, Failure> {
        guard seconds.count <= 19, let s = UInt64(seconds), s <= EventTime.maximumSeconds, let us = UInt32(micro), us < 1_000_000 else {
            return .failure(.badTime(String(seconds) + "." + micro))
        }
        return .success(EventTime(seconds: s, microseconds: us))
    }

    /// Exactly `digits` lowercase or uppercase hex digits.
    static func hex(_ token: Substring, digits: Int) -> UInt64? {
        guard token.count == digits, token.allSatisfy(\.isHexDigit) else { return nil }
        return UInt64(token, radix: 16)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// The events of a live `adb shell getevent -t DEVICE` as its bytes arrive (`record --adb`):
/// lines split at `\n` wherever the reads cut them, each line read once (a read's complete
/// lines straight from its buffer, only a line cut by the read's end kept for the next), so
/// a large read costs what its bytes do. The same bytes give the same events however they
/// are cut into reads; `tools/fuzz getevent` holds it.
///
/// Each line is classified as the file reader classifies it (``GeteventLine/parse(_:)``):
/// a timed event line is an event; a line getevent prints besides events (a message, a
/// device header, a blank) is passed over; any other line is counted in ``unread``, so
/// the recorder can say that something sent was not recorded.
///
/// A line longer than ``maximumLineLength`` is no event line: its bytes are dropped up to
/// the next line break (counted as unread), so a stream that never breaks its lines cannot
/// grow the buffer.
package struct GeteventLiveReader {
    /// The longest line kept. An event line of `getevent -t` is about 50 bytes (`-lt`
    /// about 70, a path, when getevent prints one, under 100 more); 4 KiB leaves room for any
    /// message.
    package static let maximumLineLength = 4096

    /// What one complete line is.
    package enum Line: Equatable, Sendable {
        /// A timed event.
        case event(InputEvent)
        /// A line getevent prints besides its events: a message, a device header or listing
        /// line, a blank, a `#` comment.
        case passedOver
        /// A line that is neither (an excerpt of it), and why: it is not recorded.
        case unread(line: String, why: String)
    }

    /// The lines that were no event TouchTape reads nor a line getevent prints besides its
    /// events: how many, and the first of them (an excerpt) with why.
    package struct Unread: Equatable, Sendable {
        package var count = 0
        package var first: String?
        package var why: String?
    }

    /// The start of a line the last read cut (of an overlong one, the bytes its excerpt shows).
    private var partial: [UInt8] = []
    /// The current line has passed ``maximumLineLength``: the rest of it is dropped.
    private var overlong = false
    /// Bytes enough for a line's excerpt (``RecordingError/excerpt(_:limit:)``: 60 characters).
    static let excerptBytes = 256
    /// The lines not read so far.
    package private(set) var unread = Unread()
    /// The labels the event lines read as bytes have named.
    private let labels = GeteventLabelCache()

    package init() {}

    /// The events on the complete lines `bytes` ends (with what earlier reads left).
    package mutating func events(in bytes: UnsafeRawBufferPointer) -> [InputEvent] {
        var events: [InputEvent] = []
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                keep(bytes[start...])
                break
            }
            if partial.isEmpty && !overlong {
                take(Self.line(bytes[start..<newline], labels: labels), into: &events)
            } else {
                keep(bytes[start..<newline])
                take(overlong ? Self.tooLong(partial) : Self.line(partial, labels: labels), into: &events)
                partial.removeAll(keepingCapacity: true)
                overlong = false
            }
            start = newline + 1
        }
        return events
    }

    private mutating func take(_ line: Line, into events: inout [InputEvent]) {
        switch line {
        case .event(let event): events.append(event)
        case .passedOver: break
        case .unread(let line, let why):
            if unread.count == 0 { (unread.first, unread.why) = (line, why) }
            unread.count += 1
        }
    }

    /// Keeps the start of a line cut by a read; once it is too long, only the bytes its
    /// excerpt shows.
    private mutating func keep(_ piece: Slice<UnsafeRawBufferPointer>) {
        guard !overlong else { return }
        guard partial.count + piece.count <= Self.maximumLineLength else {
            overlong = true
            if partial.count < Self.excerptBytes {
                partial.append(contentsOf: piece.prefix(Self.excerptBytes - partial.count))
            } else {
                partial.removeSubrange(Self.excerptBytes...)
            }
            return
        }
        partial.append(contentsOf: piece)
    }

    /// A line past ``maximumLineLength``, from its first bytes.
    static func tooLong(_ start: some Collection<UInt8>) -> Line {
        .unread(line: RecordingError.excerpt(String(decoding: start.prefix(excerptBytes), as: UTF8.self)),
                why: "longer than \(maximumLineLength) bytes")
    }

    /// One line's bytes (without its `\n`) as text, a trailing `\r` from a pty dropped.
    package static func text(of bytes: some Collection<UInt8>) -> Substring {
        let text = String(decoding: bytes, as: UTF8.self)[...]
        return text.last == "\r" ? text.dropLast() : text
    }

    /// What one line's bytes (without its `\n`; a trailing `\r` from a pty dropped) are.
    package static func line(_ bytes: some Collection<UInt8>) -> Line {
        line(bytes, labels: GeteventLabelCache())
    }

    /// The same, the usual event line read from its bytes as a capture's reader reads it
    /// (``GeteventLine/canonicalEvent(_:labels:)``), its labels looked up through `labels`:
    /// as text, a line cost some 29 k instructions, and a phone sends thousands a second.
    static func line(_ bytes: some Collection<UInt8>, labels: GeteventLabelCache) -> Line {
        guard bytes.count <= maximumLineLength else { return tooLong(bytes) }
        let quick = bytes.withContiguousStorageIfAvailable { bytes -> InputEvent? in
            let end = bytes.last == 0x0D ? bytes.count - 1 : bytes.count
            return GeteventLine.canonicalEvent(UnsafeBufferPointer(rebasing: bytes[..<end]), labels: labels)
        }
        if let event = quick ?? nil { return .event(event) }
        let text = text(of: bytes)
        let why: String
        switch GeteventLine.parse(text) {
        case .success(.event(let event)):
            guard let time = event.time else { why = "an event line without a timestamp"; break }
            return .event(InputEvent(time: time, type: event.type, code: event.code, value: event.value))
        case .success(.message), .success(.listing), .success(.addDevice), .success(.removeDevice), .success(.blank), .success(.comment):
            return .passedOver
        case .failure(let failure):
            why = failure.summary
        }
        return .unread(line: RecordingError.excerpt(text), why: why)
    }
}

extension GeteventLine.Failure {
    /// The failure in a few words, for the warning about a live line not recorded.
    var summary: String {
        switch self {
        case .unrecognised: "not a line getevent prints"
        case .unknownLabel(let name, let column): "unknown \(column) name '\(RecordingError.excerpt(name))'"
        case .ambiguousLabel(let name, let candidates): "'\(name)' could be any of \(candidates.joined(separator: ", "))"
        case .badTime(let stamp): "the timestamp '\(RecordingError.excerpt(stamp))' is malformed or out of range"
        }
    }
}

extension GeteventLiveReader {
    /// Whether the byte reader of the usual event line (``GeteventLine/parseCanonicalEvent(_:)``)
    /// agrees with the general one on `line`: where it gives an event, the general reader
    /// gives the same. The fuzz target and a test hold it on every line they meet.
    package static func canonicalReadingAgrees(on line: Substring) -> Bool {
        guard let fast = GeteventLine.parseCanonicalEvent(line) else { return true }
        return GeteventLine.parseEvent(line) == .success(fast)
    }
}
