@_spi(Pipeline) import TouchTapeEvents

/// Writes what evemu 2.7's `evemu-record` writes (`src/evemu.c`, fact sheet §1):
/// `# EVEMU 1.3`, `# Kernel:`/`# DMI:`, the evtest-like comment block, then
/// `N/I/P/B/A/L/S` lines with evemu's masks and widths, the "Waiting for events"
/// banner, and one `E: %lu.%06u %04x %04x %04d<TAB># comment` line per event (written
/// as bytes into the caller's buffer: `convert` and the recorder write millions).
///
/// Differences from evemu, both for lossless round trips: the `B: 00` line carries
/// the description's real `EV_SYN` codes (evemu always writes `0b`), and types
/// outside evemu's list get mask lines when the description has codes for them.
package struct EvemuFormatter: RecordingFormatter {
    /// The comment line that carries one libinput quirk of the device (`# Quirk: AttrSizeHint=276x155`).
    package static let quirkPrefix = "# Quirk: "
    /// The comment line that carries one recorded udev property (`# Udev: EVDEV_ABS_35=::15`).
    package static let udevPrefix = "# Udev: "

    /// The device being written.
    package let deviceDescription: DeviceDescription
    /// What the file says about itself (writer, end mark).
    package let metadata: RecordingMetadata
    /// The comment after each event line, with evemu's `+Nms` since the previous `EV_SYN`.
    private var comment = EventComment()
    /// The event lines' scratch bytes, kept between calls.
    private var scratch = ByteWriter.Scratch()

    /// The types evemu writes mask lines for, in its order (types 1…EV_MAX that
    /// libevdev gives a maximum; seen in evemu 2.x files such as dell_canvas_touch.evemu).
    static let maskTypes: [UInt16] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x11, 0x12, 0x14, 0x15]

    /// A value from its parts.
    package init(description: DeviceDescription, metadata: RecordingMetadata) {
        self.deviceDescription = description
        self.metadata = metadata
    }

    /// The file's header: the device description and metadata.
    package func header() -> String {
        let d = deviceDescription
        var lines: [String] = ["# EVEMU 1.3"]
        if let kernel = metadata.kernel { lines.append("# Kernel: " + Self.oneLine(kernel)) }
        if let dmi = metadata.dmi { lines.append("# DMI: " + Self.oneLine(dmi)) }
        lines.append(RecordingEndMark.evemuHeaderLine)
        lines.append("# Input device name: \"\(Self.oneLine(d.name))\"")
        lines.append("# Input device ID: bus \(CFormat.alternateHex04(d.id.bustype)) vendor \(CFormat.alternateHex04(d.id.vendor)) product \(CFormat.alternateHex04(d.id.product)) version \(CFormat.alternateHex04(d.id.version))")
        if let x = d.absInfo[EventCodes.ABS_X], let y = d.absInfo[EventCodes.ABS_Y], x.resolution != 0, y.resolution != 0,
           d.supports(type: .abs, code: EventCodes.ABS_X), d.supports(type: .abs, code: EventCodes.ABS_Y) {
            let w = (Int64(x.maximum) - Int64(x.minimum)) / Int64(x.resolution)
            let h = (Int64(y.maximum) - Int64(y.minimum)) / Int64(y.resolution)
            lines.append("# Size in mm: \(w)x\(h)")
        }
        // libinput's quirks as recorded (evemu has no field for them: a comment evemu ignores).
        for quirk in d.quirks { lines.append(Self.quirkPrefix + Self.oneLine(quirk)) }
        for property in d.udevProperties { lines.append(Self.udevPrefix + Self.oneLine(property)) }
        lines.append("# Supported events:")
        for type in d.supportedTypes {
            lines.append("#   Event type \(type) (\(EventCodes.typeName(type)))")
            for code in (d.codes[type] ?? []).sorted() {
                lines.append("#     Event code \(code) (\(EventCodes.codeName(type: type, code: code)))")
                if type == EventType.abs.rawValue, let info = d.absInfo[code] {
                    lines.append("#       Value " + CFormat.right("0", width: 8))
                    lines.append("#       Min   " + CFormat.right(String(info.minimum), width: 8))
                    lines.append("#       Max   " + CFormat.right(String(info.maximum), width: 8))
                    lines.append("#       Fuzz  " + CFormat.right(String(info.fuzz), width: 8))
                    lines.append("#       Flat  " + CFormat.right(String(info.flat), width: 8))
                    lines.append("#       Resolution " + CFormat.right(String(info.resolution), width: 3))
                }
            }
        }
        lines.append("# Properties:")
        for property in d.properties.sorted() {
            lines.append("#   Property  type \(property) (\(EventCodes.propertyName(property)))")
        }
        lines.append("N: " + d.name)
        lines.append("I: \(CFormat.hex(d.id.bustype, width: 4)) \(CFormat.hex(d.id.vendor, width: 4)) \(CFormat.hex(d.id.product, width: 4)) \(CFormat.hex(d.id.version, width: 4))")
        for chunk in Self.maskChunks(d.properties, maxCode: max(InputProperty.max, d.properties.max() ?? 0)) {
            lines.append("P: " + chunk)
        }
        var types = [EventType.syn.rawValue] + Self.maskTypes
        types += d.supportedTypes.filter { !types.contains($0) }
        for type in types {
            let maxCode = max(EventType(rawValue: type).maxCode, d.codes[type]?.max() ?? 0)
            for chunk in Self.maskChunks(d.codes[type] ?? [], maxCode: maxCode) {
                lines.append("B: " + CFormat.hex(type, width: 2) + " " + chunk)
            }
        }
        for code in d.absInfo.keys.sorted() {
            let a = d.absInfo[code]!
            lines.append("A: \(CFormat.hex(code, width: 2)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)")
        }
        for code in d.ledStates.keys.sorted() where d.ledStates[code] != 0 {
            lines.append("L: \(CFormat.hex(code, width: 2)) \(d.ledStates[code]!)")
        }
        for code in d.switchStates.keys.sorted() where d.switchStates[code] != 0 {
            lines.append("S: \(CFormat.hex(code, width: 2)) \(d.switchStates[code]!)")
        }
        lines.append("################################")
        lines.append("#      Waiting for events      #")
        lines.append("################################")
        return lines.joined(separator: "\n") + "\n"
    }

    /// These events as this format writes them, appended to `out` as bytes.
    package mutating func append(_ events: some Collection<InputEvent>, to out: inout [UInt8]) {
        if events.withContiguousStorageIfAvailable({ append($0, to: &out) }) == nil {
            append(Array(events), to: &out)
        }
    }

    /// The fast path: one `E:` line per event, written as bytes.
    private mutating func append(_ events: UnsafeBufferPointer<InputEvent>, to out: inout [UInt8]) {
        let scratch = scratch.bytes()
        EventCommentTable.shared.withView { names in
            ByteWriter.lines(into: &out, count: events.count, scratch: scratch) { index, writer in
                // `E: %lu.%06u %04x %04x %04d\t# <comment>\n`; the fixed-width fields in pairs
                // of digits and one word of hex digits (issue 26).
                let event = events[index]
                writer.literal("E: ")
                writer.decimal(event.time.seconds)
                writer.byte(UInt8(ascii: "."))
                writer.sixDigits(event.time.microseconds)
                writer.byte(UInt8(ascii: " "))
                writer.hex4(event.type)
                writer.byte(UInt8(ascii: " "))
                writer.hex4(event.code)
                writer.byte(UInt8(ascii: " "))
                writer.fourDigits(event.value)
                writer.literal("\t# ")
                comment.write(event, names: names, to: &writer)
                writer.byte(UInt8(ascii: "\n"))
            }
        }
    }

    /// A track's mark, as this format writes it.
    package mutating func format(annotation: TrackAnnotation) -> String {
        EvemuAnnotationSyntax.line(for: annotation) + "\n"
    }

    /// The end mark (``RecordingEndMark``): a complete file says so.
    package func footer() -> String { RecordingEndMark.endLine + "\n" }

    /// Text for a comment line: line breaks and control characters escaped
    /// (``LibinputRecordFormatter/escaped(_:)``), so the comment cannot end early.
    static func oneLine(_ text: String) -> String {
        LibinputRecordFormatter.escaped(text)
    }

    /// Why `name` cannot be an `N:` line read back as itself, or `nil` when it can: the
    /// line ends at a line break (libevemu also at `\r`), leading blanks are dropped, and
    /// a NUL makes the file binary.
    static func nameProblem(_ name: String) -> String? {
        if name.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) {
            return "the evemu N: line is one line; the name holds a line break or NUL"
        }
        // By scalars: a blank followed by a combining mark is one Character that is not " ",
        // and the readers still drop the blank (found by `tools/fuzz getevent`).
        if let first = name.unicodeScalars.first, first == " " || first == "\t" {
            return "the evemu N: line drops blanks before the name"
        }
        return nil
    }

    /// A bitmask as evemu writes it: `(maxCode + 1 + 7) / 8` bytes, 8 per line
    /// (the last line zero-filled), `%02x` each.
    static func maskChunks(_ bits: Set<UInt16>, maxCode: UInt16) -> [String] {
        let byteCount = (Int(maxCode) + 1 + 7) / 8
        let lineCount = max(1, (byteCount + 7) / 8)
        var bytes = [UInt8](repeating: 0, count: lineCount * 8)
        for bit in bits where Int(bit) / 8 < bytes.count {
            bytes[Int(bit) / 8] |= 1 << (bit % 8)
        }
        return (0..<lineCount).map { line in
            bytes[(line * 8)..<(line * 8 + 8)].map { CFormat.hex($0, width: 2) }.joined(separator: " ")
        }
    }
}
