@_spi(Pipeline) import TouchTapeEvents

/// Writes a recording as Android's `getevent` prints one device: the listing of
/// `getevent -i -l` (docs/getevent-format.md §2-3) and one `getevent -lt` line per
/// event (§4), as `adb shell getevent -i -l -t -c COUNT /dev/input/eventN` would print
/// them: single-device mode, so event lines have no path prefix.
///
/// The getevent lines are exactly getevent's printf formats. TouchTape adds comment
/// lines, which getevent never prints and TouchTape's reader takes (docs/recording-formats.md,
/// "getevent captures"): `# touchtape: recording` first, `# Kernel:`/`# DMI:` as in
/// evemu, `# touchtape: EV_SYN codes …` when the device's `EV_SYN` codes are not the
/// usual three (getevent cannot list them), the gesture marks and the end mark.
///
/// Two things getevent would print differently, both so that the file reads back as
/// written: a code whose name, cut to getevent's 20 columns, would name several codes
/// (`KEY_KBDINPUTASSIST_P…`) is written in hex, as getevent writes a code it has no
/// name for; an axis's current value (which neither evemu nor libinput record keeps) is 0.
package struct GeteventFormatter: RecordingFormatter {
    /// The device being written.
    package let deviceDescription: DeviceDescription
    /// What the file says about itself.
    package let metadata: RecordingMetadata

    /// The `EV_SYN` codes a getevent capture's device is read with (what evemu-record
    /// writes for every device, `B: 00 0b`): getevent cannot list `EV_SYN` codes.
    package static let defaultSynCodes: Set<UInt16> = [EventCodes.SYN_REPORT, EventCodes.SYN_CONFIG, EventCodes.SYN_DROPPED]
    /// The node written when the recording does not say which it was.
    package static let defaultNode = "/dev/input/event0"
    /// The evdev driver version Linux has reported since 2.6.x (`EV_VERSION`, 0x010001).
    static let driverVersion = "1.0.1"
    /// The header comment for `EV_SYN` codes.
    static let synCodesPrefix = "# touchtape: EV_SYN codes"

    /// The event lines' scratch bytes, kept between calls.
    private var scratch = ByteWriter.Scratch()
    /// The `%-12.12s %-20.20s ` of each (type, code) written so far (a recording has a
    /// dozen, each on thousands of lines).
    private var prefixes = LinePrefixes()

    /// A value from its parts.
    package init(description: DeviceDescription, metadata: RecordingMetadata) {
        self.deviceDescription = description
        self.metadata = metadata
    }

    /// The TouchTape comments, then the device listing.
    package func header() -> String {
        let d = deviceDescription
        var text = RecordingEndMark.evemuHeaderLine + "\n"
        if let kernel = metadata.kernel { text += "# Kernel: " + EvemuFormatter.oneLine(kernel) + "\n" }
        if let dmi = metadata.dmi { text += "# DMI: " + EvemuFormatter.oneLine(dmi) + "\n" }
        // libinput's quirks as recorded: TouchTape's comment, as in its evemu files.
        for quirk in d.quirks { text += EvemuFormatter.quirkPrefix + EvemuFormatter.oneLine(quirk) + "\n" }
        for property in d.udevProperties { text += EvemuFormatter.udevPrefix + EvemuFormatter.oneLine(property) + "\n" }
        let syn = d.codes[EventType.syn.rawValue] ?? []
        if syn != Self.defaultSynCodes {
            text += Self.synCodesPrefix + syn.sorted().map { " " + CFormat.hex($0, width: 4) }.joined() + "\n"
        }
        text += "add device 1: \(metadata.deviceNode ?? Self.defaultNode)\n"
        text += "  bus:      \(CFormat.hex(d.id.bustype, width: 4))\n"
        text += "  vendor    \(CFormat.hex(d.id.vendor, width: 4))\n"
        text += "  product   \(CFormat.hex(d.id.product, width: 4))\n"
        text += "  version   \(CFormat.hex(d.id.version, width: 4))\n"
        text += "  name:     \"\(d.name)\"\n"
        text += "  location: \"\"\n"
        text += "  id:       \"\"\n"
        text += "  version:  \(Self.driverVersion)\n"
        text += Self.possibleEvents(d)
        text += "  input props:\n"
        if d.properties.isEmpty { text += "    <none>\n" }
        for property in d.properties.sorted() {
            text += "    " + (GeteventLabels.label(Int(property), in: .inputProperties) ?? CFormat.hex(property, width: 4)) + "\n"
        }
        return text
    }

    /// `print_possible_events` with `-l`: each type's codes, 4 to a line (ABS: one, with its range).
    static func possibleEvents(_ d: DeviceDescription) -> String {
        var text = "  events:\n"
        for type in d.supportedTypes where type >= EventType.key.rawValue && type <= 0x1f {
            let table = GeteventLabels.Table(codesOf: type).flatMap { $0 == .syn ? nil : $0 }
            var line = "    \(typeLabel(type)) (\(CFormat.hex(type, width: 4))):"
            for (count, code) in (d.codes[type] ?? []).sorted().enumerated() {
                if count > 0 && (count & 3 == 0 || type == EventType.abs.rawValue) { line += "\n               " }
                let on: Bool
                switch type {
                case 0x11: on = (d.ledStates[code] ?? 0) != 0
                case 0x05: on = (d.switchStates[code] ?? 0) != 0
                default: on = false
                }
                let state = on ? "*" : " "
                if let table {
                    if let label = printableLabel(Int(code), in: table) {
                        line += " " + label.prefix(20) + state + String(repeating: " ", count: abs(20 - label.count))
                    } else {
                        line += " " + CFormat.hex(code, width: 4) + state + String(repeating: " ", count: 16)
                    }
                } else {
                    line += " " + CFormat.hex(code, width: 4) + state
                }
                if type == EventType.abs.rawValue, let a = d.absInfo[code] {
                    line += " : value 0, min \(a.minimum), max \(a.maximum), fuzz \(a.fuzz), flat \(a.flat), resolution \(a.resolution)"
                }
            }
            text += line + "\n"
        }
        return text
    }

    /// The three-character type name of the listing (`SW ` and `FF ` end in a space).
    static func typeLabel(_ type: UInt16) -> String {
        switch type {
        case 0x01: return "KEY"
        case 0x02: return "REL"
        case 0x03: return "ABS"
        case 0x04: return "MSC"
        case 0x05: return "SW "
        case 0x11: return "LED"
        case 0x12: return "SND"
        case 0x14: return "REP"
        case 0x15: return "FF "
        case 0x16: return "PWR"
        case 0x17: return "FFS"
        default: return "???"
        }
    }

    /// getevent's name for a code, unless cutting it to 20 characters makes it name
    /// several codes (then `nil`: hex, so the file reads back).
    static func printableLabel(_ value: Int, in table: GeteventLabels.Table) -> String? {
        guard let label = GeteventLabels.label(value, in: table) else { return nil }
        guard label.count > 20 else { return label }
        return GeteventLabels.value(of: label.prefix(20), in: table, width: 20) == .value(value) ? label : nil
    }

    /// One `getevent -lt` line per event, appended to `out` as bytes: what ``line(for:)``
    /// gives, without a `String` and two table look-ups an event (1.8 s for a million events,
    /// twenty times the evemu formatter's time; issue 26). A test holds the two equal.
    package mutating func append(_ events: some Collection<InputEvent>, to out: inout [UInt8]) {
        if events.withContiguousStorageIfAvailable({ append($0, to: &out) }) == nil {
            append(Array(events), to: &out)
        }
    }

    private mutating func append(_ events: UnsafeBufferPointer<InputEvent>, to out: inout [UInt8]) {
        let scratch = scratch.bytes()
        var prefixes = self.prefixes
        ByteWriter.lines(into: &out, count: events.count, scratch: scratch) { index, writer in
            let event = events[index]
            writer.byte(UInt8(ascii: "["))
            writer.rightAligned(event.time.seconds, width: 8)
            writer.byte(UInt8(ascii: "."))
            writer.sixDigits(event.time.microseconds)
            writer.literal("] ")
            prefixes.write(type: event.type, code: event.code, to: &writer)
            if Self.hasValueLabel(type: event.type, code: event.code) {
                var text = Self.valueField(type: event.type, code: event.code, value: event.value)
                text.withUTF8 { writer.bytes($0) }
            } else {
                writer.hex(UInt64(UInt32(bitPattern: event.value)), width: 8)
                writer.literal("            ")
            }
            writer.byte(UInt8(ascii: "\n"))
        }
        self.prefixes = prefixes
    }

    /// `[%8ld.%06ld] ` and `print_event`'s labelled body: the reference ``append(_:to:)``
    /// is held to.
    static func line(for event: InputEvent) -> String {
        var text = "[" + CFormat.right(String(event.time.seconds), width: 8) + "." + CFormat.zeroPadded(event.time.microseconds, width: 6) + "] "
        text += body(type: event.type, code: event.code, value: event.value)
        return text + "\n"
    }

    /// `%-12.12s %-20.20s %-20.20s` with hex where there is no name (`print_event`).
    static func body(type: UInt16, code: UInt16, value: Int32) -> String {
        prefix(type: type, code: code) + valueField(type: type, code: code, value: value)
    }

    /// `%-12.12s %-20.20s `: the type and the code, hex where there is no name.
    static func prefix(type: UInt16, code: UInt16) -> String {
        var text: String
        if let label = GeteventLabels.label(Int(type), in: .types) {
            text = CFormat.left(String(label.prefix(12)), width: 12)
        } else {
            text = CFormat.hex(type, width: 4) + "        "
        }
        let table = GeteventLabels.Table(codesOf: type)
        if let table, let label = printableLabel(Int(code), in: table) {
            text += " " + CFormat.left(String(label.prefix(20)), width: 20)
        } else {
            text += " " + CFormat.hex(code, width: 4) + String(repeating: " ", count: 16)
        }
        return text + " "
    }

    /// Whether the value may be written as a name: a key's (`DOWN`) or a tool type's.
    static func hasValueLabel(type: UInt16, code: UInt16) -> Bool {
        type == EventType.key.rawValue || type == EventType.abs.rawValue && code == EventCodes.ABS_MT_TOOL_TYPE
    }

    /// `%-20.20s`: the value's name, else its hex.
    static func valueField(type: UInt16, code: UInt16, value: Int32) -> String {
        var valueLabel: String?
        if type == EventType.key.rawValue {
            valueLabel = GeteventLabels.keyValueTable.first { $0.value == Int(value) }?.name
        } else if type == EventType.abs.rawValue && code == EventCodes.ABS_MT_TOOL_TYPE {
            valueLabel = printableLabel(Int(value), in: .mtTool)
        }
        if let valueLabel {
            return CFormat.left(String(valueLabel.prefix(20)), width: 20)
        }
        return CFormat.hex(UInt32(bitPattern: value), width: 8) + String(repeating: " ", count: 12)
    }

    /// The ``prefix(type:code:)`` bytes of the (type, code) pairs written so far: a
    /// recording's dozen looked at in turn, the last one first.
    struct LinePrefixes {
        /// Pairs kept at most; a stream of more (a hostile one) makes the rest each time.
        static let capacity = 256
        private var keys: [UInt32] = []
        private var bytes: [UInt8] = []
        private var last = 0
        /// The prefix is always this long: 12 + 1 + 20 + 1 (names are ASCII, cut or padded).
        static let length = 34

        mutating func write(type: UInt16, code: UInt16, to writer: inout ByteWriter) {
            let key = UInt32(type) &<< 16 | UInt32(code)
            var slot = -1
            if last < keys.count, keys[last] == key { slot = last } else if let k = keys.firstIndex(of: key) { slot = k }
            if slot < 0 {
                var text = GeteventFormatter.prefix(type: type, code: code)
                guard keys.count < Self.capacity, text.utf8.count == Self.length else {
                    text.withUTF8 { writer.bytes($0) }
                    return
                }
                keys.append(key)
                bytes += text.utf8
                slot = keys.count - 1
            }
            last = slot
            bytes.withUnsafeBufferPointer { all in
                writer.bytes(UnsafeBufferPointer(rebasing: all[(slot * Self.length)..<((slot + 1) * Self.length)]))
            }
        }
    }

    /// A gesture's mark: the evemu comment line, which getevent never prints.
    package mutating func format(annotation: TrackAnnotation) -> String {
        EvemuAnnotationSyntax.line(for: annotation) + "\n"
    }

    /// The end mark (``RecordingEndMark``).
    package func footer() -> String { RecordingEndMark.endLine + "\n" }

    /// Why `description` cannot be written so that it reads back the same, or `nil`: a name
    /// getevent's one-line, unescaped `name:` field cannot hold, an axis range for a code the
    /// device does not declare (getevent prints a range beside its code), an LED or switch
    /// state other than on for a declared code (getevent prints a `*`).
    static func descriptionProblem(_ description: DeviceDescription) -> String? {
        if description.name.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) {
            return "getevent's name: line is one line, unescaped; the name holds a line break or NUL"
        }
        let abs = description.codes[EventType.abs.rawValue] ?? []
        if let code = description.absInfo.keys.sorted().first(where: { !abs.contains($0) }) {
            return "the axis range of code \(CFormat.hex(code, width: 4)) belongs to no declared ABS code; getevent lists a range beside its code"
        }
        for (type, states) in [(UInt16(0x11), description.ledStates), (UInt16(0x05), description.switchStates)] {
            let declared = description.codes[type] ?? []
            if let code = states.keys.sorted().first(where: { !declared.contains($0) || states[$0] != 1 }) {
                return "the state \(states[code]!) of \(EventCodes.codeName(type: type, code: code)) is not a declared code's on (getevent marks on with a *)"
            }
        }
        return nil
    }
}
