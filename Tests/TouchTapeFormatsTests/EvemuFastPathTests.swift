import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// Issue 26: most event lines are read and parsed in one pass
/// (``LineReader/nextCanonicalEventLine()``); every other line takes the general path.
/// Whichever path reads a line, the stream must give what ``EvemuEventLine/parse(_:)``
/// gives for it, with the same line numbers and byte counts.
@Suite struct EvemuFastPathTests {
    static let header = "# EVEMU 1.3\nN: X\nI: 0003 0001 0002 0001\nP: 00 00 00 00 00 00 00 00\n"

    /// Event lines in and near the one-pass form: single spaces, padded and unpadded,
    /// letters in either case, signs, the range limits, and what only the general path reads.
    static let lines = [
        "E: 1.000000 0003 0035 0408", "E: 0.0 0 0 0", "E: 1357751027.090934 0003 0039 1",
        "E: 9007199254.999999 ffff FFFF 2147483647", "E: 12.5 0003 002F -2147483648",
        "E: 12.000005 0003 002f -001", "E: 0.000001 0000 0000 0000",
        // The general path's: several spaces, tabs, a comment, a '+', five hex digits, CR.
        "E:  1.000000 0003 0035 0408", "E: 1.000000\t0003 0035 0408", "E: 1.000000 0003 0035 0408 # c",
        "E: 1.000000 0003 0035 +408", "E: 1.000000 00003 0035 0408", "E: 1.000000 0003 0035 0408 ",
        "E: 1.000000 0003 0035 0408\r", "E: 0000000000001.000000 0003 0035 0408",
        // The comments evemu-record and TouchTape write after every event, and their kin
        // (one pass since the comment is read there too).
        "E: 0.000001 0003 0039 0000\t# EV_ABS / ABS_MT_TRACKING_ID   0",
        "E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms",
        "E: 1.000000 0003 0035 -001\t#", "E: 1.000000 0003 0035 0408#x", "E: 1.000000 0003 0035 0408\t# CR\r",
        "E: 1.000000 0003 0035 0408 \t # two # hashes, caf\u{E9} \u{2192}", "E: 1.000000 0003 0035 0408 #\r\r",
    ]

    static func events(_ text: String) throws(RecordingError) -> (events: [InputEvent], lines: [Int]) {
        let stream = try RecordingStream(path: TestSupport.write(text, name: "fast.evemu"))
        var events: [InputEvent] = [], lines: [Int] = []
        while let item = try stream.next() {
            if case .event(let e) = item { events.append(e); lines.append(stream.line ?? -1) }
        }
        return (events, lines)
    }

    static func parsed(_ line: String) -> InputEvent? {
        var bytes = Array(line.utf8)
        while bytes.last == 0x0D { bytes.removeLast() }   // CR LF and CR CR LF end a line alike
        return bytes.withUnsafeBufferPointer { try? EvemuEventLine.parse($0).get() }
    }

    @Test func bothPathsReadTheSameEvents() throws {
        let read = try Self.events(Self.header + Self.lines.joined(separator: "\n") + "\n")
        #expect(read.events == Self.lines.map { Self.parsed($0)! })
        #expect(read.lines == Array(5..<(5 + Self.lines.count)))
    }

    @Test func linesAcrossChunkBoundariesAndTheLastLine() throws {
        // 200 000 lines (several 64 KiB chunks, lines cut at every offset), with the
        // general path's lines among them, the last line unterminated.
        var lines: [String] = []
        for k in 0..<200_000 {
            lines.append(k % 97 == 0 ? Self.lines[k % Self.lines.count]
                                     : "E: \(k / 1000).\(String(format: "%06d", k % 1_000_000)) 0003 \(String(format: "%04x", k % 0x40)) \(k % 3 == 0 ? "-" : "")\(k)")
        }
        let read = try Self.events(Self.header + lines.joined(separator: "\n"))
        #expect(read.events.count == lines.count)
        #expect(read.events == lines.map { Self.parsed($0)! })
        #expect(read.lines.last == 4 + lines.count)
    }

    /// What the one-pass form does not take is read by the general path, and what that
    /// refuses is still an error at its line: out-of-range and malformed fields, and in a
    /// comment a NUL byte or a line longer than ``LineReader/maximumLineLength`` (though it
    /// fits the reader's buffer).
    @Test func whatTheOnePassFormRefusesIsStillAnError() throws {
        let long = "E: 1.000000 0003 0035 0408\t# " + String(repeating: "x", count: LineReader.maximumLineLength)
        for (line, kind) in [("E: 1.0000000 0003 0035 0408", "valueOutOfRange"),
                             ("E: 9007199255.000000 0003 0035 0408", "valueOutOfRange"),
                             ("E: 1.000000 0003 0035 2147483648", "valueOutOfRange"),
                             ("E: 1.000000 0003 0035 04x8", "nonNumericField"),
                             ("E: 1.000000 0003 0035", "malformedLine"),
                             ("E: 1.000000 0003 0035 0408\t# a\u{0}b", "binary"), (long, "tooLarge")] {
            do {
                _ = try Self.events(Self.header + "E: 0.0 0 0 0\n" + line + "\nE: 0.0 0 0 0\n")
                Issue.record("\(line.prefix(40)) was read")
            } catch {
                #expect(error.kind.rawValue == kind, "\(line.prefix(40))")
                #expect(error.line == 6, "\(line.prefix(40))")
            }
        }
    }

    /// Random tails after a line's value (white space, `#`, CR, NUL, text, digits, a
    /// multibyte character), each in a file of its own between two plain lines: the line
    /// reads as the general path's parser reads it (``EvemuEventLine/parse(_:)``, the line
    /// without a CR before its newline), or is the same error at its line. The one-pass form
    /// takes many of them (the commented ones), and must not take one the parser refuses.
    @Test func randomTailsReadAsTheGeneralPathReadsThem() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let heads = ["E: 1.000000 0003 0035 0408", "E: 0.5 3 35 -12", "E: 12.000001 0000 0000 0000", "E: 7.000002 0001 014a 1"]
        let pieces = [" ", "\t", "#", "# EV_ABS / ABS_X    5", "x", "\r", "\u{0}", "\u{2192}", "5", "-", "  ", "#\r"]
        let plain = "E: 0.0 0 0 0"
        var read = 0, refused = 0
        for _ in 0..<3_000 {
            var line = heads[next(heads.count)]
            for _ in 0..<next(7) { line += pieces[next(pieces.count)] }
            let text = Self.header + plain + "\n" + line + "\n" + plain + "\n"
            // A CR before other bytes ends no line: the file's lines would end in CR alone, and
            // such a file is refused wherever the CR is (a CR or CRs just before the newline are CR LF).
            var bytes = Array(line.utf8)
            while bytes.last == 0x0D { bytes.removeLast() }
            let lone = bytes.contains(0x0D)
            do {
                let result = try Self.events(text)
                #expect(!lone, "a CR that ends no line was read: \(line.debugDescription)")
                #expect(!line.contains("\u{0}"), "a NUL was read: \(line.debugDescription)")
                #expect(result.events == [Self.parsed(plain)!, Self.parsed(line), Self.parsed(plain)!].compactMap { $0 },
                        "\(line.debugDescription)")
                #expect(Self.parsed(line) != nil, "read what the parser refuses: \(line.debugDescription)")
                read += 1
            } catch {
                #expect(error.line == 6, "\(line.debugDescription): \(error)")
                #expect(lone ? error.kind.rawValue == "malformedLine"
                             : line.contains("\u{0}") ? error.kind.rawValue == "binary" : Self.parsed(line) == nil,
                        "refused what the parser reads: \(line.debugDescription): \(error)")
                refused += 1
            }
        }
        #expect(read > 500 && refused > 500, "both outcomes are tried: \(read) read, \(refused) refused")
    }

    /// A commented line is read in one pass, and handed out again (``LineReader/pushBack()``)
    /// it is the line without its newline and the CR before it, as ``LineReader/nextLine()``
    /// gives it.
    @Test func aCommentedLineIsReadInOnePass() throws {
        let commented = ["E: 0.000001 0003 0039 0000\t# EV_ABS / ABS_MT_TRACKING_ID   0",
                         "E: 1.000000 0003 0035 0408 # CR\r", "E: 1.000000 0003 0035 -001#"]
        let text = "# header\n" + commented.joined(separator: "\n") + "\n"
        let reader = try LineReader(path: TestSupport.write(text, name: "commented.evemu"))
        _ = try reader.nextLine()
        for (k, line) in commented.enumerated() {
            let event = reader.nextCanonicalEventLine()
            #expect(event != nil && event == Self.parsed(line), "\(line.debugDescription)")
            #expect(reader.lineNumber == k + 2)
            reader.pushBack()
            let again = try reader.nextLine().map { String(decoding: $0, as: UTF8.self) }
            #expect(again == (line.hasSuffix("\r") ? String(line.dropLast()) : line))
        }
        #expect(reader.bytesSeen == text.utf8.count && reader.bytesSearched == text.utf8.count)
    }

    /// Commented lines over several chunks with a NUL in one far down: the lines before it
    /// are read (their comments searched for the newline alone, the chunks having been
    /// searched for NULs as they were read), and the NUL's line is the binary error, at its
    /// line, wherever the chunks fall.
    @Test func aNULFarDownIsFoundAfterCommentedLinesOverChunks() throws {
        for nulLine in [1, 2_500, 2_999] {
            var lines: [String] = []
            for k in 0..<3_000 {
                let comment = k == nulLine ? "# EV_ABS / ABS_MT_POSITION_X \u{0} \(k)" : "# EV_ABS / ABS_MT_POSITION_X    \(k)"
                lines.append("E: \(k / 1000).\(String(format: "%06d", k % 1_000_000)) 0003 0035 \(k)\t\(comment)")
            }
            do {
                let read = try Self.events(Self.header + lines.joined(separator: "\n") + "\n")
                Issue.record("\(read.events.count) events read past the NUL on line \(nulLine)")
            } catch {
                #expect(error.kind.rawValue == "binary" && error.line == 5 + nulLine, "NUL on line \(nulLine): \(error)")
            }
            let clean = try Self.events(Self.header + lines.prefix(nulLine).joined(separator: "\n") + "\n")
            #expect(clean.events == lines.prefix(nulLine).map { Self.parsed($0)! })
        }
    }

    @Test func theReaderCountsEveryByteOnce() throws {
        let text = Self.header + Self.lines.joined(separator: "\n") + "\n"
        let reader = try LineReader(path: TestSupport.write(text, name: "count.evemu"))
        var n = 0
        while true {
            if reader.nextCanonicalEventLine() != nil { n += 1; continue }
            guard try reader.nextLine() != nil else { break }
            n += 1
        }
        #expect(n == 4 + Self.lines.count && reader.lineNumber == n)
        #expect(reader.bytesSearched == text.utf8.count && reader.bytesSeen == text.utf8.count)
    }
}

/// Issue 26: libinput-record event rows read in one pass
/// (``LineReader/nextCanonicalLibinputRow()``) give what the row parser gives.
@Suite struct LibinputFastPathTests {
    static let header = """
        version: 1
        ndevices: 1
        devices:
        - node: /dev/input/event3
          evdev: {name: "Rows", id: [3, 1, 2, 3], codes: {0: [0], 3: [0, 1], 1: [330]}, absinfo: {0: [0, 10, 0, 0, 0], 1: [0, 10, 0, 0, 0]}, properties: [1]}
          udev: {properties: [ID_INPUT=1]}
          events:
          - evdev:

        """

    /// (row, the event's five numbers): padded as libinput writes them, unpadded, comments,
    /// negatives, the range limits, a CR, and what only the general path reads.
    static let rows: [(String, [Int64])] = [
        ("    - [  1,      0,   3,  47,       0] # EV_ABS / ABS_MT_SLOT          0", [1, 0, 3, 47, 0]),
        ("    - [0,0,0,0,0]", [0, 0, 0, 0, 0]),
        ("    - [  12, 999999, 3, 57, -1]", [12, 999_999, 3, 57, -1]),
        ("    - [9007199254, 5, 65535, 65535, 2147483647]  # max", [9_007_199_254, 5, 65535, 65535, 2_147_483_647]),
        ("    - [3, 4, 1, 330, -2147483648]#", [3, 4, 1, 330, -2_147_483_648]),
        ("    - [3, 4, 1, 330, 1] # CR\r", [3, 4, 1, 330, 1]),
        ("    - [3, 4, 1, 330, 1]\r", [3, 4, 1, 330, 1]),
        ("    - [3, 4, 1, 330, 1]   ", [3, 4, 1, 330, 1]),
        ("    - [0000000000000000000003, 4, 1, 330, 1]", [3, 4, 1, 330, 1]),
    ]

    static func read(_ text: String) throws(RecordingError) -> (events: [InputEvent], lines: [Int]) {
        try TestSupport.streamedEvents(text, name: "rows.yml")
    }

    static func event(_ n: [Int64]) -> InputEvent {
        InputEvent(time: EventTime(seconds: UInt64(n[0]), microseconds: UInt32(n[1])),
                   type: UInt16(n[2]), code: UInt16(n[3]), value: Int32(n[4]))
    }

    @Test func bothPathsReadTheSameRows() throws {
        var lines: [String] = []
        for k in 0..<30_000 { lines.append(Self.rows[k % Self.rows.count].0) }
        let read = try Self.read(Self.header + lines.joined(separator: "\n") + "\n")
        #expect(read.events == (0..<30_000).map { Self.event(Self.rows[$0 % Self.rows.count].1) })
        #expect(read.lines.first == 9 && read.lines.last == 8 + lines.count)
    }

    @Test func outOfRangeRowsAreStillErrors() throws {
        for (row, kind) in [("    - [1, 1000000, 3, 0, 1]", "valueOutOfRange"),
                            ("    - [1, 0, 65536, 0, 1]", "valueOutOfRange"),
                            ("    - [1, 0, 3, 0, 2147483648]", "valueOutOfRange"),
                            ("    - [99999999999999999999, 0, 3, 0, 1]", "valueOutOfRange"),
                            ("    - [1, 0, 3, 0, 1] x", "nonNumericField"),
                            ("    - [1, 0, 3, 0]", "nonNumericField")] {
            do {
                _ = try Self.read(Self.header + "    - [0, 0, 0, 0, 0]\n" + row + "\n")
                Issue.record("\(row) was read")
            } catch {
                #expect(error.kind.rawValue == kind, "\(row)")
                #expect(error.line == 10, "\(row)")
            }
        }
    }

    /// The wide fixed-width fields read as words (``LineReader/paddedWord(_:width:)``) give
    /// what reading them byte by byte (`paddedField`, below) gives, for every field of 6 and
    /// 7 bytes over spaces, signs, digits and the bytes next to them, whatever comes before.
    @Test func paddedWordsAreThePaddedFields() {
        var mismatches: [[UInt8]] = []
        var checked = 0
        for (width, alphabet) in [(6, [0x20, 0x2D, 0x30, 0x35, 0x39, 0x2F, 0x3A, 0xB0] as [UInt8]),
                                  (7, [0x20, 0x2D, 0x30, 0x39, 0x3A, 0xB0])] {
            var field = [UInt8](repeating: 0x20, count: 8)
            let total = (0..<width).reduce(1) { acc, _ in acc * alphabet.count }
            for n in 0..<total {
                var rest = n
                for k in 0..<width { field[8 - width + k] = alphabet[rest % alphabet.count]; rest /= alphabet.count }
                for before in [UInt8(0x2C), 0x35] {
                    for k in 0..<(8 - width) { field[k] = before }
                    let word = field.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                    let expected = field.withUnsafeBufferPointer { paddedField($0.baseAddress! + 8 - width, width) }
                    if LineReader.paddedWord(word, width: width) != expected { mismatches.append(field) }
                    checked += 1
                }
            }
        }
        #expect(checked == 2 * (262_144 + 279_936))
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// ``LineReader/fourDigits(_:)`` against a byte loop: every four-digit text, and random
    /// words of digits, near-digits (`/`, `:`), letters, signs and spaces.
    @Test func fourDigitsIsTheByteLoop() {
        func loop(_ bytes: [UInt8]) -> UInt32? {
            var value: UInt32 = 0
            for b in bytes {
                guard b >= 0x30, b <= 0x39 else { return nil }
                value = value * 10 + UInt32(b - 0x30)
            }
            return value
        }
        func four(_ bytes: [UInt8]) -> UInt32? { bytes.withUnsafeBytes { LineReader.fourDigits($0.baseAddress!) } }
        var mismatches: [[UInt8]] = []
        for k in 0..<10_000 {
            let text = Array(String(format: "%04d", k).utf8)
            if four(text) != UInt32(k) { mismatches.append(text) }
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let pool = Array("0123456789/:-+ aA\t\n".utf8) + [0x00, 0x80, 0xB0, 0x39 | 0x80]
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bytes = (0..<4).map { k in pool[Int((state >> (8 + 12 * UInt64(k))) % UInt64(pool.count))] }
            if four(bytes) != loop(bytes) { mismatches.append(bytes) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// The word-at-a-time search for a row's newline (``LineReader/newlineBeforeAnyNUL(_:from:_:)``)
    /// against a byte loop: the first newline, `nil` after a NUL or without one, at any offset.
    @Test func newlineBeforeAnyNULIsTheByteLoops() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
        let bytes: [UInt8] = [0x20, 0x41, 0x23, 0x0A, 0x00, 0x80, 0x01, 0x0B, 0xFF, 0x09]
        var mismatches = 0
        for length in 0..<48 {
            for _ in 0..<300 {
                // Mostly text, a newline or NUL now and then.
                let line = (0..<length).map { _ in next() % 8 == 0 ? bytes[Int(next() % 10)] : bytes[Int(next() % 3)] }
                let from = length == 0 ? 0 : Int(next() % UInt64(length + 1))
                var expected: Int?
                for k in from..<length {
                    if line[k] == 0x0A { expected = k; break }
                    if line[k] == 0 { break }
                }
                let found = line.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { LineReader.newlineBeforeAnyNUL($0, from: from, length) } ?? nil
                }
                if found != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// Rows in libinput's fixed layout with every kind of wide field: the one-pass reading
    /// and the row parser agree, and the out-of-range ones are the same errors.
    @Test func fixedLayoutRowsWithSignsAndShortFields() throws {
        let rows: [(String, [Int64])] = [
            ("    - [  0,      0,   0,   0,       0] # EV_SYN / SYN_REPORT", [0, 0, 0, 0, 0]),
            ("    - [999, 999999, 999, 999, 9999999]", [999, 999_999, 999, 999, 9_999_999]),
            ("    - [  1,  12345,   3,  53, -999999] # EV_ABS", [1, 12345, 3, 53, -999_999]),
            ("    - [  1,      7,   3,  53,      -1]", [1, 7, 3, 53, -1]),
            ("    - [ 12, 100000,   1, 330,       1]", [12, 100_000, 1, 330, 1]),
            ("    - [  1,     -0,   3,  53,      -0]", [1, 0, 3, 53, 0]),
        ]
        let text = Self.header + rows.map(\.0).joined(separator: "\n") + "\n"
        #expect(try Self.read(text).events == rows.map { Self.event($0.1) })
        do {
            _ = try Self.read(Self.header + "    - [  0,      0,   0,   0,       0]\n    - [  1,    -12,   3,  53,       0]\n")
            Issue.record("a negative usec was read")
        } catch {
            #expect(error.kind == .valueOutOfRange && error.line == 10)
        }
        do {
            _ = try Self.read(Self.header + "    - [  1,     1-2,   3,  53,       0]\n")
            Issue.record("1-2 was read")
        } catch {
            #expect(error.kind == .nonNumericField && error.line == 9)
        }
    }

    @Test func aNULInACommentIsBinary() throws {
        do {
            _ = try Self.read(Self.header + "    - [0, 0, 0, 0, 0] # a\u{0}b\n")
            Issue.record("a NUL byte was read")
        } catch {
            #expect(error.kind == .binary)
        }
    }
}

/// The fixed-width field read byte by byte, the reference ``LineReader/paddedWord(_:width:)``
/// is held to: a number right-aligned in `width` bytes (spaces, an optional `-`, then at
/// least one digit up to the field's end); `nil` otherwise.
private func paddedField(_ p: UnsafePointer<UInt8>, _ width: Int) -> Int64? {
    // The field's last byte is always a digit: the spaces before the number end at the
    // first byte that is not one (at most `width - 1` steps, so no bound is needed).
    guard p[width &- 1] &- 0x30 < 10 else { return nil }
    var i = 0
    while p[i] == 0x20 { i &+= 1 }
    let negative = p[i] == 0x2D
    if negative { i &+= 1 }
    var value: Int64 = 0
    while i < width {
        let d = p[i] &- 0x30
        guard d < 10 else { return nil }
        value = value &* 10 &+ Int64(d)
        i &+= 1
    }
    return negative ? -value : value
}
