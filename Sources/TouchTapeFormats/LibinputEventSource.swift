@_spi(Pipeline) import TouchTapeEvents
import Yams

/// Streams one device's `events:` list of a libinput record file.
///
/// Everything before that list goes through Yams (``LibinputHeader``); the list
/// itself is read by a strict line parser for libinput-record's own layout
/// (fact sheet §2.1/§2.3): items `  - evdev:` with rows `    - [sec, usec, type, code, value]`,
/// `  - libinput:`/`  - hid:` items skipped, comments skipped, and TouchTape's
/// `  - touchtape: {…}` annotation items. Any other layout (hand-edited flow style,
/// other indentation) falls back to one full Yams parse of the file, so files
/// libinput accepts are read either way; only the fast path streams.
final class LibinputEventSource {
    /// The line of the item last returned; `nil` when the events are read as a whole
    /// (a layout the line reader does not follow, see `startFallback`).
    var lineNumber: Int? { fallback == nil ? reader.lineNumber : nil }
    let reader: LineReader
    let deviceIndex: Int
    private var inEvdevItem = false
    private var finished = false
    private var yielded = 0
    private(set) var eventCount = 0
    /// The last non-blank line read was ``RecordingEndMark/endLine``.
    private(set) var endMarkSeen = false
    /// Drop an unterminated last line even when it parses (a TouchTape file ends every line).
    var dropsUnterminatedLastLine = false
    /// The last line, dropped because the file ends mid-way through it.
    private(set) var cut: RecordingCut?
    private var fallback: [RecordingItem]?
    private var fallbackPosition = 0

    private init(reader: LineReader, deviceIndex: Int) {
        self.reader = reader
        self.deviceIndex = deviceIndex
    }

    /// Reads the header up to the chosen device's `events:` and returns the source
    /// positioned at its first event.
    static func open(reader: LineReader, deviceIndex: Int) throws(RecordingError) -> (LibinputHeader, LibinputEventSource) {
        let source = LibinputEventSource(reader: reader, deviceIndex: deviceIndex)
        var header = ""
        var inDevices = false
        var currentDevice = -1
        var skippingEvents = false
        var sawText = false
        while let line = try reader.nextLine() {
            if !line.isBlank { source.endMarkSeen = RecordingEndMark.isEndLine(line) }
            guard let text = line.validatedString else {
                throw RecordingError(kind: .binary, file: reader.path, line: reader.lineNumber, expected: "UTF-8 text",
                                     found: "invalid UTF-8 bytes", hint: "this is not a text recording; libinput record files are YAML text")
            }
            if !line.isBlank { sawText = true }
            let topLevel = !text.isEmpty && text.first != " " && text.first != "#"
            if skippingEvents {
                if !topLevel { continue }
                skippingEvents = false
            }
            if topLevel {
                if text.hasPrefix("devices:") { inDevices = true }
                else if inDevices && text.hasPrefix("- ") { currentDevice += 1 }
                else if inDevices && !text.hasPrefix("-") { inDevices = false }
            }
            if inDevices, text.hasPrefix("  events:") {
                let value = text.dropFirst(9).trimmingPrefix(while: { $0 == " " })
                if currentDevice == deviceIndex {
                    let parsed = try LibinputHeader.parse(yaml: header, file: reader.path, deviceIndex: deviceIndex, complete: true,
                                                          eventsIncluded: false)
                    source.unkeptKeys = parsed.unkeptKeys
                    if value.hasPrefix("[]") || value.hasPrefix("null") || value.hasPrefix("~") { source.finished = true }
                    else if !(value.isEmpty || value.hasPrefix("#")) { try source.startFallback() }
                    return (parsed, source)
                }
                header += "  events:\n"
                skippingEvents = true
                continue
            }
            header += text
            header += "\n"
            if header.utf8.count > LibinputHeader.maximumSize { throw LibinputHeader.tooLarge(file: reader.path, line: reader.lineNumber) }
        }
        if !sawText {
            throw RecordingError(kind: .empty, file: reader.path, expected: "a libinput record file ('version: 1' …)",
                                 found: "an empty file", hint: "the file holds nothing; was the recording interrupted before it started?")
        }
        // No `events:` for the device in libinput-record's layout: let Yams read it all.
        var parsed = try LibinputHeader.parse(yaml: header, file: reader.path, deviceIndex: deviceIndex,
                                              complete: reader.lastLineTerminated)
        source.unkeptKeys = parsed.unkeptKeys
        if let events = parsed.eventsNode {
            var skipped = Set<String>()
            source.fallback = try items(from: events, file: reader.path, skipped: &skipped)
            source.unkeptItems = skipped
        } else {
            source.finished = true
        }
        parsed.eventsNode = nil
        return (parsed, source)
    }

    /// The next line when it is an event row read the one-pass way
    /// (``LineReader/nextCanonicalLibinputRow()``) inside an `evdev:` item; `nil`: ask ``next()``.
    @inline(__always)
    func nextCanonicalEvent() -> InputEvent? {
        guard inEvdevItem, !finished, fallback == nil, let event = reader.nextCanonicalLibinputRow() else { return nil }
        eventCount += 1
        yielded += 1
        endMarkSeen = false
        return event
    }

    /// Appends the events read the one-pass way (as ``nextCanonicalEvent()`` would give them,
    /// one after the other) to `frame`, up to and including the next `SYN_REPORT`; `true`
    /// when it stopped after one, `false` when the next line is not such a row (ask ``next()``).
    /// A frame's rows in one loop, not a call through ``RecordingStream`` per row (`convert`).
    @inline(__always)
    func appendCanonicalEvents(to frame: inout [InputEvent]) -> Bool {
        guard inEvdevItem, !finished, fallback == nil else { return false }
        let (count, synReport) = reader.appendCanonicalLibinputRows(to: &frame)
        if count > 0 {
            eventCount += count
            yielded += count
            endMarkSeen = false
        }
        return synReport
    }

    /// The next event or annotation; a last line cut mid-way ends the events (see ``RecordingCut``).
    func next() throws(RecordingError) -> RecordingItem? {
        if let event = nextCanonicalEvent() { return .event(event) }
        do {
            return try nextItem()
        } catch {
            guard fallback == nil, let cut = RecordingCut(error, of: reader, eventsBefore: eventCount) else { throw error }
            self.cut = cut
            finished = true
            return nil
        }
    }

    private func nextItem() throws(RecordingError) -> RecordingItem? {
        if let fallback {
            guard fallbackPosition < fallback.count else { return nil }
            defer { fallbackPosition += 1 }
            return fallback[fallbackPosition]
        }
        if finished { return nil }
        while let line = try reader.nextLine() {
            let n = line.count
            var indent = 0
            while indent < n, line[indent] == 0x20 { indent += 1 }
            if indent == n { continue }
            if RecordingEndMark.isEndLine(line) { endMarkSeen = true; continue }
            endMarkSeen = false
            if dropsUnterminatedLastLine, !reader.lastLineTerminated {
                cut = RecordingCut(unterminated: line, of: reader, eventsBefore: eventCount)
                finished = true
                return nil
            }
            if line[indent] == 0x23 { continue }  // comment
            // At the margin only the next device's `- node:` ends this device's events, as
            // libinput record writes them. Anything else there (a tab-indented row, a `...`,
            // a merge's conflict markers) is read the general way, whose YAML parser takes a
            // valid file whole and names the line of an invalid one: it ended the events
            // without a word, and `label` then wrote the file back without the rest.
            if indent == 0 {
                if line.starts(with: "- node:".utf8) { finished = true; return nil }
                return try startFallback()
            }
            if indent == 4, line[4] == 0x2D, n > 6, line[6] == 0x5B {  // "    - ["
                // A row outside an `evdev:` item is no layout libinput record writes: the YAML
                // parser reads what it is, or names the line (it was dropped without a word).
                guard inEvdevItem else { return try startFallback() }
                let event = try row(line)
                eventCount += 1
                yielded += 1
                return .event(event)
            }
            if indent == 2, line[2] == 0x2D {  // "  - key:"
                if line.hasPrefix("  - evdev:") {
                    // A frame's item: read as bytes (a String per frame and its trimming were a
                    // sixth of reading a file, issue 26). After the spaces: nothing or a comment
                    // opens the item's rows; `[]` is an empty item; anything else is not
                    // libinput-record's layout.
                    var k = 10
                    while k < n, line[k] == 0x20 { k += 1 }
                    inEvdevItem = k == n || line[k] == 0x23
                    if !inEvdevItem {
                        // `[]` then ASCII or the end (a byte over 0x7F could join the `]` in
                        // one character, which the text reading did not take as `[]`).
                        let empty = k + 1 < n && line[k] == 0x5B && line[k + 1] == 0x5D && (k + 2 == n || line[k + 2] < 0x80)
                        if !empty { return try startFallback() }
                    }
                    // The item's first row the one-pass way too, as the next call's
                    // `nextCanonicalEvent()` would read it (it went the general way, the
                    // line read twice and its row parsed by `row(_:)`: a row in 20).
                    if let event = nextCanonicalEvent() { return .event(event) }
                    continue
                }
                inEvdevItem = false
                if line.hasPrefix("  - touchtape:") {
                    guard let text = line.validatedString else { throw binary() }
                    // A block-style item (`- touchtape:` and its keys on the lines under it)
                    // is read the general way: read here, its keys were passed over as a
                    // skipped item's contents and the track was unlabelled.
                    let value = text.dropFirst(14).drop { $0 == " " }
                    if value.isEmpty || value.hasPrefix("#") { return try startFallback() }
                    let item: Node?
                    do { item = try Yams.compose(yaml: String(text.dropFirst(4))) } catch {
                        throw RecordingError(kind: reader.lastLineTerminated ? .malformedYAML : .truncated, file: reader.path,
                                             line: reader.lineNumber, eventIndex: eventCount,
                                             expected: "- touchtape: {expect: finish|cancel|none, note: \"…\", cut-short: true}",
                                             found: RecordingError.excerpt(text), hint: "the annotation item is not valid YAML")
                    }
                    yielded += 1
                    return .annotation(try LibinputHeader.annotation(from: item?["touchtape"] ?? Node(""), file: reader.path,
                                                                     line: reader.lineNumber, eventIndex: eventCount))
                }
                // `- libinput:`, `- hid:` and other `- key:` items: skipped with their contents
                // (and named: `label` does not rewrite in place what it would drop).
                // Anything else (`- {evdev: …}` flow maps, `- [ … ]`) is not libinput-record's layout.
                var k = 4
                while k < n, line[k] == 0x5F || line[k] == 0x2D || (line[k] | 0x20) >= 0x61 && (line[k] | 0x20) <= 0x7A { k += 1 }
                guard k > 4, k < n, line[k] == 0x3A else { return try startFallback() }
                unkeptItems.insert(String(decoding: UnsafeBufferPointer(rebasing: line[4..<k]), as: UTF8.self))
                continue
            }
            if indent >= 4, !inEvdevItem { continue }  // contents of a skipped item
            return try startFallback()
        }
        finished = true
        return nil
    }

    /// What is wrong with an event row (plain values: rows are read without allocating).
    private enum RowFailure {
        case missing, nonNumeric, outOfRange
    }

    /// `    - [  0,  11879,   3,  53,  1330] # comment`
    ///
    /// The five numbers go to locals, not an array: this runs for every event, and an
    /// array per row was a fifth of reading a file (issue 13).
    private func row(_ line: UnsafeBufferPointer<UInt8>) throws(RecordingError) -> InputEvent {
        var i = 7
        let n = line.count
        var numbers: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
        var count = 0
        var failure: RowFailure?
        while count < 5 {
            while i < n, line[i] == 0x20 { i += 1 }
            var negative = false
            if i < n, line[i] == 0x2D { negative = true; i += 1 }
            var value: Int64 = 0
            var digits = 0
            while i < n, case let d = line[i] &- 0x30, d < 10 {
                // Any Int64 (as the YAML fallback reads): seconds can exceed 32 bits, and the
                // evemu reader takes them up to Int64.max (found by `tools/fuzz evemu-split`).
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = m.addingReportingOverflow(Int64(d))
                if o1 || o2 { failure = .outOfRange; break }
                value = sum; digits += 1; i += 1
            }
            if failure != nil { break }
            if digits == 0 { failure = i >= n ? .missing : .nonNumeric; break }
            let number = negative ? -value : value
            switch count {
            case 0: numbers.0 = number
            case 1: numbers.1 = number
            case 2: numbers.2 = number
            case 3: numbers.3 = number
            default: numbers.4 = number
            }
            count += 1
            while i < n, line[i] == 0x20 { i += 1 }
            let separator: UInt8 = count == 5 ? 0x5D : 0x2C
            guard i < n, line[i] == separator else { failure = i >= n ? .missing : .nonNumeric; break }
            i += 1
        }
        if failure == nil {
            while i < n, line[i] == 0x20 { i += 1 }
            if i < n, line[i] != 0x23 { failure = .nonNumeric }
        }
        guard let failure else {
            let (sec, usec, type, code, value) = numbers
            guard (0...Int64(EventTime.maximumSeconds)).contains(sec), (0..<1_000_000).contains(usec),
                  (0...0xFFFF).contains(type), (0...0xFFFF).contains(code),
                  (Int64(Int32.min)...Int64(Int32.max)).contains(value) else {
                throw rowError(.valueOutOfRange, line, "sec must be at most \(EventTime.maximumSeconds), usec 0…999999, type and code 0…65535, value a 32-bit integer")
            }
            return InputEvent(time: EventTime(seconds: UInt64(sec), microseconds: UInt32(usec)),
                              type: UInt16(type), code: UInt16(code), value: Int32(value))
        }
        if line.validatedString == nil { throw binary() }
        if !reader.lastLineTerminated {
            throw rowError(.truncated, line, "the file ends mid-line; it was cut short")
        }
        let kind: RecordingError.Kind
        switch failure {
        case .missing: kind = .malformedLine
        case .outOfRange: kind = .valueOutOfRange
        case .nonNumeric: kind = .nonNumericField
        }
        throw rowError(kind, line, "event rows hold five decimal numbers")
    }

    private func rowError(_ kind: RecordingError.Kind, _ line: UnsafeBufferPointer<UInt8>, _ hint: String) -> RecordingError {
        RecordingError(kind: kind, file: reader.path, line: reader.lineNumber, eventIndex: eventCount,
                       expected: "- [<sec>, <usec>, <type>, <code>, <value>]",
                       found: RecordingError.excerpt(line.lossyString.trimmingPrefix(while: { $0 == " " }).description), hint: hint)
    }

    private func binary() -> RecordingError {
        RecordingError(kind: .binary, file: reader.path, line: reader.lineNumber, eventIndex: eventCount,
                       expected: "UTF-8 text", found: "invalid UTF-8 bytes",
                       hint: "this is not a text recording; libinput record files are YAML text")
    }

    /// Re-reads the whole file with Yams and continues after the items already yielded.
    @discardableResult
    private func startFallback() throws(RecordingError) -> RecordingItem? {
        // The first reader still holds the file's lock (or its caller does): don't lock again.
        let whole = try LineReader(path: reader.path, locking: .unlocked)
        var text = ""
        while let line = try whole.nextLine() {
            guard let s = line.validatedString else { throw binary() }
            // The end mark anywhere: YAML another tool appended after it (a key at the margin)
            // is not a cut (it said "lacks its end mark" of a whole file).
            if RecordingEndMark.isEndLine(line) { endMarkSeen = true }
            text += s
            text += "\n"
            if text.utf8.count > LibinputHeader.maximumSize { throw LibinputHeader.tooLarge(file: reader.path, line: whole.lineNumber) }
        }
        let header = try LibinputHeader.parse(yaml: text, file: reader.path, deviceIndex: deviceIndex,
                                              complete: whole.lastLineTerminated)
        unkeptKeys = header.unkeptKeys
        var skipped = Set<String>()
        let items = try header.eventsNode.map { node throws(RecordingError) in try Self.items(from: node, file: reader.path, skipped: &skipped) } ?? []
        unkeptItems.formUnion(skipped)
        fallback = Array(items.dropFirst(yielded))
        fallbackPosition = 0
        return try next()
    }

    /// What the file holds that TouchTape does not write back: events items other than
    /// `evdev` and `touchtape` (`- libinput:`, `- hid:`), and top-level keys libinput record
    /// does not write. `label` refuses to rewrite such a file in place.
    private(set) var unkeptItems = Set<String>()
    private(set) var unkeptKeys: [String] = []

    /// ``unkeptItems`` and ``unkeptKeys`` in words (`- libinput: event items`), or `nil`.
    var unkeptContent: String? {
        let words = unkeptItems.sorted().map { "'- \($0):' event items" } + unkeptKeys.map { "the top-level key '\($0)'" }
        return words.isEmpty ? nil : words.joined(separator: ", ")
    }

    static func items(from events: Node, file: String) throws(RecordingError) -> [RecordingItem] {
        var skipped = Set<String>()
        return try items(from: events, file: file, skipped: &skipped)
    }

    static func items(from events: Node, file: String, skipped: inout Set<String>) throws(RecordingError) -> [RecordingItem] {
        var items: [RecordingItem] = []
        func junk(_ node: Node, _ expected: String, _ hint: String) -> RecordingError {
            RecordingError(kind: .malformedYAML, file: file, line: node.mark?.line, expected: expected,
                           found: node.string.map { RecordingError.excerpt($0) } ?? (node.sequence != nil ? "a list" : "a map"),
                           hint: hint)
        }
        if events.scalar != nil, events.string.map({ ["", "~", "null", "Null", "NULL"].contains($0) }) == true { return [] }
        guard let list = events.sequence else {
            throw junk(events, "events: a list of '- evdev: [rows]' items", "the events of a device are a YAML list")
        }
        for item in list {
            guard item.mapping != nil else {
                throw junk(item, "- evdev: [[<sec>, <usec>, <type>, <code>, <value>], …]",
                           "every events item is a map such as '- evdev: [...]' (libinput record's layout)")
            }
            if let marks = item[LibinputHeader.extraKey] {
                items.append(.annotation(try LibinputHeader.annotation(from: marks, file: file, line: nil, eventIndex: nil)))
            }
            for key in item.mapping?.keys.compactMap(\.string) ?? [] where key != "evdev" && key != LibinputHeader.extraKey {
                skipped.insert(key)
            }
            guard let evdev = item["evdev"] else { continue }  // `libinput:`, `hid:` items
            if evdev.scalar != nil, evdev.string.map({ ["", "~", "null", "Null", "NULL"].contains($0) }) == true { continue }
            guard let rows = evdev.sequence else {
                throw junk(evdev, "evdev: [[<sec>, <usec>, <type>, <code>, <value>], …]", "an evdev item holds a list of event rows")
            }
            for row in rows {
                let numbers = (row.sequence ?? []).compactMap(\.int)
                guard numbers.count == 5, row.sequence?.count == 5 else {
                    throw RecordingError(kind: .malformedLine, file: file, line: row.mark?.line,
                                         expected: "[<sec>, <usec>, <type>, <code>, <value>]",
                                         found: row.string.map { RecordingError.excerpt($0) } ?? "a list of \(row.sequence?.count ?? 0) items",
                                         hint: "event rows hold five decimal numbers")
                }
                guard (0...Int(EventTime.maximumSeconds)).contains(numbers[0]), (0..<1_000_000).contains(numbers[1]),
                      (0...0xFFFF).contains(numbers[2]), (0...0xFFFF).contains(numbers[3]), let value = Int32(exactly: numbers[4]) else {
                    throw RecordingError(kind: .valueOutOfRange, file: file, line: row.mark?.line,
                                         expected: "[<sec ≤ \(EventTime.maximumSeconds)>, <usec 0…999999>, <type 0…65535>, <code 0…65535>, <32-bit value>]",
                                         found: numbers.map(String.init).joined(separator: ", "),
                                         hint: "a number is outside its field's range")
                }
                items.append(.event(InputEvent(
                    time: EventTime(seconds: UInt64(numbers[0]), microseconds: UInt32(numbers[1])),
                    type: UInt16(numbers[2]), code: UInt16(numbers[3]), value: value)))
            }
        }
        return items
    }
}
