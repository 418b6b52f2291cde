import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// evemu → libinput → evemu must keep every event and the whole description.
@Suite struct RoundTripTests {
    static let peerFiles = PeerRecordingTests.expectations.map(\.file)

    @Test(arguments: peerFiles)
    func evemuToLibinputToEvemu(_ file: String) throws {
        let original = try RecordingReader.read(path: TestSupport.peer(file))
        let dir = TestSupport.temporaryDirectory()
        let yaml = TestSupport.write(original.formatted(as: .libinputRecord), name: "step.yml", in: dir)
        let viaLibinput = try RecordingReader.read(path: yaml)
        #expect(viaLibinput.events == original.events)
        #expect(viaLibinput.description == original.description)
        let evemu = TestSupport.write(viaLibinput.formatted(as: .evemu), name: "back.evemu", in: dir)
        let back = try RecordingReader.read(path: evemu)
        #expect(back.events.count == original.events.count)
        #expect(back.events == original.events)
        #expect(back.description == original.description)
        #expect(back.metadata.formatVersion == "1.3")
    }

    /// Issue 25: libinput's quirks for the device (a size for one reporting resolution 0)
    /// survive both formats: libinput record's `quirks:` list, TouchTape's `# Quirk:` lines.
    @Test func quirksSurviveBothFormatsAndConversion() throws {
        var original = try RecordingReader.read(path: TestSupport.peer("EP0430M09.2-finger-scroll-down.events"))
        original.description.quirks = ["AttrSizeHint=276x155", "ModelWacomISDV4=1"]
        for format in RecordingFormat.allCases {
            let path = TestSupport.write(original.formatted(as: format), name: "q." + format.preferredPathExtension)
            let read = try RecordingReader.read(path: path)
            #expect(read.description.quirks == original.description.quirks, "\(format)")
            #expect(read.description == original.description, "\(format)")
            #expect(read.events == original.events, "\(format)")
            let other: RecordingFormat = format == .evemu ? .libinputRecord : .evemu
            let converted = TestSupport.write(read.formatted(as: other), name: "c." + other.preferredPathExtension)
            #expect(try RecordingReader.read(path: converted).description == original.description, "\(format) → \(other)")
        }
        let yaml = original.formatted(as: .libinputRecord)
        #expect(yaml.contains("  quirks:\n  - \"AttrSizeHint=276x155\""))
        #expect(original.formatted(as: .evemu).contains("\n# Quirk: AttrSizeHint=276x155\n"))
    }

    /// Issue 25: the udev properties libinput record stores (hwdb axis fixes among them)
    /// survive every format and conversion; the ones TouchTape writes for a device recorded
    /// without any (`ID_INPUT=1`, the kind's) never come back as the device's.
    @Test func udevPropertiesSurviveEveryFormatAndConversion() throws {
        var original = try RecordingReader.read(path: TestSupport.peer("EP0430M09.2-finger-scroll-down.events"))
        #expect(original.description.udevProperties.isEmpty)
        // Without stored properties: libinput record gets the derived ones, which read back as none.
        let derived = original.formatted(as: .libinputRecord)
        #expect(derived.contains("  udev:\n    properties:\n    - ID_INPUT=1\n    - ID_INPUT_TOUCHSCREEN=1\n"))
        #expect(try RecordingReader.read(path: TestSupport.write(derived, name: "d.yml")).description.udevProperties.isEmpty)

        original.description.udevProperties = ["EVDEV_ABS_35=::12", "ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1", "LIBINPUT_CALIBRATION_MATRIX=1 0 0 0 1 0"]
        for format in RecordingFormat.allCases {
            let path = TestSupport.write(original.formatted(as: format), name: "u." + format.preferredPathExtension)
            let read = try RecordingReader.read(path: path)
            #expect(read.description.udevProperties == original.description.udevProperties, "\(format)")
            #expect(read.events == original.events, "\(format)")
            for other in RecordingFormat.allCases where other != format {
                let converted = TestSupport.write(read.formatted(as: other), name: "c." + other.preferredPathExtension)
                #expect(try RecordingReader.read(path: converted).description == read.description, "\(format) → \(other)")
            }
        }
        let yaml = original.formatted(as: .libinputRecord)
        #expect(yaml.contains("    properties:\n    - \"EVDEV_ABS_35=::12\"\n    - ID_INPUT=1\n"))
        #expect(original.formatted(as: .evemu).contains("\n# Udev: EVDEV_ABS_35=::12\n"))
    }

    /// Found by `tools/fuzz`: recorded properties that equal the list TouchTape derives for a
    /// device recorded without any still read back as recorded (the file says which), and a
    /// property a one-line comment cannot hold as it stands is refused for evemu and getevent.
    @Test func recordedPropertiesEqualToTheDerivedOnesAndUnwritableOnes() throws {
        var original = try RecordingReader.read(path: TestSupport.peer("EP0430M09.2-finger-scroll-down.events"))
        original.description.udevProperties = LibinputRecordFormatter.derivedUdevProperties(original.description)
        for format in RecordingFormat.allCases {
            let read = try RecordingReader.read(path: TestSupport.write(original.formatted(as: format), name: "r." + format.preferredPathExtension))
            #expect(read.description.udevProperties == original.description.udevProperties, "\(format)")
        }
        #expect(original.formatted(as: .libinputRecord).contains("    - ID_INPUT_TOUCHSCREEN=1\n    touchtape: recorded\n"))
        original.description.udevProperties = []
        #expect(original.formatted(as: .libinputRecord).contains("    - ID_INPUT_TOUCHSCREEN=1\n    touchtape: derived\n"))

        original.description.udevProperties = ["device name: \"quoted\""]
        original.description.quirks = ["AttrSizeHint=1x1 "]
        for format in [RecordingFormat.evemu, .getevent] {
            #expect(throws: RecordingError.self) { try original.formattedForWriting(as: format) }
        }
        let yaml = TestSupport.write(try original.formattedForWriting(as: .libinputRecord), name: "q.yml")
        #expect(try RecordingReader.read(path: yaml).description == original.description)
    }

    /// A real libinput record's `udev:` block (with `virtual:` beside `properties:`) is read as is.
    @Test func libinputRecordsUdevBlockIsRead() throws {
        let original = try RecordingReader.read(path: TestSupport.peer("EP0430M09.2-finger-scroll-down.events"))
        let yaml = original.formatted(as: .libinputRecord)
            .replacingOccurrences(of: "  udev:\n    properties:\n    - ID_INPUT=1\n    - ID_INPUT_TOUCHSCREEN=1\n    touchtape: derived\n",
                                  with: "  udev:\n    properties:\n    - ID_INPUT=1\n    - ID_INPUT_TOUCHSCREEN=1\n    - EVDEV_ABS_35=::9\n    virtual: false\n")
            .replacingOccurrences(of: "version: \"touchtape\"", with: "version: \"1.22.1\"")
        let read = try RecordingReader.read(path: TestSupport.write(yaml, name: "real.yml"))
        #expect(read.description.udevProperties == ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1", "EVDEV_ABS_35=::9"])
    }

    @Test func annotationsSurviveBothFormats() throws {
        let original = try RecordingReader.read(path: TestSupport.peer("Atmel maXTouch Touchscreen.4-finger-drag-down.events"))
        var annotated = original
        // Marks after event 10 and at the very end; the note has a quote, a backslash and a newline.
        annotated.annotations = [
            AnnotationMark(eventIndex: 10, annotation: TrackAnnotation(expected: .finish, note: "first \"half\" \\ done\nok", cutShort: false)),
            AnnotationMark(eventIndex: original.events.count, annotation: TrackAnnotation(expected: .cancel, note: nil, cutShort: true)),
        ]
        // Everything comes back as written, the newline too (escaped as \n on its one line).
        let expectedNote = "first \"half\" \\ done\nok"
        for format in RecordingFormat.allCases {
            let path = TestSupport.write(annotated.formatted(as: format), name: "a." + format.preferredPathExtension)
            let read = try RecordingReader.read(path: path)
            #expect(read.events == original.events, "\(format)")
            #expect(read.annotations.map(\.eventIndex) == [10, original.events.count], "\(format)")
            #expect(read.annotations.first?.annotation == TrackAnnotation(expected: .finish, note: expectedNote), "\(format)")
            #expect(read.annotations.last?.annotation == TrackAnnotation(expected: .cancel, cutShort: true), "\(format)")
        }
    }

    @Test func ledAndSwitchStatesSurviveLibinput() throws {
        var description = DeviceDescription(
            name: "Pad", id: InputID(bustype: 0x18, vendor: 1, product: 2, version: 3), properties: [InputProperty.pointer],
            codes: [0: [0, 1, 3], 1: [EventCodes.BTN_TOUCH, EventCodes.BTN_TOOL_FINGER], 3: [0, 1], 0x11: [1], 0x05: [0]],
            absInfo: [0: AbsInfo(minimum: 0, maximum: 100, resolution: 10), 1: AbsInfo(minimum: -5, maximum: 50, fuzz: 1, flat: 2, resolution: 10)])
        description.ledStates = [1: 1]
        description.switchStates = [0: 1]
        let recording = Recording(description: description, events: [], source: RecordingSource(path: "x.evemu"))
        for format in RecordingFormat.allCases {
            let path = TestSupport.write(recording.formatted(as: format), name: "leds." + format.preferredPathExtension)
            let read = try RecordingReader.read(path: path)
            #expect(read.description == description, "\(format)")
        }
    }
}
