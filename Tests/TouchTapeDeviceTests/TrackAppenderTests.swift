import Testing
import Glibc
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDevice
import TouchTapeFormats

@Suite struct TrackAppenderTests {
    typealias C = EventCodes

    func tempPath() -> String { ScratchFiles.make("append") }

    func read(_ path: String) -> String { ScratchFiles.read(path) }

    /// A tap at absolute time `t` µs: down, move, lift.
    func tap(_ t: UInt64) -> [InputEvent] {
        [ev(t, .abs, C.ABS_MT_TRACKING_ID, 1), ev(t, .key, C.BTN_TOUCH, 1), syn(t),
         ev(t + 10_000, .abs, C.ABS_MT_POSITION_X, 5), syn(t + 10_000),
         ev(t + 20_000, .abs, C.ABS_MT_TRACKING_ID, -1), ev(t + 20_000, .key, C.BTN_TOUCH, 0), syn(t + 20_000)]
    }

    @Test func theHeaderComesFirstThenEachGestureWithItsMarkAndRelativeTimes() throws {
        let path = tempPath()
        defer { unlink(path) }
        var appender = try TrackAppender(formatter: LineFormatter(), file: try RecordingFile(path: path))
        #expect(read(path) == "HEADER\n")
        try appender.append(events: tap(5_000_000), annotation: TrackAnnotation(expected: .finish))
        let first = read(path)
        #expect(first.hasSuffix("MARK expect=finish cut=false\n"))   // complete after one save
        // The first gesture starts at 0.000001 s and keeps its spacing.
        #expect(first.contains("0.000001"))
        #expect(first.contains("0.010001"))
        #expect(first.contains("0.020001"))
        try appender.append(events: tap(90_000_000), annotation: TrackAnnotation(expected: .cancel))
        let both = read(path)
        #expect(both.hasPrefix(first))
        // The next one starts 1 s after the last event of the one before.
        #expect(both.contains("1.020001"))
        #expect(both.contains("1.040001"))
        #expect(both.hasSuffix("MARK expect=cancel cut=false\n"))
        #expect(appender.tracksWritten == 2)
        #expect(!both.contains("END"))   // no footer: the file is whole after every save
        // The session's end writes the end mark once, after the last save (issue 24: a
        // `--save` file read back as cut short after a normal q).
        try appender.finish()
        #expect(read(path) == both + "END\n")
    }
}
