@_spi(Pipeline) import TouchTapeEvents

/// Reads a recording one item at a time: the description eagerly, then events and
/// annotations as the file is read in 64 KiB chunks.
///
/// Memory does not grow with the recording's length, so `convert`, `inspect` and
/// the replay can walk recordings far larger than RAM.
///
/// ```swift
/// let stream = try RecordingStream(RecordingSource(path: "pan.evemu"))
/// while let item = try stream.next() {
///     if case .event(let event) = item { … }
/// }
/// ```
package struct RecordingStream {
    /// Where the recording was read from.
    package let source: RecordingSource
    /// The device the events came from.
    package let description: DeviceDescription
    /// What the file says about itself (writer, end mark).
    package let metadata: RecordingMetadata
    private let backend: Backend

    private enum Backend {
        case evemu(EvemuEventSource)
        case libinput(LibinputEventSource)
        case getevent(GeteventEventSource)
    }

    /// Opens the recording; `locking` says how it is locked while read (a shared lock by default).
    package init(_ source: RecordingSource, locking: ReadLocking = .standard) throws(RecordingError) {
        self.source = source
        switch source.format {
        case .evemu:
            // An evemu recording is of one device: `--device N` chooses nothing there.
            if let index = source.deviceIndex, index != 0 {
                throw RecordingError(kind: .unknownDevice, file: source.eventsPath, line: nil, expected: "a device index below 1",
                                     found: "device index \(index)",
                                     hint: "an evemu recording holds one device, number 0; --device chooses among the devices of a libinput record or getevent capture")
            }
            if let descriptionPath = source.descriptionPath {
                let descReader = try LineReader(path: descriptionPath, locking: locking)
                switch try EvemuDescriptionParser(reader: descReader).parse() {
                case .description(let description, let metadata):
                    self.description = description
                    self.metadata = metadata
                case .eventsOnly(_, _, let line):
                    throw RecordingError(kind: .eventBeforeDescription, file: descriptionPath, line: line,
                                         expected: "N: <device name>", found: "an E: line",
                                         hint: "this .desc holds events, not a device description")
                }
                let reader = try LineReader(path: source.eventsPath, locking: locking)
                backend = .evemu(EvemuEventSource(reader: reader))
            } else {
                let reader = try LineReader(path: source.eventsPath, locking: locking)
                switch try EvemuDescriptionParser(reader: reader, endsAtTouchTapeLines: true).parse() {
                case .description(let description, let metadata):
                    self.description = description
                    self.metadata = metadata
                case .eventsOnly(_, let versionLineSeen, let line):
                    let expected = RecordingLocator.expectedDescriptionName(forEventsFile: source.eventsPath)
                    if versionLineSeen {
                        throw RecordingError(kind: .eventBeforeDescription, file: source.eventsPath, line: line, eventIndex: 0,
                                             expected: "N: <device name>", found: "an E: line before the description",
                                             hint: "the header says '# EVEMU' but the N:/I: description lines are missing before the first event")
                    }
                    throw RecordingError(kind: .missingDescription, file: source.eventsPath, line: line, eventIndex: 0,
                                         expected: "N: <device name> (or a .desc file beside this events-only file)",
                                         found: "E: lines only",
                                         hint: "this is an events-only file; put its description next to it as '\(expected)' (any .desc whose name is a prefix of this file's name), or give both: touchtape inspect DESC EVENTS")
                }
                backend = .evemu(EvemuEventSource(reader: reader))
            }
        case .libinputRecord:
            let reader = try LineReader(path: source.eventsPath, locking: locking)
            let (header, events) = try LibinputEventSource.open(reader: reader, deviceIndex: source.deviceIndex ?? 0)
            description = header.description
            metadata = header.metadata
            backend = .libinput(events)
        case .getevent:
            let descriptionReader = try source.descriptionPath.map { path throws(RecordingError) in try LineReader(path: path, locking: locking) }
            let reader = try LineReader(path: source.eventsPath, locking: locking)
            let events = try GeteventEventSource(reader: reader, descriptionReader: descriptionReader, deviceIndex: source.deviceIndex)
            description = events.description
            metadata = events.metadata
            backend = .getevent(events)
        }
        switch backend {
        case .evemu(let events): events.dropsUnterminatedLastLine = metadata.writtenByTouchTape
        case .libinput(let events): events.dropsUnterminatedLastLine = metadata.writtenByTouchTape
        case .getevent(let events): events.dropsUnterminatedLastLine = metadata.writtenByTouchTape
        }
    }

    /// Opens a path, format from its extension, events-only evemu files paired with
    /// their `.desc` (see ``RecordingLocator/source(forPath:deviceIndex:)``).
    package init(path: String, deviceIndex: Int? = nil, locking: ReadLocking = .standard) throws(RecordingError) {
        try self.init(RecordingLocator.source(forPath: path, deviceIndex: deviceIndex), locking: locking)
    }

    /// The next event or annotation, `nil` at the end of the recording. (Not `mutating`:
    /// the readers are objects, and a borrowed `self` lets the call skip retaining them
    /// for every event.)
    package func next() throws(RecordingError) -> RecordingItem? {
        switch backend {
        case .evemu(let events): return try events.next()
        case .libinput(let events): return try events.next()
        case .getevent(let events): return try events.next()
        }
    }

    /// The next item when it is an event the reader read the quick way (an evemu event
    /// line, a libinput-record event row or a getevent event line in the one-pass form,
    /// ``LineReader/nextCanonicalEventLine()``, ``LineReader/nextCanonicalLibinputRow()``,
    /// ``GeteventEventSource/nextCanonicalEvent()``), without
    /// wrapping it in a ``RecordingItem``; `nil`: ask ``next()``, which reads everything
    /// else. A loop over every event (replay) calls this first:
    ///
    /// ```swift
    /// while true {
    ///     if let event = stream.nextEvent() { use(event); continue }
    ///     guard let item = try stream.next() else { break }
    ///     …
    /// }
    /// ```
    @inline(__always)
    package func nextEvent() -> InputEvent? {
        switch backend {
        case .evemu(let events): return events.nextCanonicalEvent()
        case .libinput(let events): return events.nextCanonicalEvent()
        case .getevent(let events): return events.nextCanonicalEvent()
        }
    }

    /// The reader of the format's plain event lines, for a loop over a whole recording: kept
    /// in a local, it is called without the retain and release that taking it out of the
    /// stream costs at every ``nextEvent()`` (a tenth of a replay's time, issue 26): not
    /// optional, as binding an optional one copied it at every event too. Its events are
    /// ``nextEvent()``'s.
    package var quickEvents: any QuickEventReading {
        switch backend {
        case .evemu(let events): return events
        case .libinput(let events): return events
        case .getevent(let events): return events
        }
    }

    /// The line of the file the item last returned was read from (1-based); `nil` where the
    /// format's reader cannot say (a libinput record file in a layout read as a whole).
    package var line: Int? {
        switch backend {
        case .evemu(let events): return events.lineNumber
        case .libinput(let events): return events.lineNumber
        case .getevent(let events): return events.lineNumber
        }
    }

    /// Appends the events ``nextEvent()`` would give, one call after the other, to `frame`,
    /// up to and including the next `SYN_REPORT`; `true` when it stopped after one, `false`
    /// when the next item is not such an event (ask ``next()``). `convert` reads a frame with
    /// one call instead of one per event.
    @inline(__always)
    package func appendEvents(toFrame frame: inout [InputEvent]) -> Bool {
        switch backend {
        case .libinput(let events): return events.appendCanonicalEvents(to: &frame)
        case .evemu(let events): return Self.append(from: events, toFrame: &frame)
        case .getevent(let events): return Self.append(from: events, toFrame: &frame)
        }
    }

    /// ``appendEvents(toFrame:)`` for a reader that gives one quick event a call.
    @inline(__always)
    private static func append(from events: some QuickEventReading, toFrame frame: inout [InputEvent]) -> Bool {
        while let event = events.nextCanonicalEvent() {
            frame.append(event)
            if event.isSynReport { return true }
        }
        return false
    }

    /// Throws ``RecordingError/Kind/noTouchDevice`` unless the recording is of a
    /// touchscreen or touchpad.
    package func requireTouchDevice() throws(RecordingError) {
        try Recording.requireTouchDevice(description, metadata: metadata, source: source)
    }

    /// Whether the items read so far end with ``RecordingEndMark/endLine`` (the last line
    /// TouchTape writes); meaningful once ``next()`` has returned `nil`.
    package var endMarkSeen: Bool {
        switch backend {
        case .evemu(let events): return events.endMarkSeen
        case .libinput(let events): return events.endMarkSeen
        case .getevent(let events): return events.endMarkSeen
        }
    }

    /// The last line, dropped because the file ends mid-way through it (see ``RecordingCut``);
    /// meaningful once ``next()`` has returned `nil`.
    package var cut: RecordingCut? {
        switch backend {
        case .evemu(let events): return events.cut
        case .libinput(let events): return events.cut
        case .getevent(let events): return events.cut
        }
    }

    /// A file cut short: its last line ends mid-way (any file), or a file TouchTape wrote
    /// (its header says so) lacks the end mark, so it was cut at a line boundary and the last
    /// gesture's label may be lost. Meaningful once ``next()`` has returned `nil`.
    package var isTruncated: Bool { cut != nil || metadata.writtenByTouchTape && !endMarkSeen }

    /// The note that says how the file was cut short, `nil` when it was not.
    package var truncationNote: String? {
        if let cut { return RecordingEndMark.truncationNote(cut: cut) }
        return isTruncated ? RecordingEndMark.truncationNote(events: eventsRead) : nil
    }

    /// What the file holds that TouchTape does not write back (another tool's event items or
    /// keys in a libinput record file), in words, as far as it was read; `nil`: nothing.
    package var unkeptContent: String? {
        if case .libinput(let events) = backend { return events.unkeptContent }
        return nil
    }

    /// Events read so far.
    package var eventsRead: Int {
        switch backend {
        case .evemu(let events): return events.eventCount
        case .libinput(let events): return events.eventCount
        case .getevent(let events): return events.eventCount
        }
    }
}

/// A format's reader of plain event lines, the quick way (``RecordingStream/quickEvents``).
package protocol QuickEventReading: AnyObject {
    /// The next event when the next line is a plain event line; `nil` when it is not (or
    /// at the end): then ``RecordingStream/next()`` reads what comes.
    func nextCanonicalEvent() -> InputEvent?
}

extension EvemuEventSource: QuickEventReading {}
extension LibinputEventSource: QuickEventReading {}
extension GeteventEventSource: QuickEventReading {}
