@_spi(Pipeline) import TouchTapeEvents

/// Reads an evemu device description (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:` and
/// the header comments) from a ``LineReader``, stopping before the first `E:` line.
///
/// Rules from libevemu 2.7 (`src/evemu.c`, fact sheet §1): the first non-blank line
/// may be `# EVEMU <major>.<minor>` (none means 1.0); comments are lines starting
/// with `#`, and trailing comments are allowed after data on every line but `N:`;
/// `N:` then `I:` come first. Deliberately more lenient than libevemu in two ways
/// that lose nothing: `P/B/A/L/S` lines are taken in any order, and `A:` lines may
/// have 5 or 6 numbers whatever the version says.
struct EvemuDescriptionParser {
    enum Outcome {
        case description(DeviceDescription, RecordingMetadata)
        /// The first data line was `E:` (an events-only file); the line is pushed back.
        case eventsOnly(RecordingMetadata, versionLineSeen: Bool, line: Int)
    }

    let reader: LineReader
    /// In a single-file recording, a `# touchtape:` line after `N:` and `I:` (a mark, or the
    /// end mark) belongs to the events: the description ends there and the line is pushed
    /// back for ``EvemuEventSource``. Without this, a mark before the first event (or the
    /// end mark of a file with no events) was taken as a header comment and lost (found by
    /// the `evemu-split` fuzz target). A `.desc` file has no events, so there it stays a comment.
    var endsAtTouchTapeLines = false

    func parse() throws(RecordingError) -> Outcome {
        var metadata = RecordingMetadata(formatVersion: "1.0")
        var versionLineSeen = false
        var sawText = false
        var name: String?
        var id: InputID?
        var properties = Set<UInt16>()
        var propertyLines = 0
        var codes: [UInt16: Set<UInt16>] = [:]
        var maskLines: [UInt16: Int] = [:]
        var absInfo: [UInt16: AbsInfo] = [:]
        var leds: [UInt16: Int32] = [:]
        var switches: [UInt16: Int32] = [:]
        let file = reader.path

        func error(_ kind: RecordingError.Kind, _ expected: String, _ found: String?, _ hint: String) -> RecordingError {
            RecordingError(kind: kind, file: file, line: reader.lineNumber, expected: expected,
                           found: found.map { RecordingError.excerpt($0) }, hint: hint)
        }
        var quirks: [String] = []
        var udevProperties: [String] = []
        func finish() -> Outcome {
            var description = DeviceDescription(
                name: name ?? "", id: id ?? InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                properties: properties, codes: codes, absInfo: absInfo, ledStates: leds, switchStates: switches)
            description.quirks = quirks
            description.udevProperties = udevProperties
            return .description(description, metadata)
        }

        while true {
            guard let bytes = try reader.nextLine() else {
                if !sawText {
                    throw RecordingError(kind: .empty, file: file, line: nil, expected: "an evemu recording ('N: <device name>' …)",
                                         found: "an empty file", hint: "the file holds nothing; was the recording interrupted before it started?")
                }
                if name == nil {
                    throw RecordingError(kind: .truncated, file: file, line: reader.lineNumber, expected: "N: <device name>",
                                         found: "end of file", hint: "the file ends before its description; it was cut short")
                }
                if id == nil {
                    throw RecordingError(kind: .truncated, file: file, line: reader.lineNumber, expected: "I: <bus> <vendor> <product> <version>",
                                         found: "end of file", hint: "the file ends inside its description; it was cut short")
                }
                return finish()
            }
            guard let text = bytes.validatedString else {
                throw error(.binary, "UTF-8 text", "invalid UTF-8 bytes", "this is not a text recording; evemu files are plain text")
            }
            if bytes.isBlank { continue }
            let lastLine = !reader.lastLineTerminated
            if text.hasPrefix("#") {
                if endsAtTouchTapeLines, id != nil, text.hasPrefix(EvemuAnnotationSyntax.prefix),
                   text != RecordingEndMark.evemuHeaderLine {
                    reader.pushBack()
                    return finish()
                }
                if !sawText && !versionLineSeen, let version = Self.versionLine(text) {
                    metadata.formatVersion = version
                    versionLineSeen = true
                } else if text.hasPrefix("# Kernel: ") {
                    metadata.kernel = String(text.dropFirst(10))
                } else if text.hasPrefix("# DMI: ") {
                    metadata.dmi = String(text.dropFirst(7))
                } else if text.hasPrefix(EvemuFormatter.quirkPrefix) {
                    // TouchTape's own comment for a libinput quirk (a libinput record's `quirks:`).
                    quirks.append(String(text.dropFirst(EvemuFormatter.quirkPrefix.count)))
                } else if text.hasPrefix(EvemuFormatter.udevPrefix) {
                    // TouchTape's own comment for a udev property (a libinput record's `udev: properties:`).
                    udevProperties.append(String(text.dropFirst(EvemuFormatter.udevPrefix.count)))
                } else if text == RecordingEndMark.evemuHeaderLine {
                    metadata.writtenByTouchTape = true
                }
                sawText = true
                continue
            }
            sawText = true
            if name == nil {
                if text.hasPrefix("N:") {
                    // By scalars, not Characters: a name starting with a combining mark
                    // clusters with the space before it ("N: \u{301}…" is "N", ":", " \u{301}").
                    name = String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(2).drop { $0 == " " || $0 == "\t" }))
                    continue
                }
                if text.hasPrefix("E:") {
                    reader.pushBack()
                    return .eventsOnly(metadata, versionLineSeen: versionLineSeen, line: reader.lineNumber)
                }
                throw error(.wrongHeader, "N: <device name>", text,
                            "an evemu recording starts with its device name line; is this an evemu file?")
            }
            let fields = Self.fields(text)
            let tag = fields.first ?? ""
            let numbers = Array(fields.dropFirst())
            if id == nil {
                let expected = "I: <bus> <vendor> <product> <version>"
                guard tag == "I:" else {
                    if lastLine { throw error(.truncated, expected, text, "the file ends inside its description; it was cut short") }
                    throw error(.wrongHeader, expected, text, "the device name line must be followed by its I: line")
                }
                guard numbers.count == 4 else {
                    throw error(lastLine ? .truncated : .malformedLine, expected, text, "I: takes four hexadecimal numbers")
                }
                var parts: [UInt16] = []
                for number in numbers {
                    guard let v = UInt16(number, radix: 16) else {
                        throw error(lastLine ? .truncated : .nonNumericField, expected, text, "'\(RecordingError.excerpt(number))' is not a 16-bit hexadecimal number")
                    }
                    parts.append(v)
                }
                id = InputID(bustype: parts[0], vendor: parts[1], product: parts[2], version: parts[3])
                continue
            }
            switch tag {
            case "E:":
                reader.pushBack()
                return finish()
            case "P:":
                guard propertyLines < Self.maximumMaskLines else {
                    throw error(.valueOutOfRange, "at most \(Self.maximumMaskLines) P: lines", text,
                                "P: line \(propertyLines + 1) would describe properties above 0xffff; no device has them")
                }
                let bytes = try Self.maskBytes(numbers, count: 8, expected: "P: <8 hex bytes>", error: error, lastLine: lastLine)
                for (i, byte) in bytes.enumerated() {
                    for bit in 0..<8 where byte & (1 << bit) != 0 {
                        properties.insert(UInt16((propertyLines * 8 + i) * 8 + bit))
                    }
                }
                propertyLines += 1
            case "B:":
                let expected = "B: <type> <8 hex bytes>"
                guard let typeText = numbers.first else { throw error(lastLine ? .truncated : .malformedLine, expected, text, "B: takes a type and eight bytes") }
                guard let type = UInt16(typeText, radix: 16) else {
                    throw error(lastLine ? .truncated : .nonNumericField, expected, text, "'\(RecordingError.excerpt(typeText))' is not a hexadecimal event type")
                }
                guard type <= EventType.max.rawValue else {
                    throw error(.valueOutOfRange, expected, text, "event type \(RecordingError.excerpt(typeText)) is above EV_MAX (1f)")
                }
                let line = maskLines[type, default: 0]
                guard line < Self.maximumMaskLines else {
                    throw error(.valueOutOfRange, "at most \(Self.maximumMaskLines) B: lines for type \(CFormat.hex(type, width: 2))", text,
                                "B: line \(line + 1) for type \(CFormat.hex(type, width: 2)) would describe codes above 0xffff; no device has them")
                }
                let bytes = try Self.maskBytes(Array(numbers.dropFirst()), count: 8, expected: expected, error: error, lastLine: lastLine)
                for (i, byte) in bytes.enumerated() {
                    for bit in 0..<8 where byte & (1 << bit) != 0 {
                        codes[type, default: []].insert(UInt16((line * 8 + i) * 8 + bit))
                    }
                }
                maskLines[type] = line + 1
            case "A:":
                let expected = "A: <code> <min> <max> <fuzz> <flat> [<resolution>]"
                guard numbers.count == 5 || numbers.count == 6 else {
                    throw error(lastLine ? .truncated : .malformedLine, expected, text, "A: takes a hex code and 4 (format ≤ 1.1) or 5 (format ≥ 1.2) numbers")
                }
                guard let code = UInt16(numbers[0], radix: 16) else {
                    throw error(.nonNumericField, expected, text, "'\(RecordingError.excerpt(numbers[0]))' is not a hexadecimal axis code")
                }
                var values: [Int32] = []
                for number in numbers.dropFirst() {
                    guard let v = Int32(number) else {
                        throw error(lastLine ? .truncated : .nonNumericField, expected, text, "'\(RecordingError.excerpt(number))' is not a decimal number")
                    }
                    values.append(v)
                }
                absInfo[code] = AbsInfo(minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
                                        resolution: values.count > 4 ? values[4] : 0)
                metadata.absInfoLines[code] = reader.lineNumber
            case "L:", "S:":
                let expected = tag + " <code> <state>"
                guard numbers.count == 2 else {
                    throw error(lastLine ? .truncated : .malformedLine, expected, text, "\(tag) takes a hex code and a decimal state")
                }
                guard let code = UInt16(numbers[0], radix: 16), let state = Int32(numbers[1]) else {
                    throw error(.nonNumericField, expected, text, "\(tag) takes a hex code and a decimal state")
                }
                if tag == "L:" { leds[code] = state } else { switches[code] = state }
            case "N:", "I:":
                throw error(.malformedLine, "P:, B:, A:, L:, S: or E: line", text, "a second device description; one file holds one device")
            default:
                if lastLine { throw error(.truncated, "a description line or 'E: …'", text, "the file ends mid-line; it was cut short") }
                throw error(.malformedLine, "P:, B:, A:, L:, S: or E: line", text, "evemu description lines start with a tag letter and a colon")
            }
        }
    }

    /// Mask lines per `P:` or per `B:` type: 1024 lines × 64 bits cover codes 0…0xffff,
    /// the whole `UInt16` range; a 1025th line would name codes that cannot exist.
    static let maximumMaskLines = 1024

    /// `# EVEMU 1.3` → `"1.3"`.
    static func versionLine(_ text: String) -> String? {
        guard text.hasPrefix("# EVEMU ") else { return nil }
        let rest = text.dropFirst(8).prefix { $0 != " " && $0 != "\t" }
        let parts = rest.split(separator: ".")
        guard parts.count == 2, Int(parts[0]) != nil, Int(parts[1]) != nil else { return nil }
        return String(rest)
    }

    static func stripComment(_ text: String) -> Substring {
        guard let hash = text.firstIndex(of: "#") else { return Substring(text) }
        return text[..<hash]
    }

    /// A data line's fields: the text before its trailing comment, split at spaces and tabs.
    ///
    /// By Characters, as the description has always been read: a `#` or a space followed
    /// by a combining mark is one Character, neither a comment nor a separator. An ASCII
    /// line (every real description's) is split by its bytes, which are its Characters
    /// there (the one cluster of two ASCII characters, `\r\n`, cannot be inside a line):
    /// the same fields, without the grapheme breaking that made a data line cost about
    /// 10 k instructions, most of opening a short recording (issue 26).
    static func fields(_ text: String) -> [String] {
        var bytes = text
        if let fields = bytes.withUTF8({ asciiFields($0) }) { return fields }
        return stripComment(text).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// ``fields(_:)`` of an ASCII line's bytes; `nil` when a byte is not ASCII.
    private static func asciiFields(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        for byte in bytes where byte >= 0x80 { return nil }
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        var fields: [String] = []
        fields.reserveCapacity(10)
        var start: Int?
        for i in 0..<end {
            if bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") {
                if let first = start {
                    fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<i]), as: UTF8.self))
                    start = nil
                }
            } else if start == nil {
                start = i
            }
        }
        if let first = start {
            fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self))
        }
        return fields
    }

    static func maskBytes(
        _ numbers: [String], count: Int, expected: String,
        error: (RecordingError.Kind, String, String?, String) -> RecordingError, lastLine: Bool
    ) throws(RecordingError) -> [UInt8] {
        guard numbers.count == count else {
            throw error(lastLine ? .truncated : .malformedLine, expected, numbers.joined(separator: " "), "mask lines hold exactly \(count) hex bytes")
        }
        var bytes: [UInt8] = []
        for number in numbers {
            guard let v = UInt8(number, radix: 16) else {
                throw error(lastLine ? .truncated : .nonNumericField, expected, number, "'\(RecordingError.excerpt(number))' is not a hexadecimal byte")
            }
            bytes.append(v)
        }
        return bytes
    }
}
