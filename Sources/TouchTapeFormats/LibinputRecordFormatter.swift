@_spi(Pipeline) import TouchTapeEvents

/// Writes libinput-record's YAML layout (`tools/libinput-record.c`, fact sheet §2):
/// `# libinput record`, `version: 1`, `ndevices: 1`, the `libinput:` and `system:`
/// maps, one device with its `evdev` description, `udev: properties:` and
/// `events:` as frames (`  - evdev:` items whose rows end with `SYN_REPORT`).
///
/// `udev.properties` carries `ID_INPUT=1` plus `ID_INPUT_TOUCHSCREEN=1` or
/// `ID_INPUT_TOUCHPAD=1` from the description's classification, because Debian's
/// `libinput replay` refuses a recording without udev properties. LED and switch
/// states, which libinput record has no key for, go under an extra `evdev.touchtape`
/// key (libinput's parsers must ignore unknown keys) so evemu → libinput → evemu
/// keeps the whole description.
///
/// Annotations are extra events-list items that also hold an empty `evdev` list,
/// because libinput's analyze tools index `event["evdev"]` on every item:
/// ```
///   - touchtape: {expect: finish, note: "…", cut-short: true}
///     evdev: []
/// ```
package struct LibinputRecordFormatter: RecordingFormatter {
    /// The device being written.
    package let deviceDescription: DeviceDescription
    /// What the file says about itself (writer, end mark).
    package let metadata: RecordingMetadata
    private var comment = EventComment()
    /// The event lines' scratch bytes, kept between calls.
    private var scratch = ByteWriter.Scratch()

    /// A value from its parts.
    package init(description: DeviceDescription, metadata: RecordingMetadata) {
        self.deviceDescription = description
        self.metadata = metadata
    }

    /// The file's header: the device description and metadata.
    package func header() -> String {
        let d = deviceDescription
        var lines = [
            "# libinput record",
            "version: 1",
            "ndevices: 1",
            "libinput:",
            "  version: \"\(RecordingEndMark.libinputVersion)\"",
            "  git: \"unknown\"",
            "system:",
        ]
        if let os = metadata.operatingSystem { lines.append("  os: " + Self.quoted(os)) }
        lines.append("  kernel: " + Self.quoted(metadata.kernel ?? "unknown"))
        lines.append("  dmi: " + Self.quoted(metadata.dmi ?? "unknown"))
        lines.append("devices:")
        lines.append("- node: " + Self.plainOrQuoted(metadata.deviceNode ?? "/dev/input/event0"))
        lines.append("  evdev:")
        lines.append("    # Name: " + Self.escaped(d.name))
        lines.append("    # ID: bus 0x\(CFormat.hex(d.id.bustype, width: 4)) (\(d.id.busName)) vendor 0x\(CFormat.hex(d.id.vendor, width: 4)) product 0x\(CFormat.hex(d.id.product, width: 4)) version 0x\(CFormat.hex(d.id.version, width: 4))")
        if let x = d.absInfo[EventCodes.ABS_X], let y = d.absInfo[EventCodes.ABS_Y], x.resolution != 0, y.resolution != 0 {
            let w = (Int64(x.maximum) - Int64(x.minimum)) / Int64(x.resolution)
            let h = (Int64(y.maximum) - Int64(y.minimum)) / Int64(y.resolution)
            lines.append("    # Size in mm: \(w)x\(h)")
        } else {
            lines.append("    # Size in mm: unknown, missing resolution")
        }
        lines.append("    # Supported Events:")
        for type in d.supportedTypes {
            lines.append("    # Event type \(type) (\(EventCodes.typeName(type)))")
            for code in (d.codes[type] ?? []).sorted() {
                lines.append("    #   Event code \(code) (\(EventCodes.codeName(type: type, code: code)))")
            }
        }
        lines.append("    # Properties:")
        for property in d.properties.sorted() {
            lines.append("    #   Property \(property) (\(EventCodes.propertyName(property)))")
        }
        lines.append("    name: " + Self.quoted(d.name))
        lines.append("    id: [\(d.id.bustype), \(d.id.vendor), \(d.id.product), \(d.id.version)]")
        // An empty map rather than no value: the reader requires `codes` (an evemu description
        // without B: lines has none; found by `tools/fuzz evemu-split`).
        lines.append(d.supportedTypes.isEmpty ? "    codes: {}" : "    codes:")
        for type in d.supportedTypes {
            let codes = (d.codes[type] ?? []).sorted().map(String.init).joined(separator: ", ")
            lines.append("      \(type): [\(codes)] # \(EventCodes.typeName(type))")
        }
        if !d.absInfo.isEmpty {
            lines.append("    absinfo:")
            for code in d.absInfo.keys.sorted() {
                let a = d.absInfo[code]!
                lines.append("      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]")
            }
        }
        lines.append("    properties: [\(d.properties.sorted().map(String.init).joined(separator: ", "))]")
        if !d.ledStates.isEmpty || !d.switchStates.isEmpty {
            func map(_ states: [UInt16: Int32]) -> String {
                "{" + states.keys.sorted().map { "\($0): \(states[$0]!)" }.joined(separator: ", ") + "}"
            }
            lines.append("    \(LibinputHeader.extraKey): {leds: \(map(d.ledStates)), switches: \(map(d.switchStates))}")
        }
        lines.append("  udev:")
        lines.append("    properties:")
        for property in d.udevProperties.isEmpty ? Self.derivedUdevProperties(d) : d.udevProperties {
            // Bare as libinput record writes them when YAML reads that back as the same text.
            let plain = property.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_=.-".contains($0)) }
            lines.append("    - " + (plain && !property.hasPrefix("-") ? property : Self.quoted(property)))
        }
        // Which they are, so a recorded list that happens to equal the derived one reads back
        // as recorded (an extra key: libinput's tools read only `properties`).
        lines.append("    \(LibinputHeader.extraKey): " + (d.udevProperties.isEmpty ? Self.derivedMarker : Self.recordedMarker))
        if !d.quirks.isEmpty {
            lines.append("  quirks:")
            for quirk in d.quirks { lines.append("  - " + Self.quoted(quirk)) }
        }
        lines.append("  events:")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The udev properties written for a device recorded without them (an evemu or getevent
    /// file): `ID_INPUT=1` and the kind's, which Debian's `libinput replay` requires. The
    /// reader drops exactly this list from a file TouchTape wrote, so it never becomes a
    /// recorded property on conversion back.
    /// `udev: touchtape:` in a file TouchTape wrote: the properties were derived, not recorded.
    package static let derivedMarker = "derived"
    /// `udev: touchtape:` in a file TouchTape wrote: the properties are the device's, as recorded.
    package static let recordedMarker = "recorded"

    package static func derivedUdevProperties(_ d: DeviceDescription) -> [String] {
        switch d.classification.kind {
        case .touchscreen: return ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]
        case .touchpad: return ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"]
        case .other: return ["ID_INPUT=1"]
        }
    }

    /// These events as this format writes them, appended to `out` as bytes.
    package mutating func append(_ events: some Collection<InputEvent>, to out: inout [UInt8]) {
        if events.withContiguousStorageIfAvailable({ append($0, to: &out) }) == nil {
            append(Array(events), to: &out)
        }
    }

    /// The fast path: a `  - evdev:` item per frame, one row per event, written as
    /// bytes. A piece that does not end in `SYN_REPORT` (events before a mark) is an
    /// item of its own, and the next piece starts a new one.
    private mutating func append(_ events: UnsafeBufferPointer<InputEvent>, to out: inout [UInt8]) {
        var frameOpen = false
        let scratch = scratch.bytes()
        EventCommentTable.shared.withView { names in
            ByteWriter.lines(into: &out, count: events.count, scratch: scratch) { index, writer in
                let event = events[index]
                if !frameOpen {
                    writer.literal("  - evdev:\n")
                    frameOpen = true
                }
                // `    - [%3lu, %6u, %3d, %3d, %7d] # <comment>\n`
                writer.literal("    - [")
                writer.rightAligned(event.time.seconds, width: 3)
                writer.literal(", ")
                writer.rightAligned(UInt64(event.time.microseconds), width: 6)
                writer.literal(", ")
                writer.rightAligned(UInt64(event.type), width: 3)
                writer.literal(", ")
                writer.rightAligned(UInt64(event.code), width: 3)
                writer.literal(", ")
                writer.rightAligned(Int64(event.value), width: 7)
                writer.literal("] # ")
                comment.write(event, names: names, to: &writer)
                writer.byte(UInt8(ascii: "\n"))
                if event.isSynReport { frameOpen = false }
            }
        }
    }

    /// A track's mark, as this format writes it.
    package mutating func format(annotation: TrackAnnotation) -> String {
        "  - \(LibinputHeader.extraKey): " + Self.flowMapping(annotation) + "\n    evdev: []\n"
    }

    /// What a mark says, as this format writes it: `{expect: finish, note: "…"}`.
    static func flowMapping(_ annotation: TrackAnnotation) -> String {
        var fields: [String] = []
        if let expected = annotation.expected { fields.append("expect: " + expected.rawValue) }
        if let note = annotation.note, !note.isEmpty { fields.append("note: " + Self.quoted(note)) }
        if annotation.cutShort { fields.append("cut-short: true") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// The end mark (``RecordingEndMark``), a comment at column 0 after the events list.
    package func footer() -> String { RecordingEndMark.endLine + "\n" }

    /// A YAML double-quoted scalar on one line, read back the same by Yams and by
    /// Python's `yaml` (libinput's tools).
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// The body of a double-quoted scalar: `"` and `\` escaped, and every character YAML
    /// readers treat as a line break (`\n`, `\r`, U+0085, U+2028, U+2029) or refuse as
    /// non-printable (C0 and C1 controls, DEL, U+FEFF, U+FFFE, U+FFFF) written as an escape.
    /// Also safe inside a `#` comment, which must stay on one line.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                switch scalar.value {
                case 0..<0x20, 0x7F...0x9F:
                    out += "\\x" + CFormat.hex(scalar.value, width: 2)
                case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
                    out += "\\u" + CFormat.hex(scalar.value, width: 4)
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A plain scalar when `text` is a simple path (as libinput record writes `node:`), else quoted.
    static func plainOrQuoted(_ text: String) -> String {
        let simple = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "/_.-".unicodeScalars.contains($0)
        }
        return simple ? text : quoted(text)
    }
}
