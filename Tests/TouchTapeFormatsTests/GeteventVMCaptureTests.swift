import Foundation
import Testing
import TouchTapeTestSupport
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// The getevent captures made in the VM from the project's own uinput devices
/// (Tests/GeteventCaptures/README.md): touchtape reads from each exactly what evemu-record
/// saw on the same device, and getevent → evemu → getevent gives the capture back.
@Suite struct GeteventVMCaptureTests {
    static let folder = PackagePaths.packageRoot.appendingPathComponent("Tests/GeteventCaptures").path
    static let captures: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".getevent") }.sorted()

    @Test func everyTestDeviceWasCaptured() {
        #expect(Self.captures == ["protocol-a.getevent", "protocol-b.getevent", "single-touch.getevent", "touchpad.getevent"])
    }

    @Test(arguments: captures)
    func readsWhatEvemuRecordSaw(_ name: String) throws {
        let capture = try RecordingReader.read(path: Self.folder + "/" + name)
        let evemu = try RecordingReader.read(path: Self.folder + "/" + name.replacingOccurrences(of: ".getevent", with: ".evemu-record.evemu"))
        #expect(capture.description == evemu.description)
        #expect(capture.events.count == evemu.events.count)
        #expect(capture.events.count > 100)
        // evemu-record writes times relative to its first event; getevent the kernel's.
        func relative(_ events: [InputEvent]) -> [InputEvent] {
            guard let first = events.first?.time else { return [] }
            return events.map { InputEvent(time: EventTime(totalMicroseconds: $0.time.totalMicroseconds - first.totalMicroseconds),
                                           type: $0.type, code: $0.code, value: $0.value) }
        }
        #expect(relative(capture.events) == relative(evemu.events))
        #expect(capture.notes.isEmpty)
    }

    /// getevent → evemu → getevent: the same bytes, but for what TouchTape adds (its `#`
    /// lines) and the node, which evemu does not keep.
    @Test(arguments: captures)
    func geteventToEvemuToGeteventIsExact(_ name: String) throws {
        let path = Self.folder + "/" + name
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let capture = try RecordingReader.read(path: path)
        let evemu = TestSupport.write(try capture.formattedForWriting(as: .evemu), name: "capture.evemu")
        let back = try RecordingReader.read(path: evemu).formatted(as: .getevent)
        let node = try #require(capture.metadata.deviceNode)
        let lines = back.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#") }
            .map { $0 == "add device 1: \(GeteventFormatter.defaultNode)" ? "add device 1: \(node)" : String($0) }
        #expect(lines.joined(separator: "\n") == original)
    }
}
