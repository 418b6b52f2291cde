import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// Our writers' output read by the real tools: Debian's libevemu (through a tiny C
/// program compiled at test time) and libinput's Python analyze tools.
///
/// A missing tool skips these tests with the reason, except under CI (env `CI` set),
/// where the tests run and fail so a broken CI image is noticed.
enum Interop {
    static let cSource = """
        #include <evemu.h>
        #include <stdio.h>
        int main(int argc, char **argv) {
            struct evemu_device *dev = evemu_new(NULL);
            FILE *fp = fopen(argv[1], "r");
            if (!fp || !dev) return 2;
            if (evemu_read(dev, fp) <= 0) { fprintf(stderr, "evemu_read failed\\n"); return 3; }
            printf("%s\\n", evemu_get_name(dev));
            struct input_event ev;
            int rc;
            while ((rc = evemu_read_event(fp, &ev)) > 0)
                printf("%lu %lu %u %u %d\\n", (unsigned long)ev.input_event_sec, (unsigned long)ev.input_event_usec,
                       ev.type, ev.code, ev.value);
            return rc < 0 ? 4 : 0;
        }
        """

    /// The compiled reader, or why it could not be built.
    static let evemuReader: Result<String, InteropUnavailable> = {
        let dir = TestSupport.temporaryDirectory()
        let source = TestSupport.write(cSource, name: "evemu-count.c", in: dir)
        let binary = dir + "/evemu-count"
        let script = "cc -o '\(binary)' '\(source)' $(pkg-config --cflags --libs evemu libevdev)"
        guard let result = try? TestSupport.run("/bin/sh", ["-c", script]), result.status == 0 else {
            return .failure(InteropUnavailable(reason: "cannot compile against libevemu (cc + pkg-config evemu libevdev)"))
        }
        return .success(binary)
    }()

    static let analyzeDirectory = "/usr/libexec/libinput"
    /// The distribution's python3, which has python3-yaml and python3-libevdev.
    static let python = "/usr/bin/python3"

    static var evemuAvailable: Bool {
        if case .success = evemuReader { return true }
        return TestSupport.isCI
    }

    static var libinputAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: analyzeDirectory + "/libinput-analyze-per-slot-delta") || TestSupport.isCI
    }

    /// Runs the C reader: (name, events as "sec usec type code value" lines).
    static func readWithLibevemu(_ path: String) throws -> (name: String, events: [String]) {
        let binary = try evemuReader.get()
        let result = try TestSupport.run(binary, [path])
        #expect(result.status == 0, "libevemu failed on \(path): \(result.stderr)")
        var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return (lines.first ?? "", Array(lines.dropFirst()))
    }

    static func line(_ e: InputEvent) -> String {
        "\(e.time.seconds) \(e.time.microseconds) \(e.type) \(e.code) \(e.value)"
    }
}

struct InteropUnavailable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

@Suite struct InteropTests {
    static let peerFiles = PeerRecordingTests.expectations.map(\.file)

    /// The recording with an annotation after every 5th frame (marks sit at frame ends,
    /// as a recorder places them) and one at the very end.
    static func annotated(_ recording: Recording) -> Recording {
        var copy = recording
        let frameEnds = recording.events.indices.filter { recording.events[$0].isSynReport }.map { $0 + 1 }
        copy.annotations = stride(from: 4, to: frameEnds.count, by: 5).map { frameEnds[$0] }.map {
            AnnotationMark(eventIndex: $0, annotation: TrackAnnotation(expected: .finish, note: "mark \($0) \"q\"", cutShort: $0 % 2 == 0))
        } + [AnnotationMark(eventIndex: recording.events.count, annotation: TrackAnnotation(expected: .cancel))]
        return copy
    }

    @Test(.enabled(if: Interop.evemuAvailable, "libevemu development files (cc, pkg-config evemu libevdev) not installed"),
          arguments: peerFiles)
    func libevemuReadsOurEvemu(_ file: String) throws {
        let recording = Self.annotated(try RecordingReader.read(path: TestSupport.peer(file)))
        let path = TestSupport.write(recording.formatted(as: .evemu), name: "ours.evemu")
        let read = try Interop.readWithLibevemu(path)
        #expect(read.name == recording.description.name)
        // libevemu's events, digit for digit, are the events we wrote.
        #expect(read.events.count == recording.events.count)
        #expect(read.events == recording.events.map(Interop.line))
    }

    @Test(.enabled(if: Interop.evemuAvailable, "libevemu development files (cc, pkg-config evemu libevdev) not installed"))
    func libevemuReadsEveryPrefixCutAfterAFormatCall() throws {
        let recording = try RecordingReader.read(path: TestSupport.peer("Atmel maXTouch Touchscreen.4-finger-drag-down.events"))
        var formatter = EvemuFormatter(description: recording.description, metadata: recording.metadata)
        var text = formatter.header()
        var written = 0
        var frameStart = 0
        var prefixes: [(text: String, events: Int)] = [(text, 0)]
        for (i, event) in recording.events.enumerated() where event.isSynReport {
            text += formatter.format(recording.events[frameStart...i])
            written = i + 1
            frameStart = i + 1
            if written % 3 == 0 { text += formatter.format(annotation: TrackAnnotation(note: "after \(written)")) }
            prefixes.append((text, written))
        }
        // Check a handful of prefixes: empty, first frame, middle, last.
        for index in [0, 1, prefixes.count / 2, prefixes.count - 1] {
            let prefix = prefixes[index]
            let path = TestSupport.write(prefix.text, name: "prefix.evemu")
            #expect(try Interop.readWithLibevemu(path).events.count == prefix.events)
            #expect(try RecordingReader.read(path: path).events == Array(recording.events.prefix(prefix.events)))
        }
    }

    @Test(.enabled(if: Interop.libinputAvailable, "libinput-tools (/usr/libexec/libinput/libinput-analyze-*) not installed"),
          arguments: peerFiles)
    func libinputAnalyzeReadsOurYAML(_ file: String) throws {
        let recording = Self.annotated(try RecordingReader.read(path: TestSupport.peer(file)))
        let path = TestSupport.write(recording.formatted(as: .libinputRecord), name: "ours.yml")
        // touch-down-state (libinput 1.22.1) needs ABS_MT_SLOT: without it `nslots` is never
        // assigned (UnboundLocalError at its `max(nslots, …)`), so protocol-A devices run per-slot-delta only.
        var tools = ["libinput-analyze-per-slot-delta"]
        if case .multitouchB = recording.description.classification.touchProtocol {
            tools.append("libinput-analyze-touch-down-state")
        }
        for tool in tools {
            // Through Debian's python3 (the tools' `env python3` may find another one without python3-libevdev).
            let result = try TestSupport.run(Interop.python, [Interop.analyzeDirectory + "/" + tool, path])
            #expect(result.status == 0, "\(tool) on \(file): \(result.stderr.suffix(600))")
        }
    }

    @Test(.enabled(if: Interop.libinputAvailable, "python3-yaml not installed"))
    func pythonYAMLSeesFramesEndingInSynReport() throws {
        // The libinput-record-verify-yaml rules that matter for replay: version 1, ndevices == len(devices),
        // ID_INPUT=1 in udev.properties, every item has 'evdev', rows of 5 numbers ending with SYN_REPORT.
        let recording = Self.annotated(try RecordingReader.read(path: TestSupport.peer("EP0430M09.2-finger-scroll-down.events")))
        let path = TestSupport.write(recording.formatted(as: .libinputRecord), name: "check.yml")
        let script = """
            import sys, yaml
            y = yaml.safe_load(open(sys.argv[1]))
            assert y['version'] == 1 and y['ndevices'] == len(y['devices'])
            d = y['devices'][0]
            assert 'ID_INPUT=1' in d['udev']['properties'] and 'ID_INPUT_TOUCHSCREEN=1' in d['udev']['properties']
            n = 0
            for item in d['events']:
                rows = item['evdev']
                if not rows: continue
                assert all(len(r) == 5 for r in rows)
                assert rows[-1][2] == 0 and rows[-1][3] == 0
                n += len(rows)
            print(n)
            """
        let result = try TestSupport.run(Interop.python, ["-c", script, path])
        #expect(result.status == 0, "\(result.stderr)")
        // EP0430M09: 695 events (SOURCES.md), all in frames.
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "695")
    }
}
