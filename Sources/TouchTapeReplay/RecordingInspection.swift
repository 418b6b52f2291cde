@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
import TouchTapeTracks

/// One track as `touchtape inspect` shows it: when, how long, how many fingers, frames and
/// events, and its label. Made as the track ends, without keeping its events.
package struct TrackSummary: Hashable, Sendable {
    /// 1-based, as every command numbers tracks.
    package var number: Int
    /// Time of the track's first event.
    package var start: EventTime
    /// Seconds from the first event to the last.
    package var duration: Double
    /// The most contacts down at once.
    package var fingers: Int
    /// Frames in the track.
    package var frames: Int
    /// Events in the track.
    package var events: Int
    /// The track's label and note, and whether the recorder cut it short.
    package var annotation: TrackAnnotation
    /// The recording ended with contacts still down.
    package var endsWithContactsDown: Bool

    /// Cut short by the recorder, or by the end of the file.
    package var isCutShort: Bool { annotation.cutShort || endsWithContactsDown }
}

/// A recording read as a stream for `touchtape inspect`: its device, then each track's
/// ``TrackSummary`` as the track ends, then what the end of the file said. Memory stays
/// flat in the number of tracks (a million tracks needed a gigabyte when the whole file
/// and every track were held).
package struct RecordingInspection {
    /// The file as the text report heads it (its name, and its description's when split).
    package let displayName: String
    /// The events file's path as given (the JSON report's `file`, as `replay`'s).
    package let path: String
    /// The description file paired with an events file (an old evemu split pair), if any.
    package let descriptionPath: String?
    /// The device.
    package let description: DeviceDescription
    /// What the file's header says beyond the device (which device of several, recorder).
    package let metadata: RecordingMetadata
    /// How device units become millimetres, and what was assumed.
    package let units: MillimetreConversion
    /// Notes from reading (a file cut short), known at the end.
    package private(set) var notes: [String] = []
    /// The first mark that labels no track or that its track passes over, once ``run(cancelled:track:)``
    /// has read the file: a note here, an error where the recording is replayed.
    package private(set) var misplacedMark: MisplacedMark?
    /// Events read.
    package private(set) var eventCount = 0
    /// Tracks found.
    package private(set) var trackCount = 0

    private var stream: RecordingStream
    private var session: TrackSession

    /// Opens `source` (locked as `locking` says) and reads its description; refuses a
    /// device that is neither a touchscreen nor a touchpad. `installed`: this machine's hwdb
    /// and quirks, so the size note says what a replay here would use.
    package init(_ source: RecordingSource, locking: ReadLocking, installed: InstalledDeviceHints? = nil) throws(RecordingError) {
        stream = try RecordingStream(source, locking: locking)
        try stream.requireTouchDevice()
        displayName = source.displayName
        path = source.eventsPath
        descriptionPath = source.descriptionPath
        description = stream.description
        metadata = stream.metadata
        units = MillimetreConversion(description: stream.description, installed: installed)
        session = TrackSession(description: stream.description, units: units)
    }

    /// Reads the whole file, calling `track` with each track's summary in order (once its
    /// label is known), and stops early when `cancelled` says so (a stop signal): `false`.
    package mutating func run(cancelled: () -> Bool = { false },
                             track: (TrackSummary) throws -> Void) throws -> Bool {
        // Per track in progress: where it starts, and the time of each frame's first event.
        var frameStart: EventTime?
        var open: (number: Int, start: EventTime)?
        var ended: [Int: (start: EventTime, end: EventTime, span: TrackSpan)] = [:]
        var lastFrameTime = EventTime.zero
        var checked = 0
        func handle(_ step: TrackStep, _ trackNumber: Int) throws {
            switch step {
            case .frame(let frame, let boundary):
                lastFrameTime = frame.time
                switch boundary {
                case .began?: open = (trackNumber, frameStart ?? frame.time)
                case .ended(let span)?:
                    if let started = open { ended[started.number] = (started.start, frame.time, span) }
                    open = nil
                case nil: break
                }
            case .endedInGesture(let span):
                if let started = open { ended[started.number] = (started.start, lastFrameTime, span) }
                open = nil
            case .label(let number, let annotation):
                guard let done = ended.removeValue(forKey: number) else { return }
                trackCount += 1
                try track(TrackSummary(number: number, start: done.start,
                                       duration: Double(done.end.microseconds(since: done.start)) / 1_000_000,
                                       fingers: done.span.maxFingers, frames: done.span.frameRange.count,
                                       events: done.span.eventRange.count, annotation: annotation,
                                       endsWithContactsDown: done.span.endsWithContactsDown))
            }
        }
        while let item = try stream.next() {
            switch item {
            case .event(let event):
                if frameStart == nil { frameStart = event.time }
                let fed = session.feed(event)
                if let label = fed.label { try handle(label, session.trackNumber) }
                if let frame = fed.frame {
                    try handle(.frame(frame, fed.boundary), session.trackNumber)
                    frameStart = nil
                }
                eventCount += 1
            case .annotation(let annotation):
                session.mark(annotation, line: stream.line)
            }
            checked += 1
            if checked & 0x3FF == 0, cancelled() { return false }
        }
        // At the end only a gesture cut off and the last label come: no track begins.
        try session.finish { step in try handle(step, 0) }
        notes = [units.assumption].compactMap { $0 } + (stream.truncationNote.map { [$0] } ?? [])
        misplacedMark = session.misplacedMark
        if let misplaced = misplacedMark {
            // inspect shows it; replay refuses the file for it.
            let error = RecordingError(misplaced: misplaced, source: stream.source)
            // A split recording's lines are its events file's, not the description inspect names.
            let file = stream.source.descriptionPath != nil ? "\(stream.source.eventsPath.split(separator: "/").last ?? "") " : ""
            notes.append("\(error.line.map { "\(file)line \($0): " } ?? "")mark \(error.found ?? ""): replay refuses the file for it; \(error.hint)")
        }
        return true
    }
}

/// `touchtape inspect`'s text and JSON, a piece at a time. Every string that comes from a
/// recording (file name, device name, note) goes through ``TextExcerpt`` in text, so a
/// downloaded recording cannot drive the terminal, and through ``JSONValue`` in JSON, so
/// the output is valid whatever the name holds.
package enum InspectRenderer {
    /// The lines about the file and its device, before its tracks.
    package static func textHeader(_ inspection: RecordingInspection) -> String {
        let d = inspection.description
        let c = d.classification
        let name = TextExcerpt.make(d.name, limit: nil)
        var out = "\(TextExcerpt.make(inspection.displayName, limit: nil))\n"
        out += "  device: \(name) (bus \(d.id.busName), vendor 0x\(hex(d.id.vendor)), product 0x\(hex(d.id.product)))\n"
        if let label = inspection.metadata.deviceLabel(name: d.name) { out += "  taken: \(TextExcerpt.make(label, limit: nil))\n" }
        out += "  kind: \(c.kind.rawValue), protocol \(c.touchProtocol.name)"
        if case .multitouchB(let slots) = c.touchProtocol { out += " (\(slots) slots)" }
        out += c.toolFingerCapacity > 0 ? ", finger tool keys up to \(c.toolFingerCapacity)\n" : "\n"
        for code in d.absInfo.keys.sorted() {
            let a = d.absInfo[code]!
            let mm = a.lengthInMillimetres.map { ", \(round1($0)) mm" } ?? ""
            out += "  axis \(EventCodes.codeName(type: 3, code: code)): \(a.minimum)..\(a.maximum), resolution \(a.resolution)\(mm)\n"
        }
        // What the recording stores beside the device: udev's properties and libinput's quirks.
        for property in d.udevProperties { out += "  udev: \(TextExcerpt.make(property, limit: nil))\n" }
        for quirk in d.quirks { out += "  quirk: \(TextExcerpt.make(quirk, limit: nil))\n" }
        return out
    }

    /// One track's line.
    package static func textLine(_ t: TrackSummary) -> String {
        var line = "  track \(t.number): start \(t.start), \(round1(t.duration * 1000)) ms, fingers \(t.fingers), frames \(t.frames), events \(t.events)"
        if let e = t.annotation.expected { line += ", expect \(e.rawValue)" }
        if let n = t.annotation.note, !n.isEmpty { line += ", note \"\(TextExcerpt.make(n, limit: nil))\"" }
        if t.isCutShort { line += ", cut short" }
        return line + "\n"
    }

    /// The lines after the tracks: notes, and the counts.
    package static func textFooter(_ inspection: RecordingInspection) -> String {
        var out = ""
        for note in inspection.notes { out += "  note: \(TextExcerpt.make(note, limit: nil))\n" }
        return out + "  events: \(inspection.eventCount), tracks: \(inspection.trackCount)\n"
    }

    /// A file that could not be read, in its place among the others: its error and hint,
    /// headed by `name` when none of it was written yet (a file cut short fails after the
    /// lines about its device and tracks, which stay above it).
    package static func textError(_ file: UnreadableFile, name: String?) -> String {
        (name.map { TextExcerpt.make($0, limit: nil) + "\n" } ?? "")
            + file.message.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                (index == 0 ? "  could not read: " : "  ") + TextExcerpt.make(String(line), limit: nil) + "\n"
            }.joined()
    }

    /// A file that could not be read as a JSON object: `file` and `error` (`kind`,
    /// `message`, `line` where the reader says).
    package static func json(_ file: UnreadableFile) -> JSONValue {
        .object([("file", .string(file.file)),
                 ("error", .object([("kind", .string(file.kind)), ("message", .string(file.message)),
                                    ("line", file.line.map(JSONValue.integer) ?? .null)]))])
    }

    /// One file as a JSON object.
    package static func json(_ inspection: RecordingInspection, tracks: [TrackSummary]) -> JSONValue {
        let d = inspection.description, c = d.classification
        // Stored udev properties and quirks only when there are some: other files' JSON stays as it was.
        let stored: [(String, JSONValue)] = [("udevProperties", d.udevProperties), ("quirks", d.quirks)]
            .filter { !$0.1.isEmpty }.map { ($0.0, .array($0.1.map { .string($0) })) }
        // What the text shows of the device, for a script: ids, slots, axes, the device taken.
        var slots: [(String, JSONValue)] = []
        if case .multitouchB(let count) = c.touchProtocol { slots = [("slots", .integer(count))] }
        let axes: JSONValue = .array(d.absInfo.keys.sorted().map { code in
            let a = d.absInfo[code]!
            return .object([("axis", .string(EventCodes.codeName(type: 3, code: code))), ("minimum", .integer(Int(a.minimum))),
                            ("maximum", .integer(Int(a.maximum))), ("resolution", .integer(Int(a.resolution))),
                            ("millimetres", a.lengthInMillimetres.map(JSONValue.number) ?? .null)])
        })
        let taken: [(String, JSONValue)] = inspection.metadata.deviceIndex.flatMap { index in
            (inspection.metadata.deviceCount ?? 2) > 1 ? index : nil
        }.map { index in
            [("taken", .object([("device", .integer(index)), ("of", inspection.metadata.deviceCount.map(JSONValue.integer) ?? .null)]))]
        } ?? []
        // As the text's `(+ NAME.desc)` and `finger tool keys up to N`: only where there is one.
        let paired: [(String, JSONValue)] = inspection.descriptionPath.map { [("descriptionFile", .string($0))] } ?? []
        let toolKeys: [(String, JSONValue)] = c.toolFingerCapacity > 0 ? [("fingerToolKeys", .integer(c.toolFingerCapacity))] : []
        return .object([
            ("file", .string(inspection.path))] + paired + [
            ("device", .object([("name", .string(d.name)), ("kind", .string(c.kind.rawValue)),
                                ("protocol", .string(c.touchProtocol.name))] + slots + toolKeys
                               + [("bus", .string(d.id.busName)), ("vendor", .string("0x" + hex(d.id.vendor))),
                                  ("product", .string("0x" + hex(d.id.product))), ("axes", axes)] + taken + stored)),
            ("events", .integer(inspection.eventCount)),
            ("notes", .array(inspection.notes.map { .string($0) })),
            ("tracks", .array(tracks.map { t in
                .object([("track", .integer(t.number)), ("start", .string("\(t.start)")), ("duration", .number(t.duration)),
                         ("fingers", .integer(t.fingers)), ("frames", .integer(t.frames)), ("events", .integer(t.events)),
                         ("expected", t.annotation.expected.map { .string($0.rawValue) } ?? .null),
                         ("note", t.annotation.note.map { .string($0) } ?? .null), ("cutShort", .bool(t.isCutShort))])
            })),
        ])
    }

    private static func hex(_ v: UInt16) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    private static func round1(_ v: Double) -> String { String((v * 10).rounded() / 10) }
}
