@_spi(Pipeline) import TouchTapeEvents

/// The devices a getevent capture lists: `add device` blocks with the lines `-p`, `-i`
/// and `-v` add (docs/getevent-format.md §2-3), built up one line at a time.
struct GeteventListing {
    /// One `add device` block.
    struct Device {
        var path: String
        /// The line of its `add device`.
        var line: Int
        var name = ""
        var id = InputID(bustype: 0, vendor: 0, product: 0, version: 0)
        var codes: [UInt16: Set<UInt16>] = [:]
        var absInfo: [UInt16: AbsInfo] = [:]
        /// The line each range was read from (``RecordingMetadata/absInfoLines``).
        var absInfoLines: [UInt16: Int] = [:]
        var ledStates: [UInt16: Int32] = [:]
        var switchStates: [UInt16: Int32] = [:]
        var properties: Set<UInt16> = []
        /// The block has an `events:` list (`-p`/`-i`), so codes and ranges are known.
        var listsEvents = false

        func description(synCodes: Set<UInt16>) -> DeviceDescription {
            var codes = self.codes
            if listsEvents { codes[EventType.syn.rawValue] = synCodes }
            return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absInfo: absInfo,
                                     ledStates: ledStates, switchStates: switchStates)
        }
    }

    /// Why a listing line does not read: what was expected, and a hint.
    struct Failure: Error {
        var expected: String
        var hint: String
        /// What the error is: a line that does not read, or a number out of range.
        var kind = RecordingError.Kind.malformedLine
    }

    private(set) var devices: [Device] = []
    private enum Block { case none, events, properties, hidDescriptor }
    private var block = Block.none
    private var currentType: UInt16?

    /// The device whose block is being read.
    private var current = 0

    /// Starts a device's block; a path listed before (`getevent -lp` output followed by a
    /// `getevent -lt` capture's own names) continues that device's block.
    mutating func add(path: String, line: Int) {
        if let known = devices.firstIndex(where: { $0.path == path }) {
            current = known
        } else {
            devices.append(Device(path: path, line: line))
            current = devices.count - 1
        }
        block = .none
        currentType = nil
    }

    /// Adds a device read elsewhere (a separate description file's).
    mutating func append(_ device: Device) { devices.append(device) }

    /// Takes one indented line of the current block: line `number` of the file (a wrapped
    /// one: the line it starts on).
    mutating func take(_ line: Substring, number: Int) throws(Failure) {
        if block == .hidDescriptor { return }   // the descriptor's lines, until a blank line
        guard !devices.isEmpty else {
            throw Failure(expected: "add device N: /dev/input/eventX before a device's lines",
                          hint: "a device listing line comes before any 'add device' line; the capture's start is missing")
        }
        let trimmed = line.drop { $0 == " " }
        let indent = line.count - trimmed.count
        let text = trimmed.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        let content = Substring(String(text))
        if indent == 2 {
            currentType = nil
            try header(content)
            return
        }
        switch block {
        case .events:
            if indent == 4, let open = content.firstIndex(of: "("), content[open...].hasPrefix("(") {
                let close = content.index(open, offsetBy: 5, limitedBy: content.endIndex) ?? content.endIndex
                guard close < content.endIndex, content[close] == ")",
                      let type = GeteventLine.hex(content[content.index(after: open)..<close], digits: 4),
                      content[content.index(after: close)...].hasPrefix(":") else {
                    throw Failure(expected: "    TYPE (tttt): codes…", hint: "a type line of the events: list is malformed")
                }
                // getevent lists the types up to EV_MAX; the other readers refuse more, so a
                // listing with one would read and then not convert (found by `tools/fuzz getevent`).
                guard type <= EventType.max.rawValue else {
                    throw Failure(expected: "an event type 0000…\(CFormat.hex(EventType.max.rawValue, width: 4)) (EV_MAX)",
                                  hint: "event type \(CFormat.hex(UInt16(type), width: 4)) does not exist in Linux; evemu and the kernel cannot hold it",
                                  kind: .valueOutOfRange)
                }
                currentType = UInt16(type)
                try items(content[content.index(close, offsetBy: 2)...], type: UInt16(type), line: number)
            } else if indent >= 15, let type = currentType {
                try items(content, type: type, line: number)
            } else {
                throw Failure(expected: "a type line (    ABS (0003): …) or its continuation (15 spaces)",
                              hint: "the events: list of the device is malformed")
            }
        case .properties:
            guard indent == 4 else { throw Failure(expected: "    INPUT_PROP_…", hint: "the input props: list is malformed") }
            if content == "<none>" || content == "<not available" || content == "<not available>" { return }
            if let hex = GeteventLine.hex(content, digits: 4) {
                devices[current].properties.insert(UInt16(hex))
            } else if case .value(let value) = GeteventLabels.value(of: content, in: .inputProperties, width: .max), value <= 0xffff {
                devices[current].properties.insert(UInt16(value))
            } else {
                throw Failure(expected: "an INPUT_PROP_ name or 4 hex digits", hint: "unknown input property '\(RecordingError.excerpt(content))'")
            }
        case .none, .hidDescriptor:
            throw Failure(expected: "a device header line (  name:, bus:, events:, input props:)",
                          hint: "an indented line outside any block getevent prints")
        }
    }

    /// A blank line ends a HID descriptor block.
    mutating func blank() { if block == .hidDescriptor { block = .none } }

    private mutating func header(_ content: Substring) throws(Failure) {
        let index = current
        func field(_ prefix: String) -> Substring? {
            content.hasPrefix(prefix) ? content.dropFirst(prefix.count).drop { $0 == " " } : nil
        }
        func hexField(_ value: Substring) throws(Failure) -> UInt16 {
            guard let hex = GeteventLine.hex(value, digits: 4) else {
                throw Failure(expected: "4 hex digits", hint: "the device's bus/vendor/product/version is not hex")
            }
            return UInt16(hex)
        }
        if let value = field("name:") {
            // Scalars, not characters: a name starting with a combining mark clusters with the quote.
            let scalars = value.unicodeScalars
            guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
                throw Failure(expected: "  name:     \"<device name>\"", hint: "the name is not in double quotes (cut short?)")
            }
            devices[index].name = String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
            block = .none
        } else if let value = field("bus:") { devices[index].id.bustype = try hexField(value)
        } else if let value = field("vendor ") { devices[index].id.vendor = try hexField(value)
        } else if let value = field("product ") { devices[index].id.product = try hexField(value)
        } else if let value = field("version "), !value.contains(".") { devices[index].id.version = try hexField(value)
        } else if field("location:") != nil || field("id:") != nil || field("version:") != nil {
            block = .none
        } else if content == "events:" {
            devices[index].listsEvents = true
            block = .events
        } else if content == "input props:" {
            block = .properties
        } else if content.hasPrefix("HID descriptor:") {
            block = .hidDescriptor
        } else {
            throw Failure(expected: "a device header line (  name:, bus:, events:, input props:)",
                          hint: "'\(RecordingError.excerpt(content))' is not a line getevent prints")
        }
    }

    /// The codes of one line of the `events:` list (items split on white space: a name
    /// longer than 20 characters shifts the columns after it).
    private mutating func items(_ text: Substring, type: UInt16, line: Int) throws(Failure) {
        let index = current
        var text = text
        var abs: Substring?
        if type == EventType.abs.rawValue, let colon = text.range(of: " : ") {
            abs = text[colon.upperBound...]
            text = text[..<colon.lowerBound]
        }
        let table = GeteventLabels.Table(codesOf: type)
        for var token in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            var on = false
            if token.last == "*" { on = true; token = token.dropLast() }
            let code: UInt16
            if let hex = GeteventLine.hex(token, digits: 4) { code = UInt16(hex) } else {
                guard let table else { throw Failure(expected: "4 hex digits", hint: "type \(CFormat.hex(type, width: 4)) has no names") }
                switch GeteventLabels.value(of: token, in: table, width: 20) {
                case .value(let value) where value <= 0xffff: code = UInt16(value)
                case .ambiguous(let names):
                    throw Failure(expected: "a code name", hint: "'\(token)' is cut to 20 characters and names several codes: \(names.joined(separator: ", "))")
                default:
                    throw Failure(expected: "a code name or 4 hex digits", hint: "unknown name '\(RecordingError.excerpt(token))' for type \(CFormat.hex(type, width: 4))")
                }
            }
            devices[index].codes[type, default: []].insert(code)
            if on, type == 0x11 { devices[index].ledStates[code] = 1 }
            if on, type == 0x05 { devices[index].switchStates[code] = 1 }
            if let abs {
                devices[index].absInfo[code] = try Self.absInfo(abs)
                devices[index].absInfoLines[code] = line
            }
        }
    }

    /// ` : value V, min A, max B, fuzz C, flat D, resolution E` (old getevent: `fuzz C flat D`, no resolution).
    static func absInfo(_ text: Substring) throws(Failure) -> AbsInfo {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
        var fields: [String: Int32] = [:]
        var i = 0
        while i + 1 < words.count {
            guard let number = Int32(words[i + 1]) else { break }
            fields[String(words[i])] = number
            i += 2
        }
        guard i == words.count, let min = fields["min"], let max = fields["max"], fields["value"] != nil else {
            throw Failure(expected: "value V, min A, max B, fuzz C, flat D, resolution E",
                          hint: "an axis range is malformed or cut short")
        }
        return AbsInfo(minimum: min, maximum: max, fuzz: fields["fuzz"] ?? 0, flat: fields["flat"] ?? 0, resolution: fields["resolution"] ?? 0)
    }
}
