@_spi(Pipeline) import TouchTapeEvents

/// The hand-written parser for one `E: <sec>.<usec> <type> <code> <value>` line.
///
/// Runs over the raw bytes (no `String`, regex or `Scanner`) because this loop is
/// the whole cost of reading a recording. Accepts what libevemu's
/// `sscanf("E: %lu.%06u %04x %04x %d")` accepts for well-formed files: any run of
/// spaces/tabs between fields, 1–6 microsecond digits, hex of any width that fits,
/// zero-padded or unpadded signed decimal values, and a trailing `# comment`.
enum EvemuEventLine {
    /// A field of the line, as error messages name it.
    enum Field: String, Sendable {
        case sec, usec, type, code, value
    }

    /// What is wrong with a line. Plain values (no strings): the result of every line
    /// is copied without reference counting, which was a tenth of reading a file.
    enum Failure: Error, Equatable {
        case missingField(Field)
        case nonNumeric(Field)
        case outOfRange(Field)
    }

    static let grammar = "E: <sec>.<usec> <type> <code> <value>"

    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Result<InputEvent, Failure> {
        let n = line.count
        var i = 2  // caller checked "E:"
        @inline(__always) func skipSpace() -> Bool {
            let before = i
            while i < n, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
            return i > before
        }
        @inline(__always) func atFieldEnd() -> Bool { i == n || line[i] == 0x20 || line[i] == 0x09 }

        _ = skipSpace()
        // Seconds.
        var seconds: UInt64 = 0
        var digits = 0
        while i < n, case let d = line[i] &- 0x30, d < 10 {
            let (m, o1) = seconds.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(UInt64(d))
            // Up to Int64.max, the libinput-record reader's range, so every file that reads
            // converts to the other format and reads back (found by `tools/fuzz evemu-split`).
            if o1 || o2 || s > UInt64(Int64.max) { return .failure(.outOfRange(.sec)) }
            seconds = s; digits += 1; i += 1
        }
        if digits == 0 { return .failure(i == n ? .missingField(.sec) : .nonNumeric(.sec)) }
        if seconds > EventTime.maximumSeconds { return .failure(.outOfRange(.sec)) }
        guard i < n, line[i] == 0x2E else { return .failure(i == n ? .missingField(.usec) : .nonNumeric(.sec)) }
        i += 1
        var micro: UInt32 = 0
        digits = 0
        while i < n, case let d = line[i] &- 0x30, d < 10 {
            micro = micro &* 10 &+ UInt32(d); digits += 1; i += 1
            if digits > 6 { return .failure(.outOfRange(.usec)) }
        }
        if digits == 0 { return .failure(i == n ? .missingField(.usec) : .nonNumeric(.usec)) }
        guard atFieldEnd() else { return .failure(.nonNumeric(.usec)) }
        // Type and code, hex.
        guard skipSpace(), i < n else { return .failure(.missingField(.type)) }
        let typeResult = hex(line, &i, field: .type)
        guard case .success(let type) = typeResult else { return .failure(failure(typeResult)) }
        guard skipSpace(), i < n else { return .failure(.missingField(.code)) }
        let codeResult = hex(line, &i, field: .code)
        guard case .success(let code) = codeResult else { return .failure(failure(codeResult)) }
        guard skipSpace(), i < n, line[i] != 0x23 else { return .failure(.missingField(.value)) }
        // Value, signed decimal.
        var negative = false
        if line[i] == 0x2D { negative = true; i += 1 } else if line[i] == 0x2B { i += 1 }
        var magnitude: Int64 = 0
        digits = 0
        while i < n, case let d = line[i] &- 0x30, d < 10 {
            magnitude = magnitude * 10 + Int64(d); digits += 1; i += 1
            if magnitude > 0x8000_0000 { return .failure(.outOfRange(.value)) }
        }
        if digits == 0 { return .failure(.nonNumeric(.value)) }
        let value = negative ? -magnitude : magnitude
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return .failure(.outOfRange(.value)) }
        // Rest: nothing, or white space and a comment.
        if i < n {
            guard line[i] == 0x20 || line[i] == 0x09 || line[i] == 0x23 else { return .failure(.nonNumeric(.value)) }
            _ = skipSpace()
            if i < n && line[i] != 0x23 { return .failure(.nonNumeric(.value)) }
        }
        return .success(InputEvent(time: EventTime(seconds: seconds, microseconds: micro),
                                   type: type, code: code, value: Int32(value)))
    }

    private static func failure(_ result: Result<UInt16, Failure>) -> Failure {
        if case .failure(let f) = result { return f }
        return .nonNumeric(.value)
    }

    @inline(__always)
    private static func hex(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int, field: Field) -> Result<UInt16, Failure> {
        let n = line.count
        var value: UInt32 = 0
        var digits = 0
        while i < n {
            let c = line[i]
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x61...0x66: d = c - 0x61 + 10
            case 0x41...0x46: d = c - 0x41 + 10
            default: d = 0xFF
            }
            if d == 0xFF { break }
            value = value * 16 + UInt32(d); digits += 1; i += 1
            if value > 0xFFFF { return .failure(.outOfRange(field)) }
        }
        if digits == 0 { return .failure(.nonNumeric(field)) }
        if i < n, line[i] != 0x20, line[i] != 0x09 { return .failure(.nonNumeric(field)) }
        return .success(UInt16(value))
    }
}
