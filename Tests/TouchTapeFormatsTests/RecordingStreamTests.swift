import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

@Suite struct RecordingStreamTests {
    @Test func countsTwoMillionEventsWithoutCollecting() throws {
        // 1 000 000 frames of two events (ABS_X value, SYN_REPORT) = 2 000 000 events; every
        // 100 000th frame is followed by an annotation comment → 10 annotations.
        let path = TestSupport.temporaryDirectory() + "/long.evemu"
        let created = FileManager.default.createFile(atPath: path, contents: nil)
        precondition(created, "cannot create the test file \(path)")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.write(Data("N: Long\nI: 0003 0001 0002 0003\nB: 03 03 00 00 00 00 00 00 00\nA: 00 0 1000 0 0 0\nA: 01 0 1000 0 0 0\n".utf8))
        var chunk = ""
        for frame in 0..<1_000_000 {
            let sec = frame / 1000, usec = (frame % 1000) * 1000
            chunk += "E: \(sec).\(usec) 0003 0000 \(frame % 1000)\nE: \(sec).\(usec) 0000 0000 0\n"
            if frame % 100_000 == 99_999 { chunk += "# touchtape: expect=finish\n" }
            if chunk.utf8.count > 1 << 20 { handle.write(Data(chunk.utf8)); chunk = "" }
        }
        handle.write(Data(chunk.utf8))
        try handle.close()

        let stream = try RecordingStream(path: path)
        var events = 0, annotations = 0, valueSum = 0
        var last: InputEvent?
        while let item = try stream.next() {
            switch item {
            case .event(let event):
                events += 1
                valueSum += Int(event.value)
                last = event
            case .annotation: annotations += 1
            }
        }
        #expect(events == 2_000_000)
        #expect(stream.eventsRead == 2_000_000)
        #expect(annotations == 10)
        // Σ over 1000 cycles of 0…999 = 1000 × 499 500.
        #expect(valueSum == 499_500_000)
        // Frame 999 999: second 999, microseconds "999000" written unpadded as 999000.
        #expect(last == InputEvent(time: EventTime(seconds: 999, microseconds: 999_000), type: 0, code: 0, value: 0))
    }

    @Test func lineLongerThanOneChunkIsRead() throws {
        // A 65 000-character note: its line crosses the 64 KiB chunk boundary (and stays
        // under the 64 KiB line limit), so the reader must carry it over into the next read.
        let note = String(repeating: "n", count: 65_000)
        let text = "N: X\nI: 0 0 0 0\nE: 0.000001 0000 0000 0000\n# touchtape: note=\"\(note)\"\n"
        let recording = try RecordingReader.read(path: TestSupport.write(text, name: "long-line.evemu"))
        #expect(recording.annotations.first?.annotation.note?.count == 65_000)
        #expect(recording.events.count == 1)
    }
}
