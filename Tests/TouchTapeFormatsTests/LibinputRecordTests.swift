import Foundation
import Testing
import TouchTapeTestSupport
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

@Suite struct LibinputRecordTests {
    /// Two devices in one file: EP0430M09 (695 events) then Atmel 4-finger (309 events),
    /// joined the way libinput record appends further devices (ndevices: 2, a second `- node:` item).
    static func twoDeviceFile() throws -> String {
        let first = try RecordingReader.read(path: TestSupport.peer("EP0430M09.2-finger-scroll-down.events")).formatted(as: .libinputRecord)
        let second = try RecordingReader.read(path: TestSupport.peer("Atmel maXTouch Touchscreen.4-finger-drag-down.events")).formatted(as: .libinputRecord)
        let secondDevice = second[second.range(of: "- node:")!.lowerBound...]
        return first.replacingOccurrences(of: "ndevices: 1", with: "ndevices: 2") + secondDevice
    }

    @Test func choosesDeviceByIndex() throws {
        let path = TestSupport.write(try Self.twoDeviceFile(), name: "two.yml")
        let zero = try RecordingReader.read(path: path)
        #expect(zero.description.name == "EP0430M09")
        #expect(zero.events.count == 695)
        #expect(zero.metadata.deviceLabel(name: zero.description.name) == "--device 0 (of 2, counted from 0): EP0430M09")
        let one = try RecordingReader.read(path: path, deviceIndex: 1)
        #expect(one.description.name == "Atmel maXTouch Touchscreen")
        #expect(one.events.count == 309)
        #expect(one.metadata.deviceIndex == 1 && one.metadata.deviceCount == 2)
    }

    @Test func unknownLayoutFallsBackToYams() throws {
        // The same events written in flow style on one line per frame: not libinput-record's
        // layout, so the line parser hands over to a full Yams parse mid-stream.
        let text = """
            version: 1
            ndevices: 1
            devices:
            - node: /dev/input/event3
              evdev: {name: "Flow", id: [3, 1, 2, 3], codes: {0: [0], 3: [0, 1], 1: [330]}, absinfo: {0: [0, 10, 0, 0, 0], 1: [0, 10, 0, 0, 0]}, properties: [1]}
              udev: {properties: [ID_INPUT=1]}
              events:
              - evdev:
                - [0, 1, 3, 0, 5]
                - [0, 1, 0, 0, 0]
              - {evdev: [[0, 9, 3, 0, 6], [0, 9, 0, 0, 0]]}
              - touchtape: {expect: cancel}
                evdev: []

            """
        let recording = try RecordingReader.read(path: TestSupport.write(text, name: "flow.yaml"))
        // 2 rows in the block item + 2 in the flow item; the annotation after all four.
        #expect(recording.events.map(\.value) == [5, 0, 6, 0])
        #expect(recording.events[2].time == EventTime(seconds: 0, microseconds: 9))
        #expect(recording.annotations == [AnnotationMark(eventIndex: 4, annotation: TrackAnnotation(expected: .cancel))])
        #expect(recording.description.classification.kind == .touchscreen)
    }

    /// A line at the margin among a device's events that is not the next device's `- node:`
    /// (a tab-indented row, a `...`, a merge's conflict markers) is read by the YAML parser:
    /// an invalid file is an error at its line. It ended the events silently (12 of 442
    /// read, exit 0), and `label` wrote the file back without the rest.
    @Test(arguments: ["\t- [0, 9, 0, 0, 0]", "...", "<<<<<<< HEAD", "======="])
    func aStrayLineAtTheMarginIsAnErrorAtItsLine(stray: String) throws {
        let what = stray.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(String.init).joined()
        let whole = try String(contentsOf: PackagePaths.recordings.appendingPathComponent("touchpad-two-finger-pan-finish.yml"), encoding: .utf8)
        var lines = whole.components(separatedBy: "\n")
        let at = try #require(lines.indices.first { $0 > 20 && lines[$0].hasPrefix("  - evdev:") && $0 > 80 })
        lines.insert(stray, at: at)
        let path = TestSupport.write(lines.joined(separator: "\n"), name: "stray-\(what.isEmpty ? String(stray.utf8.count) : what).yml")
        let error = try Self.readFailure(path, "\(what)")
        #expect(error.kind == .malformedYAML, "\(what): \(error)")
        let line = error.line ?? 0
        #expect(line >= at && line <= at + 2, "\(what): the line near \(at + 1): \(error)")
        // The next device's `- node:` still ends a device's events (the two-device file).
        let two = try RecordingReader.read(path: TestSupport.write(try Self.twoDeviceFile(), name: "two-again.yml"))
        #expect(two.events.count == 695)
    }

    /// The error reading `path` gives (`what` names the case); a read that succeeds is an issue.
    static func readFailure(_ path: String, _ what: String) throws -> RecordingError {
        var failure: RecordingError?
        do {
            let read = try RecordingReader.read(path: path)
            Issue.record("\(what): read \(read.events.count) events and \(read.annotations) without a word")
        } catch {
            failure = error as? RecordingError
        }
        return try #require(failure, "\(what)")
    }

    /// A one-device libinput record up to its `events:` line (the lines after it are a test's).
    static let labelsHead = """
        version: 1
        ndevices: 1
        devices:
        - node: /dev/input/event3
          evdev: {name: "Labels", id: [3, 1, 2, 3], codes: {0: [0], 3: [0, 1], 1: [330]}, absinfo: {0: [0, 10, 0, 0, 0], 1: [0, 10, 0, 0, 0]}, properties: [1]}
          udev: {properties: [ID_INPUT=1]}
          events:

        """

    /// A label the reader cannot take is an error at its line, as in an evemu file: read as
    /// no label, `expect: finsh` skipped the expected-outcome check and the track passed.
    @Test(arguments: ["{expect: finsh}", "{expect: Finish}", "{expect: 1}", "{expected: cancel}", "{expect: cancel, cut-short: maybe}",
                      "{note: [a, b]}", "[finish]"])
    func aLabelTheReaderCannotTakeIsAnError(item: String) throws {
        for layout in ["block", "flow"] {
            let events = layout == "block"
                ? "  - evdev:\n    - [0, 1, 3, 0, 5]\n    - [0, 1, 0, 0, 0]\n  - touchtape: \(item)\n"
                : "  - {evdev: [[0, 1, 3, 0, 5], [0, 1, 0, 0, 0]]}\n  - {touchtape: \(item)}\n"
            let text = Self.labelsHead + events
            let path = TestSupport.write(text, name: "label-\(layout).yml")
            let error = try Self.readFailure(path, "\(layout) \(item)")
            #expect(error.kind == .malformedYAML && error.line == (layout == "block" ? 11 : 9), "\(layout) \(item): \(error)")
        }
        // The keys and values it takes.
        let good = TestSupport.write(Self.labelsHead + """
              - evdev:
                - [0, 1, 3, 0, 5]
                - [0, 1, 0, 0, 0]
              - touchtape: {expect: none, note: "sideways", cut-short: true}

            """, name: "label-good.yml")
        #expect(try RecordingReader.read(path: good).annotations.map(\.annotation)
                == [TrackAnnotation(expected: ExpectedOutcome.none, note: "sideways", cutShort: true)])
    }

    /// The same in an evemu file: a `# touchtape:` mark with a token TouchTape does not know
    /// (`expct=finish`, a typo) is an error at its line; it was passed over, and the track
    /// read as unlabelled.
    @Test(arguments: ["expct=finish", "expect=finish foo=bar", "cutshort"])
    func anEvemuMarkWithATokenTheReaderDoesNotKnowIsAnError(mark: String) throws {
        let whole = try String(contentsOf: PackagePaths.recordings.appendingPathComponent("touchscreen-flick-down-finish.evemu"), encoding: .utf8)
        let lines = whole.components(separatedBy: "\n")
        let at = try #require(lines.firstIndex { $0.hasPrefix("# touchtape: expect=") })
        var changed = lines
        changed[at] = "# touchtape: " + mark
        let path = TestSupport.write(changed.joined(separator: "\n"), name: "mark-\(mark.count).evemu")
        let error = try Self.readFailure(path, "\(mark)")
        #expect(error.line == at + 1 && error.hint.contains("is not a mark TouchTape knows"), "\(mark): \(error)")
    }

    /// A `- touchtape:` item in block style (its keys on the lines under it) is read, and
    /// held to the same keys: it was passed over as a skipped item, the track unlabelled.
    /// YAML another tool appended after the end mark is no cut.
    @Test func aBlockStyleLabelIsReadAndChecked() throws {
        let head = Self.labelsHead + """
              - evdev:
                - [0, 1, 3, 0, 5]
                - [0, 1, 0, 0, 0]
              - touchtape:
            """
        let good = TestSupport.write(head + "\n      expect: cancel\n      note: \"block\"\n# touchtape: end of recording\nextra: 1\n", name: "block.yml")
        let read = try RecordingReader.read(path: good)
        #expect(read.annotations.map(\.annotation) == [TrackAnnotation(expected: .cancel, note: "block")])
        #expect(read.events.count == 2)
        let stream = try RecordingStream(path: good)
        while try stream.next() != nil {}
        #expect(stream.truncationNote == nil, "the end mark is there: \(stream.truncationNote ?? "")")
        let bad = TestSupport.write(head + "\n      expect: finsh\n", name: "block-bad.yml")
        let failure = try Self.readFailure(bad, "block-style expect: finsh")
        #expect(failure.hint == "expect takes finish, cancel or none", "\(failure)")
    }
}

