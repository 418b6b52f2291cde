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
}
