import Testing
import Glibc
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDevice
import TouchTapeFormats

/// A formatter whose output is easy to read back: one line per event, `MARK` lines.
struct LineFormatter: RecordingTextFormatter {
    func header() -> String { "HEADER\n" }
    mutating func format(frame events: [InputEvent]) -> String { events.map { "\($0)\n" }.joined() }
    mutating func format(annotation: TrackAnnotation) -> String {
        "MARK expect=\(annotation.expected?.rawValue ?? "-") cut=\(annotation.cutShort)\n"
    }
    func footer() -> String { "END\n" }
}

@Suite struct GestureRecorderTests {
    typealias C = EventCodes

    func tempPath() -> String { ScratchFiles.make("rec") }

    func read(_ path: String) -> String { ScratchFiles.read(path) }

    /// One finger down at 1 s, moves at 1.01 s, lifts at 1.02 s (absolute monotonic times),
    /// then a second touch that is still down when the recording stops.
    var stream: [InputEvent] {
        [ev(1_000_000, .abs, C.ABS_MT_TRACKING_ID, 1), ev(1_000_000, .key, C.BTN_TOUCH, 1), syn(1_000_000),
         ev(1_010_000, .abs, C.ABS_MT_POSITION_X, 5), syn(1_010_000),
         ev(1_020_000, .abs, C.ABS_MT_TRACKING_ID, -1), ev(1_020_000, .key, C.BTN_TOUCH, 0), syn(1_020_000),
         ev(1_500_000, .abs, C.ABS_MT_TRACKING_ID, 2), syn(1_500_000),
         ev(1_510_000, .abs, C.ABS_MT_POSITION_X, 9)]   // frame without its SYN_REPORT yet
    }

    @Test func writesHeaderFramesAndAMarkWhenTheLastContactLifts() throws {
        let path = tempPath(); defer { unlink(path) }
        var recorder = try GestureRecorder(formatter: LineFormatter(), file: try RecordingFile(path: path),
                                           description: touchscreenB(), annotation: TrackAnnotation(expected: .finish))
        let notices = try recorder.feed(stream)
        // gesture 1: frames at 1.000, 1.010, 1.020 → 3 frames, 20 ms, 1 finger.
        #expect(notices == [.gestureEnded(GestureSummary(number: 1, start: EventTime(totalMicroseconds: 1), durationMicroseconds: 20_000,
                                                          maximumFingers: 1, frames: 3, cutShort: false))])
        #expect(recorder.isInGesture)
        let closed = try recorder.finish()
        #expect(closed?.cutShort == true)
        #expect(closed?.number == 2)
        let lines = read(path).split(separator: "\n").map(String.init)
        // Times are relative: the first event at 0.000001 like evemu-record.
        #expect(lines[0] == "HEADER")
        #expect(lines[1] == "0.000001 EV_ABS ABS_MT_TRACKING_ID 1")
        #expect(lines.contains("MARK expect=finish cut=false"))
        // The second touch's complete frame is kept, its unfinished frame (X 9) is not.
        #expect(lines.contains("0.500001 EV_ABS ABS_MT_TRACKING_ID 2"))
        #expect(!lines.contains { $0.contains("ABS_MT_POSITION_X 9") })
        #expect(Array(lines.suffix(2)) == ["MARK expect=finish cut=true", "END"])
        #expect(recorder.completedGestures == 1)
    }

    /// The last commit is after gesture 1; a rollback cuts the second touch's frame off.
    @Test func rollBackReturnsToTheLastCompletedGesture() throws {
        let path = tempPath(); defer { unlink(path) }
        let file = try RecordingFile(path: path)
        var recorder = try GestureRecorder(formatter: LineFormatter(), file: file,
                                           description: touchscreenB(), annotation: TrackAnnotation())
        _ = try recorder.feed(stream)
        #expect(file.size > file.committedSize)
        file.rollBack()
        let text = read(path)
        #expect(text.hasSuffix("MARK expect=- cut=false\n"))
    }

    @Test func aFileInAMissingFolderFailsWithItsName() {
        #expect(throws: RecordingFileError(path: "/nonexistent-dir/x.evemu", errno: ENOENT, gesturesKept: 0)) {
            _ = try RecordingFile(path: "/nonexistent-dir/x.evemu")
        }
    }

    /// Given the option the user typed, the error starts with it and its hint names it.
    @Test func aFileGivenWithAnOptionIsNamedByIt() throws {
        let error = try #require(throws: RecordingFileError.self) {
            _ = try RecordingFile(path: "/nonexistent-dir/x.evemu", option: "--save", new: true)
        }
        #expect(error.message == "--save: cannot create /nonexistent-dir/x.evemu: its folder does not exist")
        #expect(error.hint == "choose a file in a folder you can write to (--save FILE)")
        // A folder that is there but makes no files is not called missing.
        let proc = try #require(throws: RecordingFileError.self) {
            _ = try RecordingFile(path: "/proc/touchtape-test.evemu", option: "-o", new: true)
        }
        #expect(proc.message == "-o: cannot create /proc/touchtape-test.evemu: its folder makes no new files (a kernel file system such as /proc or /sys)")
    }
}

@Suite struct GestureRecorderResyncTests {
    typealias C = EventCodes

    /// The finger lifts while the kernel's buffer overflowed: the recorder sees the touch,
    /// SYN_DROPPED + the window-closing SYN_REPORT, then libevdev's delta (tracking id −1,
    /// BTN_TOUCH 0, SYN_REPORT). The gesture must end at the delta frame, and the drop be reported.
    @Test func aLiftLostInADropEndsTheGestureAtTheResyncedFrame() throws {
        let path = "/tmp/touchtape-resync-\(getpid()).txt"; defer { unlink(path) }
        var recorder = try GestureRecorder(formatter: LineFormatter(), file: try RecordingFile(path: path),
                                           description: touchscreenB(), annotation: TrackAnnotation())
        let notices = try recorder.feed([
            ev(1_000_000, .abs, C.ABS_MT_TRACKING_ID, 3), ev(1_000_000, .abs, C.ABS_MT_POSITION_X, 50),
            ev(1_000_000, .abs, C.ABS_MT_POSITION_Y, 50), ev(1_000_000, .key, C.BTN_TOUCH, 1), syn(1_000_000),
            ev(1_050_000, .syn, C.SYN_DROPPED, 0), syn(1_050_000),
            ev(1_060_000, .abs, C.ABS_MT_TRACKING_ID, -1), ev(1_060_000, .key, C.BTN_TOUCH, 0), syn(1_060_000),
        ])
        // Relative times: 1.05 s − (1.0 s − 1 µs) = 0.050001 s. Frames counted by the splitter:
        // the touch frame and the resync frame (the discarded window yields none) = 2;
        // duration 1.060001 − 0.000001 = 60 ms.
        #expect(notices == [
            .eventsDropped(at: EventTime(totalMicroseconds: 50_001)),
            .gestureEnded(GestureSummary(number: 1, start: EventTime(totalMicroseconds: 1), durationMicroseconds: 60_000,
                                         maximumFingers: 1, frames: 2, cutShort: false)),
        ])
        #expect(!recorder.isInGesture)
        #expect(recorder.completedGestures == 1)
    }
}

/// Times are absolute monotonic times from 1 s, as a device stamps them (never 0).
@Suite struct GestureRecorderDeviceKindTests {
    typealias C = EventCodes

    /// A 2-slot clickpad whose BTN_TOOL_TRIPLETAP says 3 fingers while only 2 slots are used.
    func clickpad() -> DeviceDescription {
        var d = DeviceDescription(name: "Test Clickpad", id: InputID(bustype: 0x11, vendor: 2, product: 7, version: 1),
                                  properties: [InputProperty.pointer, InputProperty.buttonpad])
        d.setCodes([C.SYN_REPORT, C.SYN_DROPPED], for: EventType.syn.rawValue)
        d.setCodes([C.BTN_LEFT, C.BTN_TOUCH, C.BTN_TOOL_FINGER, C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP], for: EventType.key.rawValue)
        d.setCodes([C.ABS_X, C.ABS_Y, C.ABS_MT_SLOT, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y, C.ABS_MT_TRACKING_ID], for: EventType.abs.rawValue)
        for code in [C.ABS_X, C.ABS_MT_POSITION_X] { d.absInfo[code] = AbsInfo(minimum: 0, maximum: 3199, resolution: 32) }
        for code in [C.ABS_Y, C.ABS_MT_POSITION_Y] { d.absInfo[code] = AbsInfo(minimum: 0, maximum: 1999, resolution: 32) }
        d.absInfo[C.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: 1)
        d.absInfo[C.ABS_MT_TRACKING_ID] = AbsInfo(minimum: 0, maximum: 65535)
        return d
    }

    /// Two slots in use, TRIPLETAP held: the live line must say 3 fingers (the tool key
    /// counts on touchpads), over the 3 frames from the touch to the lift.
    @Test func aTouchpadsToolKeyCountsTheFingers() throws {
        let path = "/tmp/touchtape-pad-\(getpid()).txt"; defer { unlink(path) }
        var recorder = try GestureRecorder(formatter: LineFormatter(), file: try RecordingFile(path: path),
                                           description: clickpad(), annotation: TrackAnnotation())
        let notices = try recorder.feed([
            ev(1_000_000, .abs, C.ABS_MT_SLOT, 0), ev(1_000_000, .abs, C.ABS_MT_TRACKING_ID, 1), ev(1_000_000, .abs, C.ABS_MT_POSITION_X, 100),
            ev(1_000_000, .abs, C.ABS_MT_POSITION_Y, 100), ev(1_000_000, .abs, C.ABS_MT_SLOT, 1), ev(1_000_000, .abs, C.ABS_MT_TRACKING_ID, 2),
            ev(1_000_000, .abs, C.ABS_MT_POSITION_X, 300), ev(1_000_000, .abs, C.ABS_MT_POSITION_Y, 100),
            ev(1_000_000, .key, C.BTN_TOUCH, 1), ev(1_000_000, .key, C.BTN_TOOL_TRIPLETAP, 1), syn(1_000_000),
            ev(1_008_000, .abs, C.ABS_MT_POSITION_Y, 120), syn(1_008_000),
            ev(1_016_000, .abs, C.ABS_MT_TRACKING_ID, -1), ev(1_016_000, .abs, C.ABS_MT_SLOT, 0), ev(1_016_000, .abs, C.ABS_MT_TRACKING_ID, -1),
            ev(1_016_000, .key, C.BTN_TOUCH, 0), ev(1_016_000, .key, C.BTN_TOOL_TRIPLETAP, 0), syn(1_016_000),
        ])
        #expect(notices == [.gestureEnded(GestureSummary(number: 1, start: EventTime(totalMicroseconds: 1), durationMicroseconds: 16_000,
                                                          maximumFingers: 3, frames: 3, cutShort: false))])
    }

    /// Protocol A: each SYN_MT_REPORT group is a contact; a frame with only SYN_MT_REPORT
    /// and BTN_TOUCH 0 lifts them all.
    @Test func aProtocolATouchEndsWhenNoGroupIsReported() throws {
        let path = "/tmp/touchtape-proto-a-\(getpid()).txt"; defer { unlink(path) }
        var recorder = try GestureRecorder(formatter: LineFormatter(), file: try RecordingFile(path: path),
                                           description: touchscreenA(), annotation: TrackAnnotation())
        let notices = try recorder.feed([
            ev(1_000_000, .abs, C.ABS_MT_POSITION_X, 10), ev(1_000_000, .abs, C.ABS_MT_POSITION_Y, 10), mtReport(1_000_000),
            ev(1_000_000, .abs, C.ABS_MT_POSITION_X, 900), ev(1_000_000, .abs, C.ABS_MT_POSITION_Y, 900), mtReport(1_000_000),
            ev(1_000_000, .key, C.BTN_TOUCH, 1), syn(1_000_000),
            mtReport(1_010_000), ev(1_010_000, .key, C.BTN_TOUCH, 0), syn(1_010_000),
        ])
        // 2 groups in the first frame = 2 fingers; 2 frames; 10 ms.
        #expect(notices == [.gestureEnded(GestureSummary(number: 1, start: EventTime(totalMicroseconds: 1), durationMicroseconds: 10_000,
                                                          maximumFingers: 2, frames: 2, cutShort: false))])
    }

    /// /dev/full fails every write with ENOSPC: the header write already fails, and the
    /// error names the file and says no gesture was kept.
    @Test func aFullDiskFailsWithTheFileNamed() {
        #expect(throws: RecordingFileError(path: "/dev/full", errno: ENOSPC, gesturesKept: 0)) {
            _ = try GestureRecorder(formatter: LineFormatter(), file: try RecordingFile(path: "/dev/full"),
                                    description: touchscreenB(), annotation: TrackAnnotation())
        }
    }
}
