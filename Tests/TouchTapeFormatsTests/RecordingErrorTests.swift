import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeTestSupport
@testable import TouchTapeFormats

/// One test per kind of bad input: kind, line (or event index) and file name.
@Suite struct RecordingErrorTests {
    /// A minimal complete evemu 1.3 file: 7 lines of description (lines 1–7), then events from line 8.
    static let description = """
        # EVEMU 1.3
        N: Test Touch
        I: 0018 0001 0002 0003
        P: 02 00 00 00 00 00 00 00
        B: 03 03 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        A: 00 0 1000 0 0 10

        """

    static func expectError(_ kind: RecordingError.Kind, line: Int?, eventIndex: Int?, file: String,
                            _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("expected \(kind), got no error", sourceLocation: sourceLocation)
        } catch let error as RecordingError {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.eventIndex == eventIndex, "\(error)", sourceLocation: sourceLocation)
            #expect(error.fileName == file, sourceLocation: sourceLocation)
            #expect(!error.hint.isEmpty, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func truncatedMidEventLine() throws {
        // Two good events (lines 8, 9), then line 10 cut after its type field, no newline: the
        // cut line is dropped and noted, the events before it are read (issue 9: nothing lost).
        let text = Self.description + "E: 0.000001 0003 0000 0005\nE: 0.000001 0000 0000 0000\nE: 0.000002 0003"
        let path = TestSupport.write(text, name: "cut.evemu")
        let read = try RecordingReader.read(path: path)
        #expect(read.events.count == 2)
        #expect(read.notes == ["truncated at line 10, after event 2: the file ends mid-line ('E: 0.000002 0003'); that line was dropped, so the last gesture may be incomplete and its label lost"])
    }

    @Test func truncatedMidDescription() {
        // The file stops after the name line (line 2): no I: line.
        let path = TestSupport.write("# EVEMU 1.3\nN: Test Touch\n", name: "cut-desc.evemu")
        Self.expectError(.truncated, line: 2, eventIndex: nil, file: "cut-desc.evemu") { _ = try RecordingReader.read(path: path) }
        // Cut inside the I: line itself (line 3 unterminated, 2 of 4 numbers).
        let midLine = TestSupport.write("# EVEMU 1.3\nN: Test Touch\nI: 0018 00", name: "cut-id.evemu")
        Self.expectError(.truncated, line: 3, eventIndex: nil, file: "cut-id.evemu") { _ = try RecordingReader.read(path: midLine) }
    }

    /// Lines that end in CR alone read as one line: every format says so at line 1, not
    /// "cut short"; CR LF (Windows) line ends read as before.
    @Test(arguments: ["evemu", "yml", "getevent"])
    func carriageReturnLineEndsAreNamed(format: String) throws {
        let source: String
        switch format {
        case "evemu": source = PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path
        case "yml": source = PackagePaths.recordings.appendingPathComponent("touchpad-two-finger-pan-finish.yml").path
        default: source = PackagePaths.packageRoot.appendingPathComponent("Tests/GeteventCaptures/protocol-a.getevent").path
        }
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let cr = TestSupport.write(text.replacingOccurrences(of: "\n", with: "\r"), name: "cr.\(format)")
        Self.expectError(.malformedLine, line: 1, eventIndex: nil, file: "cr.\(format)") { _ = try RecordingReader.read(path: cr) }
        let error = try #require(throws: RecordingError.self) { _ = try RecordingReader.read(path: cr) }
        #expect(error.hint.contains("CR alone") && error.hint.contains("tr '\\r' '\\n' < \(cr) > \(cr.dropLast(format.count))fixed.\(format)"),
                "\(error)")
        let events = try RecordingReader.read(path: source).events.count
        // CR LF (Windows) and CR CR LF (an old `adb shell`) end lines as LF does.
        for (name, end) in [("crlf", "\r\n"), ("crcrlf", "\r\r\n")] {
            let file = TestSupport.write(text.replacingOccurrences(of: "\n", with: end), name: "\(name).\(format)")
            #expect(try RecordingReader.read(path: file).events.count == events, "\(name)")
        }
        // One line deep in the file joined to the next by a lone CR: refused at that line (it
        // lost an event without a word), whatever comes before.
        var lines = text.components(separatedBy: "\n")
        let joined = lines.count - 20
        lines[joined] += "\r" + lines.remove(at: joined + 1)
        let mixed = TestSupport.write(lines.joined(separator: "\n"), name: "mixed.\(format)")
        Self.expectError(.malformedLine, line: joined + 1, eventIndex: nil, file: "mixed.\(format)") { _ = try RecordingReader.read(path: mixed) }
    }

    @Test func wrongHeader() {
        // Line 1 is neither a comment nor N: → wrong header at line 1.
        let path = TestSupport.write("hello world\nN: x\n", name: "hello.evemu")
        Self.expectError(.wrongHeader, line: 1, eventIndex: nil, file: "hello.evemu") { _ = try RecordingReader.read(path: path) }
        // libinput: version 2 on line 2.
        let yaml = TestSupport.write("# libinput record\nversion: 2\nndevices: 1\ndevices: []\n", name: "v2.yml")
        Self.expectError(.wrongHeader, line: 2, eventIndex: nil, file: "v2.yml") { _ = try RecordingReader.read(path: yaml) }
    }

    @Test func nonNumericField() {
        // Line 8 good (event 0), line 9 has a non-hex code: event index 1.
        let text = Self.description + "E: 0.000001 0003 0000 0005\nE: 0.1 0003 zz 5\n"
        let path = TestSupport.write(text, name: "zz.evemu")
        Self.expectError(.nonNumericField, line: 9, eventIndex: 1, file: "zz.evemu") { _ = try RecordingReader.read(path: path) }
        do {
            _ = try RecordingReader.read(path: path)
        } catch {
            #expect(error.description.hasPrefix(path + ":9: expected 'E: <sec>.<usec> <type> <code> <value>', found 'E: 0.1 0003 zz 5' (event 1)\n  hint: "))
        }
    }

    @Test func valueOutOfRange() {
        // 7 microsecond digits on line 8.
        let path = TestSupport.write(Self.description + "E: 0.1234567 0003 0000 5\n", name: "usec.evemu")
        Self.expectError(.valueOutOfRange, line: 8, eventIndex: 0, file: "usec.evemu") { _ = try RecordingReader.read(path: path) }
    }

    @Test func eventBeforeDescription() {
        // A version line claims a full file, but line 2 is already an event.
        let path = TestSupport.write("# EVEMU 1.3\nE: 0.000001 0000 0000 0000\nN: late\n", name: "early.evemu")
        Self.expectError(.eventBeforeDescription, line: 2, eventIndex: 0, file: "early.evemu") { _ = try RecordingReader.read(path: path) }
    }

    @Test func noTouchDevice() throws {
        // A keyboard: EV_KEY only, no touch axes → kind .other.
        let path = TestSupport.write("N: Keyboard\nI: 0003 0001 0001 0001\nB: 01 00 ff 00 00 00 00 00 00\nE: 0.000001 0000 0000 0000\n", name: "kbd.evemu")
        let recording = try RecordingReader.read(path: path)
        Self.expectError(.noTouchDevice, line: nil, eventIndex: nil, file: "kbd.evemu") { try recording.requireTouchDevice() }
    }

    /// The refusal names the condition that failed, quotes `expected` and `found` once each,
    /// and calls no pen single-touch.
    @Test(arguments: [
        (NonTouchDevices.touchMouse, "relative pointer axes REL_X/REL_Y with mouse buttons and no BTN_TOUCH: a touch mouse"),
        (NonTouchDevices.keyboardCoverPointer, "relative pointer axes REL_X/REL_Y with mouse buttons, and ABS_X/ABS_Y with no BTN_TOOL_FINGER"),
        (NonTouchDevices.penTablet, "a pen (BTN_TOOL_PEN, BTN_STYLUS)"),
    ])
    func noTouchDeviceNamesTheCondition(_ device: DeviceDescription, _ condition: String) throws {
        let text = EvemuFormatter(description: device, metadata: RecordingMetadata()).header() + "E: 0.000001 0000 0000 0000\n"
        let path = TestSupport.write(text, name: "device.evemu")
        let recording = try RecordingReader.read(path: path)
        #expect(recording.description == device)
        Self.expectError(.noTouchDevice, line: nil, eventIndex: nil, file: "device.evemu") { try recording.requireTouchDevice() }
        let error = try #require(throws: RecordingError.self) { try recording.requireTouchDevice() }
        let message = error.description
        #expect(message.contains(", found 'device \"\(device.name)\": \(condition)"), "\(message)")
        #expect(!message.contains("single-touch"), "\(message)")
        #expect(!message.contains("''"), "\(message)")
        // Two quoted pieces: expected and found.
        #expect(message.filter { $0 == "'" }.count == 4, "\(message)")
    }

    @Test func emptyFile() {
        let zero = TestSupport.write("", name: "zero.evemu")
        Self.expectError(.empty, line: nil, eventIndex: nil, file: "zero.evemu") { _ = try RecordingReader.read(path: zero) }
        let blank = TestSupport.write("\n  \n\n", name: "blank.yml")
        Self.expectError(.empty, line: nil, eventIndex: nil, file: "blank.yml") { _ = try RecordingReader.read(path: blank) }
    }

    @Test func binaryFile() {
        // NUL on line 1.
        let nul = TestSupport.write(bytes: [0x4E, 0x3A, 0x20, 0x00, 0x01, 0x0A], name: "nul.evemu")
        Self.expectError(.binary, line: 1, eventIndex: nil, file: "nul.evemu") { _ = try RecordingReader.read(path: nul) }
        // Invalid UTF-8 (0xff 0xfe) in the name line, line 1.
        let utf = TestSupport.write(bytes: Array("N: ".utf8) + [0xFF, 0xFE] + [0x0A], name: "bad.evemu")
        Self.expectError(.binary, line: 1, eventIndex: nil, file: "bad.evemu") { _ = try RecordingReader.read(path: utf) }
    }

    @Test func missingDescription() throws {
        let dir = TestSupport.temporaryDirectory()
        let path = TestSupport.write("E: 1.000001 0003 0000 5\nE: 1.000001 0000 0000 0\n", name: "Pad.hp.scroll.events", in: dir)
        Self.expectError(.missingDescription, line: 1, eventIndex: 0, file: "Pad.hp.scroll.events") { _ = try RecordingReader.read(path: path) }
        do { _ = try RecordingReader.read(path: path) } catch {
            #expect(error.hint.contains("Pad.hp.desc"))  // the name less its last two parts
        }
        // With the .desc beside it, the locator pairs them and the events read.
        TestSupport.write("N: Pad\nI: 0011 0002 0007 01b1\nB: 03 03 00 00 00 00 00 00 00\nA: 00 0 100 0 0\n", name: "Pad.hp.desc", in: dir)
        let recording = try RecordingReader.read(path: path)
        #expect(recording.events.count == 2)
        #expect(recording.description.name == "Pad")
    }

    @Test func unknownLibinputDevice() throws {
        let one = try RecordingReader.read(path: TestSupport.peer("EP0430M09.2-finger-scroll-down.events"))
        let path = TestSupport.write(one.formatted(as: .libinputRecord), name: "one.yml")
        // ndevices: 1 (line 3, after '# libinput record' and 'version: 1'), asking for device 3.
        Self.expectError(.unknownDevice, line: 3, eventIndex: nil, file: "one.yml") { _ = try RecordingReader.read(path: path, deviceIndex: 3) }
    }

    @Test func libinputRowErrors() throws {
        let one = try RecordingReader.read(path: TestSupport.peer("EP0430M09.2-finger-scroll-down.events"))
        let text = one.formatted(as: .libinputRecord)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstRow = try #require(lines.firstIndex { $0.hasPrefix("    - [") })
        // Second row (event 1) gets a letter in its code field; 1-based line = index + 1.
        lines[firstRow + 1] = "    - [  0,      1,   3,  5x,     4]"
        let bad = TestSupport.write(lines.joined(separator: "\n"), name: "row.yml")
        Self.expectError(.nonNumericField, line: firstRow + 2, eventIndex: 1, file: "row.yml") { _ = try RecordingReader.read(path: bad) }
        // Cut in the middle of the third row (event 2).
        let cut = lines[0...(firstRow + 1)].joined(separator: "\n").replacingOccurrences(of: "5x", with: "53") + "\n    - [  0,   "
        let cutPath = TestSupport.write(cut, name: "cut.yml")
        let read = try RecordingReader.read(path: cutPath)
        #expect(read.events.count == 2)
        #expect(read.notes.first?.hasPrefix("truncated at line \(firstRow + 3), after event 2: the file ends mid-line") == true, "\(read.notes)")
    }

    @Test func malformedYAML() {
        // Line 3 opens a flow list; line 4's block entry '-' is not allowed inside it (python's
        // yaml reports the same: "expected the node content, but found '-'", line 4).
        let path = TestSupport.write("version: 1\nndevices: 1\ndevices: [\n- a: {\n", name: "broken.yaml")
        Self.expectError(.malformedYAML, line: 4, eventIndex: nil, file: "broken.yaml") { _ = try RecordingReader.read(path: path) }
    }
}

/// A position axis with no range (minimum at or above maximum) is refused when the recording
/// is taken as a touch device: an inverted Y axis made the resolution fallback measure the
/// other axis, and every progress and velocity changed without a word. evemu and libinput
/// record say where the range is; a device's other axes are not judged. The error is at the
/// range's line, in each format, and in the `.desc` of a recording split in two.
@Test(arguments: [("A: 36 0 2335 0 0 16", "A: 36 2335 0 0 0 16", "ABS_MT_POSITION_Y from 2335 to 0", "its 'A: 36' line"),
                  ("A: 35 0 1087 0 0 16", "A: 35 0 0 0 0 16", "ABS_MT_POSITION_X from 0 to 0", "its 'A: 35' line")])
func aPositionAxisWithoutARangeIsRefused(good: String, bad: String, found: String, spot: String) throws {
    let original = try String(contentsOf: PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu"), encoding: .utf8)
    #expect(original.contains(good + "\n"))
    let damaged = original.replacingOccurrences(of: good + "\n", with: bad + "\n")
    let path = TestSupport.write(damaged, name: "axis.evemu")
    func failure(_ path: String) throws -> RecordingError {
        do { try RecordingStream(path: path).requireTouchDevice() } catch { return error }
        throw CancellationError()
    }
    /// The line (from 1) of `text` that `matches`.
    func line(in file: String, _ matches: (Substring) -> Bool) throws -> Int? {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex(where: matches).map { $0 + 1 }
    }
    let e = try failure(path)
    #expect(e.kind == .valueOutOfRange && e.found == found && e.hint.contains(spot), "\(e)")
    let badLine = try line(in: path) { $0 == bad }
    #expect(e.file == path && e.line != nil && e.line == badLine, "\(e)")
    // The same description in libinput record and in a getevent listing.
    let code = UInt16(good.split(separator: " ")[1], radix: 16)!
    let axis = found.split(separator: " ")[0]
    for (format, name, spot, isRange) in [
        (RecordingFormat.libinputRecord, "axis.yml", "its absinfo entry", { (l: Substring) in l.hasPrefix("      \(code): [") }),
        (.getevent, "axis.getevent", "its line in the device listing", { (l: Substring) in l.contains(axis + " ") && l.contains(" : value ") }),
    ] {
        var stream = try RecordingStream(path: path)
        let converted = TestSupport.temporaryDirectory() + "/" + name
        let output = try OutputFile(path: converted)
        try RecordingConversion.convert(&stream, to: format, output: output)
        try output.commit()
        let y = try failure(converted)
        #expect(y.kind == .valueOutOfRange && y.found == found && y.hint.contains(spot), "\(y)")
        let rangeLine = try line(in: converted, isRange)
        #expect(y.file == converted && y.line != nil && y.line == rangeLine, "\(y)")
    }
    // Split in two: the error is in the .desc, at the range's line there.
    let split = TestSupport.temporaryDirectory()
    let lines = damaged.split(separator: "\n", omittingEmptySubsequences: false)
    let firstEvent = try #require(lines.firstIndex { $0.hasPrefix("E: ") })
    let desc = split + "/axis.desc", events = split + "/axis.events"
    try (lines[..<firstEvent].joined(separator: "\n") + "\n").write(toFile: desc, atomically: true, encoding: .utf8)
    try lines[firstEvent...].joined(separator: "\n").write(toFile: events, atomically: true, encoding: .utf8)
    let d: RecordingError
    do {
        try RecordingStream(RecordingLocator.pair(descriptionPath: desc, eventsPath: events)).requireTouchDevice()
        Issue.record("the split recording was taken")
        return
    } catch { d = error }
    let descLine = try line(in: desc) { $0 == bad }
    #expect(d.file == desc && d.line != nil && d.line == descLine && !d.hint.contains("axis.desc"), "\(d)")
    // A range on an axis the frames are not read from (the pressure) is not judged.
    let pressure = original.replacingOccurrences(of: good + "\n", with: good + "\nA: 3a 10 5 0 0 0\n")
    try RecordingStream(path: TestSupport.write(pressure, name: "pressure.evemu")).requireTouchDevice()
}
