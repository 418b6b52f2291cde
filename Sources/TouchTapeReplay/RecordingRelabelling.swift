@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
import TouchTapeTracks

/// `touchtape label` as one library call: a recording written out with chosen tracks'
/// labels set, cleared or copied from another recording, as a stream.
///
/// The file is read twice: once to count its tracks (so a track number it lacks is refused
/// before a byte is written), then again through ``TrackRelabelling`` into the output. Memory is flat in the
/// number of tracks: a million-track recording needed 1.9 GB when the whole file and every
/// track were held.
package enum RecordingRelabelling {
    /// What a chosen track gets.
    package enum Edit: Sendable {
        /// Sets what is given, keeps the rest (`note: ""` removes the note).
        case set(expected: ExpectedOutcome?, note: String?)
        /// Removes the expectation and the note (a recorder's "cut short" stays: it is a fact).
        case clear
        /// Each track's expectation and note from the track with the same number there.
        case copy(CopiedLabels)
    }

    /// A relabelling that cannot be done, said before anything is written.
    package struct Refusal: Error, Sendable {
        package var message: String
        package var hint: String?
    }

    /// The number of tracks in `source`, read as a stream.
    package static func trackCount(_ source: RecordingSource, locking: ReadLocking) throws -> Int {
        try walk(source, locking: locking) { _ in }.tracks
    }

    /// Reads `source` through a ``TrackSession``, handing each step to `step`: its track
    /// count and what its header says.
    static func walk(_ source: RecordingSource, locking: ReadLocking,
                     step: (TrackStep) -> Void) throws -> (tracks: Int, metadata: RecordingMetadata, unkept: String?,
                                                          misplaced: MisplacedMark?) {
        let stream = try RecordingStream(source, locking: locking)
        var session = TrackSession(description: stream.description, units: MillimetreConversion(description: stream.description))
        while let item = try stream.next() {
            switch item {
            case .event(let event): session.feed(event, step)
            case .annotation(let annotation): session.mark(annotation, line: stream.line)
            }
        }
        session.finish(step)
        return (session.trackNumber, stream.metadata, stream.unkeptContent, session.misplacedMark)
    }

    /// Writes `source` to `output` as `format` with `tracks` (empty: every track) given
    /// `edit`; `changed` hears of each relabelled track in order, as it is written. Throws
    /// ``Refusal`` before writing (a track the file lacks, a `.copy` source with another
    /// track count, or with `inPlace` a file of several devices, whose others would be
    /// lost), or what reading and writing throw. `false`: `cancelled` stopped it between two
    /// writes (the caller drops `output`). The caller commits `output`.
    @discardableResult
    package static func relabel(
        _ source: RecordingSource, locking: ReadLocking, tracks: [Int], edit: Edit, format: RecordingFormat,
        output: OutputFile, inPlace: Bool = false, cancelled: () -> Bool = { false },
        changed: @escaping (TrackRelabelling.Change) throws -> Void
    ) throws -> Bool {
        let (count, metadata, unkept, _) = try walk(source, locking: locking) { _ in }
        if inPlace, let devices = metadata.deviceCount, devices > 1 {
            throw Refusal(message: "\(source.eventsPath) holds \(devices) devices and label writes one; it cannot be rewritten in place",
                          hint: "give -o OUT to write one device (--device N) with its labels")
        }
        // Another tool's content TouchTape does not write back would be lost in place.
        if inPlace, let unkept {
            throw Refusal(message: "\(source.eventsPath) holds \(unkept), which label does not write back; it cannot be rewritten in place",
                          hint: "give -o OUT to write a labelled copy without it")
        }
        if let missing = tracks.first(where: { $0 < 1 || $0 > count }) {
            throw Refusal(message: "\(source.displayName) has \(count) track(s); there is no track \(missing)",
                          hint: "'touchtape inspect \(source.displayName)' lists the tracks")
        }
        if case .copy(let other) = edit, other.trackCount != count {
            throw Refusal(message: "\(source.displayName) has \(count) track(s) but \(other.displayName) has \(other.trackCount):"
                            + " labels are copied track by track",
                          hint: "copying needs the same gestures, e.g. the file a re-recording was played from")
        }
        let chosen = Set(tracks)
        var items = try Items(source, locking: locking, chosen: { chosen.isEmpty || chosen.contains($0) }, changed: changed) { track, old in
            var new = old
            switch edit {
            case .set(let expected, let note):
                if let expected { new.expected = expected }
                if let note { new.note = note.isEmpty ? nil : note }
            case .clear:
                new.expected = nil
                new.note = nil
            case .copy(let other):
                let given = other.annotation(of: track)
                new.expected = given.expected
                new.note = given.note
            }
            return new
        }
        return try RecordingConversion.convert(&items, to: format, output: output, cancelled: cancelled)
    }

    /// The recording with its marks rewritten, one item at a time.
    struct Items: RecordingItemSource {
        let source: RecordingSource
        let description: DeviceDescription
        let metadata: RecordingMetadata
        private var stream: RecordingStream
        private var relabelling: TrackRelabelling
        private let changed: (TrackRelabelling.Change) throws -> Void
        private var queue: [RecordingItem] = []
        private var head = 0
        private var ended = false

        init(_ source: RecordingSource, locking: ReadLocking, chosen: @escaping (Int) -> Bool,
             changed: @escaping (TrackRelabelling.Change) throws -> Void,
             relabel: @escaping (Int, TrackAnnotation) throws -> TrackAnnotation) throws {
            stream = try RecordingStream(source, locking: locking)
            self.source = source
            description = stream.description
            metadata = stream.metadata
            relabelling = TrackRelabelling(description: stream.description, units: MillimetreConversion(description: stream.description),
                                           chosen: chosen, relabel: relabel)
            self.changed = changed
        }

        mutating func next() throws -> RecordingItem? {
            while head == queue.count {
                if ended { return nil }
                queue.removeAll(keepingCapacity: true)
                head = 0
                var out: [RecordingItem] = []
                swap(&out, &queue)
                func emit(_ piece: TrackRelabelling.Piece) {
                    switch piece {
                    case .event(let e): out.append(.event(e))
                    case .mark(let a): out.append(.annotation(a))
                    }
                }
                if let item = try stream.next() {
                    switch item {
                    case .event(let e): try relabelling.feed(.event(e), emit: emit, changed: changed)
                    case .annotation(let a): try relabelling.feed(.mark(a), emit: emit, changed: changed)
                    }
                } else {
                    try relabelling.finish(emit: emit, changed: changed)
                    ended = true
                }
                swap(&out, &queue)
            }
            defer { head += 1 }
            return queue[head]
        }
    }

}

/// Another recording's labels, for ``RecordingRelabelling/Edit/copy(_:)``: read (as a
/// stream) before the file being labelled is locked, so `label A --from B` and `label B
/// --from A` at once cannot each hold one file while waiting for the other. Only tracks
/// with an expectation or a note are held (a few dozen bytes each).
package struct CopiedLabels: Sendable {
    /// The file as reports name it.
    package let displayName: String
    /// How many tracks it has.
    package let trackCount: Int
    private let labels: [Int: TrackAnnotation]

    /// Reads `source`'s labels.
    package init(_ source: RecordingSource, locking: ReadLocking) throws {
        var labels: [Int: TrackAnnotation] = [:]
        let read = try RecordingRelabelling.walk(source, locking: locking) { step in
            guard case .label(let track, let annotation) = step, annotation.expected != nil || annotation.note != nil else { return }
            labels[track] = TrackAnnotation(expected: annotation.expected, note: annotation.note)
        }
        // Labels a replay of OTHER would refuse are not copied: the mark passed over would
        // come back as the copy's one label.
        if let misplaced = read.misplaced { throw RecordingError(misplaced: misplaced, source: source) }
        trackCount = read.tracks
        displayName = source.displayName
        self.labels = labels
    }

    /// Track `number`'s expectation and note (empty when it has neither).
    package func annotation(of number: Int) -> TrackAnnotation { labels[number] ?? TrackAnnotation() }
}
