import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// Hand-written captures in the shapes docs/getevent-format.md §10 found in public
/// captures: each quirk read, each malformed capture refused with its line.
@Suite struct GeteventCaptureTests {
    static let touchListing = [
        "add device 2: /dev/input/event2",
        "  name:     \"goodix_ts\"",
        "  events:",
        "    KEY (0001): BTN_TOUCH             BTN_TOOL_FINGER",
        "    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0",
        "                ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0",
        "                ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0",
        "                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0",
        "  input props:",
        "    INPUT_PROP_DIRECT",
    ]
    static let keysListing = [
        "add device 1: /dev/input/event3",
        "  name:     \"gpio-keys\"",
        "  events:",
        "    KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP          KEY_POWER*",
        "  input props:",
        "    <none>",
    ]

    static func time(_ s: UInt64, _ us: UInt32) -> EventTime { EventTime(seconds: s, microseconds: us) }
    static func read(_ lines: [String], separator: String = "\n", name: String = "c.getevent", deviceIndex: Int? = nil) throws -> Recording {
        try RecordingReader.read(path: TestSupport.write(lines.joined(separator: separator) + separator, name: name), deviceIndex: deviceIndex)
    }
    static func expectError(_ kind: RecordingError.Kind, line: Int?, hint: String? = nil, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected a \(kind) error")
        } catch let error as RecordingError {
            #expect(error.kind == kind, "\(error)")
            #expect(error.line == line, "\(error)")
            if let hint { #expect(error.hint.contains(hint) || (error.found ?? "").contains(hint), "\(error)") }
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// All-devices `-lp` then `-lt` through a pty: CRLF, stderr lines between the blocks,
    /// the capture's own `add device` lines again, path prefixes, another device's events,
    /// trailing spaces trimmed, a `-r` rate suffix, `ffffffff` as -1.
    @Test func severalDevicesThroughAPty() throws {
        let lines = ["could not get driver version for /dev/input/mice, Not a typewriter"] + Self.keysListing
            + ["could not get driver version for /dev/input/mouse0, Not a typewriter"] + Self.touchListing + [
            "add device 1: /dev/input/event3",
            "  name:     \"gpio-keys\"",
            "add device 2: /dev/input/event2",
            "  name:     \"goodix_ts\"",
            "[   53890.813990] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000000",
            "[   53890.813990] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000001be",
            "[   53890.813990] /dev/input/event3: EV_KEY       KEY_VOLUMEDOWN       DOWN",
            "[   53890.813990] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN                ",
            "[   53890.813990] /dev/input/event2: EV_SYN       SYN_REPORT           00000000",
            "[   53890.830011] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff",
            "[   53890.830011] /dev/input/event2: EV_SYN       SYN_REPORT           00000000             rate 62",
        ]
        let recording = try Self.read(lines, separator: "\r\n")
        #expect(recording.description.name == "goodix_ts")
        #expect(recording.description.absInfo[EventCodes.ABS_MT_POSITION_Y] == AbsInfo(minimum: 0, maximum: 2339))
        #expect(recording.description.properties == [InputProperty.direct])
        #expect(recording.description.codes[0] == GeteventFormatter.defaultSynCodes)
        #expect(recording.description.classification.kind == .touchscreen)
        #expect(recording.metadata.deviceNode == "/dev/input/event2")
        #expect(recording.metadata.deviceIndex == 1 && recording.metadata.deviceCount == 2)
        let t0 = Self.time(53890, 813990), t1 = Self.time(53890, 830011)
        #expect(recording.events == [
            InputEvent(time: t0, type: .abs, code: 0x39, value: 0), InputEvent(time: t0, type: .abs, code: 0x35, value: 0x1be),
            InputEvent(time: t0, type: .key, code: 0x14a, value: 1), InputEvent(time: t0, type: .syn, code: 0, value: 0),
            InputEvent(time: t1, type: .abs, code: 0x39, value: -1), InputEvent(time: t1, type: .syn, code: 0, value: 0),
        ])
        // --device 0 takes the keys instead.
        let keys = try Self.read(lines, separator: "\r\n", deviceIndex: 0)
        #expect(keys.description.name == "gpio-keys")
        #expect(keys.events == [InputEvent(time: t0, type: .key, code: 114, value: 1)])
    }

    /// `-t` without `-l`, single device (no path), type A, its `-p` listing (hex codes)
    /// in a file of its own: paired explicitly and by name beside it.
    @Test func plainCaptureWithItsDescriptionBeside() throws {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write([
            "add device 1: /dev/input/event1",
            "  name:     \"mtk-tpd\"",
            "  events:",
            "    KEY (0001): 014a ",
            "    ABS (0003): 0030  : value 0, min 0, max 100, fuzz 0, flat 0, resolution 0",
            "                0035  : value 0, min 0, max 719, fuzz 0, flat 0, resolution 0",
            "                0036  : value 0, min 0, max 1279, fuzz 0, flat 0, resolution 0",
            "  input props:",
            "    0001",
        ].joined(separator: "\n") + "\n", name: "phone.getevent", in: dir)
        TestSupport.write([
            "[   53890.813990] 0001 014a 00000001",
            "[   53890.813990] 0003 0035 000001be",
            "[   53890.813990] 0003 0036 00000300",
            "[   53890.813990] 0000 0002 00000000",
            "[   53890.813990] 0000 0000 00000000",
        ].joined(separator: "\n") + "\n", name: "phone.tap.getevent", in: dir)
        let beside = try RecordingReader.read(path: dir + "/phone.tap.getevent")
        #expect(beside.source.descriptionPath == dir + "/phone.getevent")
        #expect(beside.description.name == "mtk-tpd")
        #expect(beside.description.classification.touchProtocol.name == "A")
        #expect(beside.events.count == 5)
        #expect(beside.events[2] == InputEvent(time: Self.time(53890, 813990), type: .abs, code: 0x36, value: 0x300))
        let selection = try RecordingSelection([dir + "/phone.getevent", dir + "/phone.tap.getevent"])
        #expect(selection.sources == [RecordingSource(eventsPath: dir + "/phone.tap.getevent", descriptionPath: dir + "/phone.getevent", format: .getevent)])
        // A folder: the description is not a recording of its own.
        #expect(try RecordingSelection([dir]).sources.map(\.eventsPath) == [dir + "/phone.tap.getevent"])
    }

    /// All-devices `-lt` (names only, path prefixes, type A with `MT_TOOL_FINGER`, the last
    /// line cut by Ctrl-C) with the touch device's `-lp` block in a file of its own: the
    /// capture's device numbers are kept.
    @Test func allDevicesCaptureWithADescriptionFile() throws {
        let dir = TestSupport.temporaryDirectory()
        TestSupport.write(Self.touchListing.map { $0.replacingOccurrences(of: "event2", with: "event8") }.joined(separator: "\n") + "\n",
                          name: "sony.getevent", in: dir)
        let t = "[  237316.996808] /dev/input/event8: "
        TestSupport.write(["add device 1: /dev/input/event10", "  name:     \"Button Jack\"",
                           "add device 2: /dev/input/event9", "  name:     \"Headset Jack\"",
                           "add device 3: /dev/input/event8", "  name:     \"clearpad\"",
                           "could not get driver version for /dev/input/mouse0, Not a typewriter",
                           t + "EV_ABS       ABS_MT_TRACKING_ID   00000000            ",
                           t + "EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_FINGER      ",
                           t + "EV_SYN       SYN_MT_REPORT        00000000            ",
                           t + "EV_SYN       SYN_REPORT           00000000            ",
                           "[  237317.186653] /dev/input/event8: EV_SYN       SYN_REP"].joined(separator: "\n"),
                          name: "sony.swipe.getevent", in: dir)
        let recording = try RecordingReader.read(path: dir + "/sony.swipe.getevent")
        #expect(recording.description.name == "goodix_ts")
        #expect(recording.metadata.deviceIndex == 2 && recording.metadata.deviceCount == 3)
        #expect(recording.events.map(\.value) == [0, 0, 0, 0])
        #expect(recording.events[1].code == EventCodes.ABS_MT_TOOL_TYPE)
        #expect(recording.notes.first?.hasPrefix("truncated at line 12, after event 4") == true)
    }

    /// The old `sec-usec:` timestamps (microseconds not zero-padded), a UTF-8 BOM, the old
    /// ABS suffix (`fuzz 0 flat 0`, no resolution), names an older Android prints
    /// (`BTN_LEFT` where new ones print `BTN_MOUSE`), a name cut to 20 characters.
    @Test func oldFormsAndNames() throws {
        let recording = try Self.read([
            "\u{FEFF}add device 1: /dev/input/event2",
            "  name:     \"old\"",
            "  events:",
            "    KEY (0001): BTN_LEFT              BTN_TOUCH",
            "    ABS (0003): ABS_X                 : value 0, min 0, max 480, fuzz 0 flat 0",
            "                ABS_Y                 : value 0, min 0, max 800, fuzz 0 flat 0",
            "    SW  (0005): SW_JACK_PHYSICAL_INS* ",
            "1357751027-90934: /dev/input/event2: 0003 0000 000001a4",
            "1357751027-90934: /dev/input/event2: EV_KEY       BTN_MOUSE            DOWN",
            "1357751027-90934: /dev/input/event2: 0000 0000 00000000",
        ])
        #expect(recording.description.codes[1] == [0x110, 0x14a])
        #expect(recording.description.switchStates == [7: 1])
        #expect(recording.description.absInfo[0] == AbsInfo(minimum: 0, maximum: 480))
        #expect(recording.events.map(\.time) == Array(repeating: Self.time(1357751027, 90934), count: 3))
        #expect(recording.events[1] == InputEvent(time: Self.time(1357751027, 90934), type: .key, code: 0x110, value: 1))
    }

    /// Lines an 80-column terminal wrapped (copied from a terminal or an issue): an
    /// event line and an axis line, each joined back.
    @Test func wrappedLinesAreJoined() throws {
        let recording = try Self.read(Array(Self.touchListing.prefix(5)) + [
            "                ABS_MT_POSITION_X     : value 0, min 0, max 10",
            "79, fuzz 0, flat 0, resolution 0",
        ] + Array(Self.touchListing.dropFirst(6)) + [
            "[   53890.813990] EV_ABS       ABS_MT_TRACKING_ID   00000000",
            "[   53890.813990] EV_ABS       ABS_MT_POSI",
            "TION_X    000001be",
            "[   53890.813990] EV_SYN       SYN_REPORT           00000000",
        ])
        #expect(recording.description.absInfo[0x35] == AbsInfo(minimum: 0, maximum: 1079))
        #expect(recording.events.map(\.code) == [0x39, 0x35, 0])
        #expect(recording.events[1].value == 0x1be)
    }

    // MARK: malformed captures: a typed error naming the line

    @Test func aCutLineInTheMiddle() {
        Self.expectError(.malformedLine, line: 12, hint: "[   53890.81") {
            _ = try Self.read(Self.touchListing + ["[   53890.813990] EV_ABS       ABS_MT_TRACKING_ID   00000000", "[   53890.81",
                                                   "[   53890.813990] EV_SYN       SYN_REPORT           00000000"])
        }
    }

    @Test func aCutLastLineIsDroppedAndReported() throws {
        let path = TestSupport.write((Self.touchListing + ["[   53890.813990] EV_SYN       SYN_REPORT           00000000", "[   53890.8"]).joined(separator: "\n"),
                                     name: "cut.getevent")
        let recording = try RecordingReader.read(path: path)
        #expect(recording.events.count == 1)
        #expect(recording.notes.first?.hasPrefix("truncated at line 12, after event 1") == true)
    }

    @Test func anUnknownLabel() {
        Self.expectError(.malformedLine, line: 11, hint: "unknown code name 'ABS_MT_POSITON_X'") {
            _ = try Self.read(Self.touchListing + ["[   53890.813990] EV_ABS       ABS_MT_POSITON_X     00000000"])
        }
        Self.expectError(.malformedLine, line: 4, hint: "BTN_TUOCH") {
            _ = try Self.read(Self.touchListing.map { $0.replacingOccurrences(of: "BTN_TOUCH", with: "BTN_TUOCH") })
        }
    }

    /// A type above EV_MAX in the listing (found by `tools/fuzz getevent`, kept as
    /// `Tests/FuzzCorpus/getevent/crash-46055075…`: `KEY (4000)` read, and the evemu file it
    /// converted to did not, as evemu's reader refuses such a type).
    @Test func aTypeAboveEV_MAXIsOutOfRange() {
        Self.expectError(.valueOutOfRange, line: 5, hint: "event type 0020 does not exist") {
            _ = try Self.read(Array(Self.touchListing.prefix(4)) + ["    ???? (0020): 0001"] + Array(Self.touchListing.dropFirst(4)))
        }
        Self.expectError(.valueOutOfRange, line: 4, hint: "event type 4000 does not exist") {
            _ = try Self.read(Self.touchListing.map { $0.replacingOccurrences(of: "KEY (0001): BTN_TOUCH", with: "KEY (4000): 7474") })
        }
    }

    @Test func anAmbiguousCutLabel() {
        Self.expectError(.malformedLine, line: 11, hint: "KEY_KBDINPUTASSIST_PREV, KEY_KBDINPUTASSIST_PREVGROUP") {
            _ = try Self.read(Self.touchListing + ["[   53890.813990] EV_KEY       KEY_KBDINPUTASSIST_P DOWN"])
        }
    }

    @Test func aCaptureWithNoTouchDevice() {
        let other = Self.keysListing.map { $0.replacingOccurrences(of: "event3", with: "event4").replacingOccurrences(of: "gpio-keys", with: "headset") }
        Self.expectError(.noTouchDevice, line: 1, hint: "gpio-keys") {
            _ = try Self.read(Self.keysListing + other + ["[   1.000000] /dev/input/event3: EV_KEY       KEY_POWER            DOWN"])
        }
    }

    @Test func aDeviceAddedMidCapture() {
        Self.expectError(.malformedLine, line: 12, hint: "added mid-capture") {
            _ = try Self.read(Self.touchListing.map { $0.replacingOccurrences(of: "add device 2", with: "add device 1") } + [
                "[   53890.813990] /dev/input/event2: EV_SYN       SYN_REPORT           00000000",
                "add device 3: /dev/input/event7",
                "  name:     \"BT keyboard\"",
            ])
        }
    }

    @Test func eventsWithoutTimes() {
        Self.expectError(.malformedLine, line: 11, hint: "getevent -lt") {
            _ = try Self.read(Self.touchListing + ["EV_SYN       SYN_REPORT           00000000"])
        }
    }

    @Test func eventsWithNoDescription() {
        Self.expectError(.missingDescription, line: 1, hint: "getevent -lp") {
            _ = try Self.read(["add device 2: /dev/input/event2", "  name:     \"goodix_ts\"",
                               "[   1.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000"])
        }
    }

    @Test func twoCapturesSpliced() {
        Self.expectError(.malformedLine, line: 12, hint: "mixed") {
            _ = try Self.read(Self.touchListing + ["[   1.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000",
                                                   "[   1.000000] EV_SYN       SYN_REPORT           00000000"])
        }
    }

    @Test func utf16IsRefused() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "add device 1: /dev/input/event2\n".utf16 { bytes += [UInt8(unit & 0xff), UInt8(unit >> 8)] }
        let path = TestSupport.write(bytes: bytes, name: "ps.getevent")
        #expect(throws: RecordingError.self) { try RecordingReader.read(path: path) }
    }
}
