import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// Issue 9: whatever `convert` writes, TouchTape (Yams) and libinput's tools (Python's
/// yaml) read back as the same text.
@Suite struct LibinputRecordFormatterTests {
    /// Names with every character YAML treats as a line break or refuses as non-printable.
    static let hostileNames = [
        "Pad\u{85}NEL", "Pad\u{2028}LS", "Pad\u{2029}PS", "two\nlines", "cr\rhere", "tab\there",
        "esc\u{1b}[31m", "c1\u{9b}x", "nul\u{0}x", "bom\u{feff}x", "quote \" and \\ back", "# not a comment: [x]",
    ]

    static func recording(name: String, note: String) throws -> Recording {
        var recording = try RecordingReader.read(path: TestSupport.peer("EP0430M09.2-finger-scroll-down.events"))
        recording.description.name = name
        recording.annotations = [AnnotationMark(eventIndex: recording.events.count, annotation: TrackAnnotation(expected: .finish, note: note))]
        return recording
    }

    @Test(arguments: hostileNames)
    func yamsReadsBackTheNameAndNote(_ name: String) throws {
        let recording = try Self.recording(name: name, note: name)
        let path = TestSupport.write(recording.formatted(as: .libinputRecord), name: "hostile.yml")
        let read = try RecordingReader.read(path: path)
        #expect(read.description.name.unicodeScalars.elementsEqual(name.unicodeScalars))
        #expect(read.annotations.last?.annotation.note.map { Array($0.unicodeScalars) } == Array(name.unicodeScalars))
        #expect(read.events == recording.events)
    }

    @Test(.enabled(if: Interop.libinputAvailable, "python3-yaml not installed"))
    func pythonYAMLReadsBackEveryName() throws {
        for name in Self.hostileNames {
            let recording = try Self.recording(name: name, note: name)
            let path = TestSupport.write(recording.formatted(as: .libinputRecord), name: "py.yml")
            // Python prints the code points of the name and of the annotation's note.
            let script = """
                import sys, yaml
                y = yaml.safe_load(open(sys.argv[1], encoding='utf-8'))
                d = y['devices'][0]
                note = [e['touchtape']['note'] for e in d['events'] if 'touchtape' in e][0]
                print(' '.join('%x' % ord(c) for c in d['evdev']['name']))
                print(' '.join('%x' % ord(c) for c in note))
                """
            let result = try TestSupport.run(Interop.python, ["-c", script, path])
            #expect(result.status == 0, "\(result.stderr.suffix(400))")
            let expected = name.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            #expect(result.stdout == expected + "\n" + expected + "\n", "\(name.debugDescription)")
        }
    }

    @Test func evemuKeepsNotesButRefusesANameItsNLineCannotHold() throws {
        for name in Self.hostileNames {
            let recording = try Self.recording(name: name, note: name)
            let refused = name.contains("\n") || name.contains("\r") || name.unicodeScalars.contains("\u{0}")
            do {
                let text = try recording.formattedForWriting(as: .evemu)
                #expect(!refused, "\(name.debugDescription) should be refused")
                let read = try RecordingReader.read(path: TestSupport.write(text, name: "hostile.evemu"))
                #expect(read.description.name == name)
                #expect(read.annotations.last?.annotation.note.map { Array($0.unicodeScalars) } == Array(name.unicodeScalars))
            } catch {
                #expect(refused, "\(name.debugDescription): \(error)")
                #expect(error.kind.rawValue == "notRepresentable")
                #expect(error.hint.contains("libinput"))
            }
        }
    }

    /// `recording` written as `format` is refused as not representable, with a hint that says `hint`.
    static func expectNotRepresentable(_ recording: Recording, as format: RecordingFormat, hint: String,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try recording.formattedForWriting(as: format)
            Issue.record("name \(recording.description.name.debugDescription), notes \(recording.annotations.map(\.annotation.note)) written as \(format)",
                         sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == .notRepresentable, sourceLocation: sourceLocation)
            #expect(error.hint.contains(hint), "\(error.hint)", sourceLocation: sourceLocation)
        }
    }

    /// A name that starts with a blank is one evemu's `N:` line cannot hold (TouchTape's
    /// reader and libevemu's skip the blanks after `N:`), also where the blank and a
    /// combining mark after it are one `Character` (found by `tools/fuzz getevent`, kept as
    /// `Tests/FuzzCorpus/getevent/crash-a73019c3…`: a getevent capture's quoted name read,
    /// and its evemu conversion lost the blank). Refused as evemu; the other formats keep it.
    @Test(arguments: [" x", "\tx", " \u{301}x", " \u{7FD}TTT\""])
    func aNameStartingWithABlankIsRefusedAsEvemuAndKeptByTheOthers(name: String) throws {
        let recording = try Self.recording(name: name, note: "")
        Self.expectNotRepresentable(recording, as: .evemu, hint: "drops blanks")
        for format in [RecordingFormat.libinputRecord, .getevent] {
            let text = try recording.formattedForWriting(as: format)
            let read = try RecordingReader.read(path: TestSupport.write(text, name: "blank." + format.preferredPathExtension))
            #expect(read.description.name == name, "\(format)")
        }
    }

    /// A name or a note that starts with U+FEFF loses it in libinput record (YAML's reader
    /// drops a byte-order mark from the start of a string, escaped or not; found by
    /// `tools/fuzz getevent`, kept as `Tests/FuzzCorpus/getevent/crash-46605589…`): refused
    /// as libinput record, whole and streamed; one further in is kept, and evemu and getevent
    /// keep both.
    @Test(arguments: ["\u{FEFF}", "\u{FEFF}x", "\u{FEFF}\u{FEFF}b"])
    func aLeadingByteOrderMarkIsRefusedAsLibinputRecord(text: String) throws {
        for (name, note) in [(text, ""), ("Pad", text)] {
            let recording = try Self.recording(name: name, note: note)
            Self.expectNotRepresentable(recording, as: .libinputRecord, hint: "U+FEFF")
            var stream = try RecordingStream(RecordingSource(
                path: TestSupport.write(try recording.formattedForWriting(as: .evemu), name: "bom.evemu")))
            let output = try OutputFile(path: TestSupport.temporaryDirectory() + "/bom.yml")
            #expect(throws: RecordingError.self) { try RecordingConversion.convert(&stream, to: .libinputRecord, output: output) }
            for format in [RecordingFormat.evemu, .getevent] {
                let read = try RecordingReader.read(path: TestSupport.write(try recording.formattedForWriting(as: format),
                                                                            name: "bom." + format.preferredPathExtension))
                #expect(read.description.name == name, "\(format)")
                #expect(Array((read.annotations.last?.annotation.note ?? "").unicodeScalars) == Array(note.unicodeScalars), "\(format)")
            }
        }
        var property = try Self.recording(name: "Pad", note: "")
        property.description.udevProperties = [text]
        #expect(throws: RecordingError.self) { try property.formattedForWriting(as: .libinputRecord) }
        let inside = try Self.recording(name: "a\u{FEFF}b", note: "a\u{FEFF}b")
        let read = try RecordingReader.read(path: TestSupport.write(try inside.formattedForWriting(as: .libinputRecord), name: "inside.yml"))
        #expect(read.description.name == "a\u{FEFF}b")
        #expect(read.annotations.last?.annotation.note == "a\u{FEFF}b")
    }

    @Test func codesAboveEV_MAXAreRefusedWhenRead() throws {
        let recording = try Self.recording(name: "Pad", note: "")
        let text = recording.formatted(as: .libinputRecord).replacingOccurrences(of: "    codes:\n", with: "    codes:\n      40: [1, 2]\n")
        let path = TestSupport.write(text, name: "ev40.yml")
        do {
            _ = try RecordingReader.read(path: path)
            Issue.record("type 40 accepted: convert would write a B: 28 line the evemu reader rejects")
        } catch {
            #expect(error.kind == .valueOutOfRange)
            #expect(error.line != nil)
        }
    }

    @Test(arguments: ["  events: junk\n", "  events:\n  - 5\n  - junk\n", "  events:\n  - evdev: 7\n", "  events: {a: 1}\n"])
    func junkInTheEventsListIsATypedError(_ events: String) throws {
        let recording = try Self.recording(name: "Pad", note: "")
        var text = recording.formatted(as: .libinputRecord)
        text = String(text[..<text.range(of: "  events:\n")!.lowerBound]) + events
        let path = TestSupport.write(text, name: "junk.yml")
        do {
            let read = try RecordingReader.read(path: path)
            Issue.record("read \(read.events.count) events from junk")
        } catch {
            #expect(error.kind == .malformedYAML, "\(error)")
            #expect(error.line != nil, "\(error)")
        }
    }

    @Test func aDuplicateKeyIsNamedWithoutEchoingTheFile() throws {
        let recording = try Self.recording(name: "Pad", note: "")
        // Duplicate `ndevices` in a file of many lines: the error names the key, not the file.
        let text = recording.formatted(as: .libinputRecord).replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\nndevices: 1\n")
        let path = TestSupport.write(text, name: "dup.yml")
        do {
            _ = try RecordingReader.read(path: path)
            Issue.record("duplicate key accepted")
        } catch {
            #expect(error.description.count < 800, "\(error.description.count) characters")
            #expect(error.description.contains("ndevices"))
        }
    }

    @Test func eventTimesPastTheLimitAreRefusedInBothFormats() throws {
        // 2^53 µs: past it times lose microseconds as Double and differences overflow.
        let max = EventTime.maximumSeconds
        let evemu = "N: X\nI: 0 0 0 0\nE: \(max).999999 0000 0000 0000\nE: \(max + 1).000000 0000 0000 0000\n"
        RecordingErrorTests.expectError(.valueOutOfRange, line: 4, eventIndex: 1, file: "late.evemu") {
            _ = try RecordingReader.read(path: TestSupport.write(evemu, name: "late.evemu"))
        }
        let recording = try Self.recording(name: "Pad", note: "")
        let yaml = recording.formatted(as: .libinputRecord)
            .replacingOccurrences(of: "    - [  0,      1,", with: "    - [\(max + 1),      1,")
        #expect(yaml.contains("\(max + 1)"))
        #expect(throws: RecordingError.self) { try RecordingReader.read(path: TestSupport.write(yaml, name: "late.yml")) }
    }
}
