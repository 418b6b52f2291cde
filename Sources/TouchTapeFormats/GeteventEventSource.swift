@_spi(Pipeline) import TouchTapeEvents

/// Reads an Android `getevent` capture (docs/getevent-format.md, docs/recording-formats.md
/// "getevent captures"): the device listing (`-lp`/`-p`/`-i`, in the capture or in a
/// separate description file), then one device's events (`-lt`/`-t`), as a stream.
///
/// Quirks taken: hex or labelled fields, names cut to their column, the `-r` rate suffix,
/// the old `sec-usec:` timestamps, `\r\n` line ends (a pty), a UTF-8 byte-order mark,
/// missing trailing spaces, getevent's stderr messages, several devices with path
/// prefixes (the touch device is taken, or the one `deviceIndex` names), and lines a
/// terminal wrapped (joined back when the pieces make one line getevent prints).
/// Refused, each with its line: a line getevent does not print, an unknown name, a
/// device added mid-capture, events without timestamps, a capture whose devices are
/// not listed (`missingDescription`) or hold no touch device (`noTouchDevice`).
final class GeteventEventSource {
    let reader: LineReader
    /// The device read.
    private(set) var description = DeviceDescription(name: "", id: InputID(bustype: 0, vendor: 0, product: 0, version: 0))
    /// libinput quirks from TouchTape's `# Quirk:` lines (getevent has no field for them).
    private var quirks: [String] = []
    /// udev properties from TouchTape's `# Udev:` lines.
    private var udevProperties: [String] = []
    private(set) var metadata = RecordingMetadata()
    /// The line of the item last returned.
    var lineNumber: Int? { currentLine }
    private(set) var eventCount = 0
    private(set) var endMarkSeen = false
    var dropsUnterminatedLastLine = false
    private(set) var cut: RecordingCut?

    /// The chosen device's path; `nil` when event lines carry no path (single-device mode).
    private var devicePath: String?
    /// Whether the event lines carry a path prefix (fixed by the first one).
    private var prefixed: Bool?
    private var pending: (text: String, line: Int, terminated: Bool)?
    private var currentLine = 0
    private var currentTerminated = true
    /// The labels the event lines read the quick way have named (``nextCanonicalEvent()``).
    private let labels = GeteventLabelCache()
    /// Whether event lines are read the quick way; off, every line is read the general way
    /// (``GeteventQuickReading`` compares the two).
    var readsQuickly = true

    /// A line read as text, with its number and whether it ended with a newline.
    private func nextLine() throws(RecordingError) -> (text: String, line: Int, terminated: Bool)? {
        if let line = pending { pending = nil; return line }
        guard let bytes = try reader.nextLine() else { return nil }
        guard var text = bytes.validatedString else { throw binary(line: reader.lineNumber) }
        if reader.lineNumber == 1, text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return (text, reader.lineNumber, reader.lastLineTerminated)
    }

    private func binary(line: Int) -> RecordingError {
        RecordingError(kind: .binary, file: reader.path, line: line, eventIndex: eventCount,
                       expected: "UTF-8 text", found: "invalid UTF-8 bytes",
                       hint: "a getevent capture is plain text; one saved by Windows PowerShell's '>' is UTF-16: save it with 'adb exec-out getevent … > FILE' from cmd, or convert it to UTF-8")
    }

    /// Opens a capture: its description from `descriptionReader` (a `-lp` file) when
    /// given, else from the capture's own listing.
    init(reader: LineReader, descriptionReader: LineReader?, deviceIndex: Int?) throws(RecordingError) {
        self.reader = reader
        var listing = GeteventListing()
        var synCodes = GeteventFormatter.defaultSynCodes
        var descriptionFile = reader.path
        if let descriptionReader {
            descriptionFile = descriptionReader.path
            let head = GeteventEventSource(headOf: descriptionReader)
            try head.readHead(into: &listing, synCodes: &synCodes, metadata: &metadata, allowEvents: false)
            quirks = head.quirks
            udevProperties = head.udevProperties
        }
        var own = GeteventListing()
        try readHead(into: &own, synCodes: &synCodes, metadata: &metadata, allowEvents: true)
        // A capture of all devices lists their names again: its order is kept (device
        // numbers as the capture shows them), each block replaced by the description file's.
        var merged = GeteventListing()
        for device in own.devices { merged.append(listing.devices.first { $0.path == device.path } ?? device) }
        for device in listing.devices where !own.devices.contains(where: { $0.path == device.path }) { merged.append(device) }
        listing = merged
        try choose(from: listing, synCodes: synCodes, deviceIndex: deviceIndex, file: descriptionFile)
        description.quirks = quirks
        description.udevProperties = udevProperties
    }

    /// A reader used only for a description file's head.
    private init(headOf reader: LineReader) { self.reader = reader }

    /// Reads the comments and device listing before the first event (or mark), which is left for ``next()``.
    private func readHead(into listing: inout GeteventListing, synCodes: inout Set<UInt16>, metadata: inout RecordingMetadata,
                          allowEvents: Bool) throws(RecordingError) {
        var previousListing: (text: String, line: Int)?
        while let line = try nextLine() {
            currentLine = line.line
            currentTerminated = line.terminated
            switch GeteventLine.parse(Substring(line.text)) {
            case .success(.blank): listing.blank(); previousListing = nil
            case .success(.message), .success(.removeDevice): previousListing = nil
            case .success(.comment(let text)):
                if text.hasPrefix(RecordingEndMark.endLine) || (text.hasPrefix("# touchtape:") && !Self.isHeaderComment(text)) {
                    guard allowEvents else { continue }
                    pending = line
                    return
                }
                if text == RecordingEndMark.evemuHeaderLine { metadata.writtenByTouchTape = true }
                if text.hasPrefix("# Kernel: ") { metadata.kernel = String(text.dropFirst(10)) }
                if text.hasPrefix("# DMI: ") { metadata.dmi = String(text.dropFirst(7)) }
                if text.hasPrefix(EvemuFormatter.quirkPrefix) { quirks.append(String(text.dropFirst(EvemuFormatter.quirkPrefix.count))) }
                if text.hasPrefix(EvemuFormatter.udevPrefix) { udevProperties.append(String(text.dropFirst(EvemuFormatter.udevPrefix.count))) }
                if text.hasPrefix(GeteventFormatter.synCodesPrefix) {
                    let codes = text.dropFirst(GeteventFormatter.synCodesPrefix.count).split(separator: " ").compactMap { GeteventLine.hex($0, digits: 4) }
                    synCodes = Set(codes.map { UInt16($0) })
                }
            case .success(.addDevice(let path)):
                listing.add(path: path, line: line.line)
                previousListing = nil
            case .success(.listing(let text)):
                do { try listing.take(text, number: line.line); previousListing = (line.text, line.line) } catch {
                    guard try !joinWrapped(previous: &previousListing, line, into: &listing) else { continue }
                    let kind = error.kind != .malformedLine ? error.kind : line.terminated ? .malformedLine : .truncated
                    throw RecordingError(kind: kind, file: reader.path, line: line.line,
                                         expected: error.expected, found: RecordingError.excerpt(text), hint: error.hint)
                }
            case .success(.event):
                guard allowEvents else {
                    throw RecordingError(kind: .malformedLine, file: reader.path, line: line.line, expected: "a device listing (getevent -lp)",
                                         found: RecordingError.excerpt(line.text),
                                         hint: "a description file holds the listing only; give the events file after it")
                }
                pending = line
                return
            case .failure(let failure):
                if try joinWrapped(previous: &previousListing, line, into: &listing) { continue }
                guard allowEvents else { throw lineError(failure, line) }
                // Maybe an event line a terminal wrapped: next() joins it or reports it.
                pending = line
                return
            }
        }
    }

    /// A line that did not read, joined to the listing line before it (a terminal wrapped
    /// that one): `true` when the joined line reads (it is taken again, whole).
    private func joinWrapped(previous: inout (text: String, line: Int)?, _ line: (text: String, line: Int, terminated: Bool),
                             into listing: inout GeteventListing) throws(RecordingError) -> Bool {
        guard let before = previous else { return false }
        for joined in [before.text + line.text, before.text + " " + line.text] {
            var trial = listing
            if (try? trial.take(Substring(joined), number: before.line)) != nil {
                listing = trial
                previous = (joined, before.line)
                return true
            }
        }
        return false
    }

    /// `# Kernel:`, `# DMI:`, `# touchtape: recording`, `# touchtape: EV_SYN codes`: header facts, not marks.
    static func isHeaderComment(_ text: Substring) -> Bool {
        text == RecordingEndMark.evemuHeaderLine || text.hasPrefix(GeteventFormatter.synCodesPrefix)
    }

    /// Picks the device whose events are read.
    private func choose(from listing: GeteventListing, synCodes: Set<UInt16>, deviceIndex: Int?, file: String) throws(RecordingError) {
        let devices = listing.devices
        let described = devices.filter(\.listsEvents)
        guard !described.isEmpty else {
            throw RecordingError(kind: .missingDescription, file: file, line: devices.first?.line ?? (currentLine > 0 ? 1 : nil), eventIndex: 0,
                                 expected: "a device listing with its events: (getevent -lp)",
                                 found: devices.isEmpty ? "events only" : "device names only",
                                 hint: "capture the description too: 'adb shell getevent -lp > phone.getevent', then give both: touchtape inspect phone.getevent CAPTURE (or name the capture phone.NAME.getevent beside it)")
        }
        let chosenIndex: Int
        if let deviceIndex {
            guard deviceIndex >= 0, deviceIndex < devices.count, devices[deviceIndex].listsEvents else {
                throw RecordingError(kind: .unknownDevice, file: file, line: devices.first?.line,
                                     expected: "a device index below \(devices.count) whose events: are listed",
                                     found: "device index \(deviceIndex)", hint: Self.deviceList(devices, synCodes))
            }
            chosenIndex = deviceIndex
        } else if devices.count == 1 {
            chosenIndex = 0
        } else {
            let touch = devices.indices.filter { devices[$0].listsEvents && devices[$0].description(synCodes: synCodes).classification.kind != .other }
            guard let first = touch.first else {
                throw RecordingError(kind: .noTouchDevice, file: file, line: devices[0].line,
                                     expected: "a touchscreen or touchpad among the devices listed",
                                     found: "\(devices.count) devices, none with touch axes",
                                     hint: "record the touch device itself; the capture lists: " + Self.deviceList(devices, synCodes))
            }
            guard touch.count == 1 else {
                throw RecordingError(kind: .unknownDevice, file: file, line: devices[touch[1]].line,
                                     expected: "one touch device", found: "\(touch.count) touch devices",
                                     hint: "choose one with --device N: " + Self.deviceList(devices, synCodes))
            }
            chosenIndex = first
        }
        let chosen = devices[chosenIndex]
        description = chosen.description(synCodes: synCodes)
        devicePath = chosen.path
        metadata.deviceNode = chosen.path
        metadata.absInfoLines = chosen.absInfoLines
        if devices.count > 1 {
            metadata.deviceIndex = chosenIndex
            metadata.deviceCount = devices.count
        }
    }

    static func deviceList(_ devices: [GeteventListing.Device], _ synCodes: Set<UInt16>) -> String {
        devices.enumerated().map { index, device in
            let kind = device.listsEvents ? device.description(synCodes: synCodes).classification.kind.rawValue : "not listed"
            return "\(index): \(device.path) \"\(RecordingError.excerpt(device.name))\" (\(kind))"
        }.joined(separator: "; ")
    }

    /// The next event when the next line is the usual event line
    /// (``GeteventLine/canonicalEvent(_:labels:)``) of a capture without paths, read
    /// from the reader's buffer in one pass; `nil` (nothing consumed) for any other line,
    /// which ``next()`` reads. A line read here is one ``next()`` takes for the same event.
    func nextCanonicalEvent() -> InputEvent? {
        // A line held back is read first; after lines with a path, one without is an error.
        guard readsQuickly, pending == nil, prefixed != true,
              let event = reader.nextLine(ifParsed: { [labels] in GeteventLine.canonicalEvent($0, labels: labels) }) else { return nil }
        prefixed = false
        eventCount += 1
        endMarkSeen = false
        currentLine = reader.lineNumber
        currentTerminated = true
        return event
    }

    /// The next event or mark; a last line cut mid-way ends the events (``RecordingCut``).
    func next() throws(RecordingError) -> RecordingItem? {
        // Most lines: read and parsed in one pass.
        if let event = nextCanonicalEvent() { return .event(event) }
        do {
            return try nextItem()
        } catch {
            guard error.kind == .truncated, !currentTerminated, error.line == currentLine, pending == nil else { throw error }
            cut = RecordingCut(line: currentLine, excerpt: error.found ?? "", eventsBefore: eventCount)
            return nil
        }
    }

    private func nextItem() throws(RecordingError) -> RecordingItem? {
        while let line = try nextLine() {
            currentLine = line.line
            currentTerminated = line.terminated
            let text = Substring(line.text)
            if text.hasPrefix(RecordingEndMark.endLine), text.dropFirst(RecordingEndMark.endLine.count).allSatisfy({ $0 == " " }) {
                endMarkSeen = true
                continue
            }
            if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if dropsUnterminatedLastLine, !line.terminated {
                cut = RecordingCut(line: line.line, excerpt: RecordingError.excerpt(text), eventsBefore: eventCount)
                return nil
            }
            endMarkSeen = false
            switch GeteventLine.parse(text) {
            case .success(.event(let event)):
                if let item = try accept(event, line) { return item }
            case .success(.comment(let comment)):
                guard comment.hasPrefix("# touchtape:"), !Self.isHeaderComment(comment) else { continue }
                switch EvemuAnnotationSyntax.parse(String(comment)) {
                case .success(let annotation): return .annotation(annotation)
                case .failure(let failure):
                    throw RecordingError(kind: line.terminated ? .malformedLine : .truncated, file: reader.path, line: line.line,
                                         eventIndex: eventCount, expected: "# touchtape: [expect=finish|cancel|none] [note=\"…\"] [cut-short]",
                                         found: RecordingError.excerpt(comment), hint: failure.reason)
                }
            case .success(.addDevice(let path)):
                throw RecordingError(kind: .malformedLine, file: reader.path, line: line.line, eventIndex: eventCount,
                                     expected: "events of the devices listed at the start", found: RecordingError.excerpt(text),
                                     hint: "a device (\(RecordingError.excerpt(path))) was added mid-capture, so the capture's devices changed while it ran; capture the touch device alone (adb shell getevent -lt /dev/input/eventN) or delete the lines from this one on")
            case .success(.listing), .success(.message), .success(.removeDevice), .success(.blank):
                continue
            case .failure(let failure):
                // A line a terminal wrapped: it and the next make one event line.
                if let next = try nextLine() {
                    for joined in [line.text + next.text, line.text + " " + next.text] {
                        if case .success(let event) = GeteventLine.parseEvent(Substring(joined)) {
                            currentLine = next.line
                            currentTerminated = next.terminated
                            if let item = try accept(event, line) { return item }
                            return try nextItem()
                        }
                    }
                    pending = next
                }
                throw lineError(failure, line)
            }
        }
        return nil
    }

    /// An event of the chosen device as an item; `nil` for another device's event.
    private func accept(_ event: GeteventLine.Event, _ line: (text: String, line: Int, terminated: Bool)) throws(RecordingError) -> RecordingItem? {
        let hasPath = event.path != nil
        if let prefixed, prefixed != hasPath {
            throw RecordingError(kind: .malformedLine, file: reader.path, line: line.line, eventIndex: eventCount,
                                 expected: prefixed ? "PATH: before the event, as on the lines before" : "no PATH: prefix, as on the lines before",
                                 found: RecordingError.excerpt(line.text),
                                 hint: "lines of two captures are mixed (getevent gives every line a path or none); keep one capture per file")
        }
        prefixed = hasPath
        if let path = event.path, path != devicePath ?? "" { return nil }
        guard let time = event.time else {
            throw RecordingError(kind: .malformedLine, file: reader.path, line: line.line, eventIndex: eventCount,
                                 expected: "[   SECONDS.MICROS] before the event", found: RecordingError.excerpt(line.text),
                                 hint: "the events have no times: capture with getevent -lt (or -t)")
        }
        eventCount += 1
        return .event(InputEvent(time: time, type: event.type, code: event.code, value: event.value))
    }

    private func lineError(_ failure: GeteventLine.Failure, _ line: (text: String, line: Int, terminated: Bool)) -> RecordingError {
        let kind: RecordingError.Kind = line.terminated ? .malformedLine : .truncated
        let found = RecordingError.excerpt(line.text)
        let grammar = "[   SEC.USEC] [PATH: ]TYPE CODE VALUE (getevent -lt or -t)"
        switch failure {
        case .unrecognised:
            return RecordingError(kind: kind, file: reader.path, line: line.line, eventIndex: eventCount, expected: grammar, found: found,
                                  hint: line.terminated ? "not a line getevent prints (nor one a terminal wrapped)"
                                      : "the file ends mid-line; it was cut short (copy it again, or delete the last line)")
        case .unknownLabel:
            return RecordingError(kind: line.terminated ? .malformedLine : .truncated, file: reader.path, line: line.line, eventIndex: eventCount,
                                  expected: grammar, found: found,
                                  hint: "\(failure.summary): not a name getevent prints (a typo, or a name newer than TouchTape's tables; hex works too)")
        case .ambiguousLabel(let name, let candidates):
            return RecordingError(kind: .malformedLine, file: reader.path, line: line.line, eventIndex: eventCount, expected: grammar, found: found,
                                  hint: "'\(name)' is a name cut to getevent's column width that could be any of \(candidates.joined(separator: ", ")); capture without -l (getevent -t) to get numbers")
        case .badTime(let stamp):
            return RecordingError(kind: kind == .truncated ? .truncated : .valueOutOfRange, file: reader.path, line: line.line, eventIndex: eventCount,
                                  expected: "[   SEC.USEC] with 6 microsecond digits", found: found,
                                  hint: "the timestamp '\(RecordingError.excerpt(stamp))' is malformed or past \(EventTime.maximumSeconds) s")
        }
    }
}

/// Whether a capture read with its usual event lines taken the quick way
/// (``GeteventEventSource/nextCanonicalEvent()``) reads as it does with every line taken
/// the general way: the same items at the same lines, the same end (a cut, the end mark,
/// the count), or the same error at the same line. `tools/fuzz getevent` and a test hold it.
package enum GeteventQuickReading {
    /// `nil` when the two readings of the capture at `path` (with the listing in
    /// `descriptionPath`, when given) agree; else the first difference, in words.
    package static func difference(path: String, descriptionPath: String? = nil) -> String? {
        let quick = read(path: path, descriptionPath: descriptionPath, quickly: true)
        let general = read(path: path, descriptionPath: descriptionPath, quickly: false)
        if let k = zip(quick.items, general.items).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "item \(k): \(quick.items[k]) read quickly, \(general.items[k]) the general way"
        }
        guard quick.items.count == general.items.count else {
            return "\(quick.items.count) items read quickly, \(general.items.count) the general way"
        }
        guard quick.end == general.end else { return "quickly: \(quick.end); the general way: \(general.end)" }
        return nil
    }

    private static func read(path: String, descriptionPath: String?, quickly: Bool) -> (items: [String], end: String) {
        var items: [String] = []
        do throws(RecordingError) {
            let description: LineReader? = if let descriptionPath { try LineReader(path: descriptionPath, locking: .unlocked) } else { nil }
            let source = try GeteventEventSource(reader: LineReader(path: path, locking: .unlocked),
                                                 descriptionReader: description, deviceIndex: nil)
            source.readsQuickly = quickly
            while let item = try source.next() { items.append("\(item) at line \(source.lineNumber ?? -1)") }
            return (items, "the end after \(source.eventCount) events, cut \(String(describing: source.cut)), end mark \(source.endMarkSeen)")
        } catch {
            return (items, "\(error.kind) at line \(error.line ?? -1): \(error)")
        }
    }
}
