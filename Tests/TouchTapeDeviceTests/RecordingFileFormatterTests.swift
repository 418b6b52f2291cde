import Testing
import Glibc
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeDevice

/// The recorder writing through the formats module's writers, read back by its reader:
/// the file `record` makes is one `inspect`, `replay` and `play` accept.
@Suite struct RecordingFileFormatterTests {
    typealias C = EventCodes

    func tempPath(_ suffix: String) -> String {
        let base = ScratchFiles.make("fmt")
        unlink(base)
        return base + suffix
    }

    /// Gesture 1 (down 2.0 s, move 2.01 s, lift 2.02 s, absolute monotonic times) is
    /// completed; a second touch is still down when the recorder stops.
    var stream: [InputEvent] {
        [ev(2_000_000, .abs, C.ABS_MT_TRACKING_ID, 7), ev(2_000_000, .abs, C.ABS_MT_POSITION_X, 100),
         ev(2_000_000, .key, C.BTN_TOUCH, 1), syn(2_000_000),
         ev(2_010_000, .abs, C.ABS_MT_POSITION_X, 140), syn(2_010_000),
         ev(2_020_000, .abs, C.ABS_MT_TRACKING_ID, -1), ev(2_020_000, .key, C.BTN_TOUCH, 0), syn(2_020_000),
         ev(2_300_000, .abs, C.ABS_MT_TRACKING_ID, 8), ev(2_300_000, .key, C.BTN_TOUCH, 1), syn(2_300_000)]
    }

    @Test(arguments: [RecordingFormat.evemu, .libinputRecord])
    func aRecordedFileReadsBackWithRelativeTimesAndMarks(format: RecordingFormat) throws {
        let path = tempPath("." + format.preferredPathExtension); defer { unlink(path) }
        let description = touchscreenB()
        var recorder = try GestureRecorder(
            formatter: RecordingFileFormatter(format: format, description: description, metadata: RecordingMetadata(),
                                              output: path, by: .recorder),
            file: try RecordingFile(path: path), description: description,
            annotation: TrackAnnotation(expected: .cancel, note: "slow drag"))
        _ = try recorder.feed(stream)
        _ = try recorder.finish()

        let back = try RecordingReader.read(path: path)
        #expect(back.description.name == description.name)
        #expect(back.events.count == stream.count)
        // Relative like evemu-record: 2.000000 → 0.000001, so 2.300000 → 0.300001.
        #expect(back.events.first?.time == EventTime(totalMicroseconds: 1))
        #expect(back.events.last?.time == EventTime(totalMicroseconds: 300_001))
        #expect(triples(back.events) == triples(stream))
        // Two marks: after gesture 1's lift frame (9 events), and the cut-short one at the end (12).
        #expect(back.annotations.map(\.eventIndex) == [9, 12])
        #expect(back.annotations.first?.annotation == TrackAnnotation(expected: .cancel, note: "slow drag"))
        #expect(back.annotations.last?.annotation == TrackAnnotation(expected: .cancel, note: "slow drag", cutShort: true))
    }
}
