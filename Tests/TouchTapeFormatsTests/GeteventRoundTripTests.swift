import Foundation
import Testing
import TouchTapeTestSupport
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// Every bundled and peer recording written as a getevent capture reads back as itself,
/// and the round trips evemu → getevent → evemu and getevent → evemu → getevent give
/// the same bytes.
@Suite struct GeteventRoundTripTests {
    /// `Recordings/*.evemu|yml` and the peer recordings (evemu, split and whole).
    static let recordings: [String] = {
        let bundled = ((try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.recordings.path)) ?? [])
            .filter { RecordingFormat(path: $0) != nil }.sorted().map { PackagePaths.recordings.path + "/" + $0 }
        return bundled + PeerRecordingTests.expectations.map { TestSupport.peer($0.file) }
    }()

    @Test func thereAreRecordingsOfBothKinds() {
        #expect(Self.recordings.filter { $0.contains("/Recordings/") }.count >= 10)
        #expect(Self.recordings.filter { $0.contains("peer-recordings") }.count >= 7)
        #expect(Self.recordings.contains { $0.hasSuffix(".yml") })
    }

    @Test(arguments: recordings)
    func evemuToGeteventToEvemuIsExact(_ path: String) throws {
        let original = try RecordingReader.read(path: path)
        let dir = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let capture = original.formatted(as: .getevent)
        let read = try RecordingReader.read(path: TestSupport.write(capture, name: "capture.getevent", in: dir))
        #expect(read.description == original.description)
        #expect(read.events == original.events)
        #expect(read.annotations == original.annotations)
        #expect(read.notes.isEmpty)
        #expect(read.metadata.writtenByTouchTape)
        // evemu → getevent → evemu: byte for byte.
        let evemu = original.formatted(as: .evemu)
        #expect(read.formatted(as: .evemu) == evemu)
        // getevent → evemu → getevent: byte for byte (evemu has no device node: a libinput
        // recording's node comes back as getevent's default).
        let viaEvemu = try RecordingReader.read(path: TestSupport.write(evemu, name: "via.evemu", in: dir))
        var expected = capture
        if let node = original.metadata.deviceNode {
            expected = expected.replacingOccurrences(of: "add device 1: \(node)\n", with: "add device 1: \(GeteventFormatter.defaultNode)\n")
        }
        #expect(viaEvemu.formatted(as: .getevent) == expected)
    }

    /// libinput record → getevent → libinput record keeps the node too (getevent's `add device` line).
    @Test func libinputKeepsItsNodeThroughGetevent() throws {
        let path = PackagePaths.recordings.path + "/touchpad-two-finger-pan-finish.yml"
        let original = try RecordingReader.read(path: path)
        let read = try RecordingReader.read(path: TestSupport.write(original.formatted(as: .getevent), name: "pad.getevent"))
        #expect(read.metadata.deviceNode == original.metadata.deviceNode)
        #expect(read.description == original.description)
        #expect(read.events == original.events)
    }

    /// The printf widths of docs/getevent-format.md §3-4, checked against the doc's examples.
    @Test func linesHaveGeteventsWidths() {
        func line(_ seconds: UInt64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> String {
            GeteventFormatter.line(for: InputEvent(time: EventTime(seconds: seconds, microseconds: 42), type: type, code: code, value: value))
        }
        #expect(line(5, 3, 0x39, -1) == "[       5.000042] EV_ABS       ABS_MT_TRACKING_ID   ffffffff            \n")
        #expect(line(53890, 1, 0x14a, 1) == "[   53890.000042] EV_KEY       BTN_TOUCH            DOWN                \n")
        #expect(line(1427877119, 1, 0x14a, 5) == "[1427877119.000042] EV_KEY       BTN_TOUCH            00000005            \n")
        #expect(line(5, 3, 0x37, 0) == "[       5.000042] EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_FINGER      \n")
        #expect(line(5, 3, 0x3e, 9) == "[       5.000042] EV_ABS       003e                 00000009            \n")
        #expect(line(5, 0x18, 1, 2) == "[       5.000042] 0018         0001                 00000002            \n")
        #expect(line(5, 1, 0x110, 1) == "[       5.000042] EV_KEY       BTN_MOUSE            DOWN                \n")
        #expect(line(5, 1, 0x140, 1) == "[       5.000042] EV_KEY       BTN_DIGI             DOWN                \n")
        #expect(line(5, 0, 3, 0) == "[       5.000042] EV_SYN       SYN_DROPPED          00000000            \n")
        let jack = DeviceDescription(name: "jack", id: InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                                     codes: [5: [2, 4, 6, 7, 0x10]], switchStates: [2: 1])
        let first = "    SW  (0005): SW_HEADPHONE_INSERT*  SW_MICROPHONE_INSERT  SW_LINEOUT_INSERT     SW_JACK_PHYSICAL_INS    "
        let second = String(repeating: " ", count: 15) + " SW_MACHINE_COVER     "
        #expect(GeteventFormatter.possibleEvents(jack) == "  events:\n" + first + "\n" + second + "\n")
        // A name that, cut to 20, names several codes is written in hex so it reads back.
        #expect(GeteventFormatter.body(type: 1, code: 0x260, value: 1).hasPrefix("EV_KEY       0260                 DOWN"))
    }

    /// The event lines written as bytes (issue 26) are ``GeteventFormatter/line(for:)``'s,
    /// byte for byte: every type and code of getevent's tables and codes without a name,
    /// key values and tool types named or not, negative and wide values, times from 0 to
    /// past getevent's eight columns, in one call and split over calls, more (type, code)
    /// pairs than the formatter keeps.
    @Test func theByteWriterWritesWhatLineForWrites() {
        var events: [InputEvent] = []
        let seconds: [UInt64] = [0, 5, 53890, 99_999_999, 1_427_877_119, EventTime.maximumSeconds]
        for type in UInt16(0)...0x1f {
            for code in UInt16(0)...0x2ff where code < 0x50 || code % 7 == 0 || (type == 1 && code >= 0x100) {
                let values: [Int32] = [0, 1, 2, 3, -1, Int32.min, Int32.max, Int32(truncatingIfNeeded: 0x9E37_79B9 &* UInt32(code + type))]
                let value = values[Int(code) % values.count]
                let time = EventTime(seconds: seconds[Int(code + type) % seconds.count], microseconds: UInt32(code) * 1303 % 1_000_000)
                events.append(InputEvent(time: time, type: type, code: code, value: value))
            }
        }
        for value in Int32(-2)...20 { events.append(InputEvent(time: .zero, type: 3, code: 0x37, value: value)) }
        #expect(events.count > GeteventFormatter.LinePrefixes.capacity * 4)
        let expected = events.map(GeteventFormatter.line(for:)).joined()
        var formatter = GeteventFormatter(description: DeviceDescription(name: "x", id: InputID(bustype: 0, vendor: 0, product: 0, version: 0)),
                                          metadata: RecordingMetadata())
        #expect(formatter.format(events) == expected)
        // Split over calls (the formatter keeps its prefixes and scratch between them).
        var bytes: [UInt8] = []
        for start in stride(from: 0, to: events.count, by: 97) {
            formatter.append(events[start..<min(start + 97, events.count)], to: &bytes)
        }
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }
}
