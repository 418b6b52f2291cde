@_spi(Pipeline) import TouchTapeEvents

/// A recording read and written in the other format as a stream (`touchtape convert`):
/// each frame is formatted as soon as its `SYN_REPORT` is read and written out in
/// 1 MiB chunks, so memory stays flat however long the recording (issue 13).
///
/// The text is byte for byte what ``Recording/formattedForWriting(as:)`` gives for the
/// whole recording: the same formatter, called on the same pieces (whole frames; the
/// events before a mark or the end as a piece of their own), and the same refusals.
///
/// ```swift
/// var stream = try RecordingStream(path: "pan.evemu")
/// let output = try OutputFile(path: "pan.yml")
/// try RecordingConversion.convert(&stream, to: .libinputRecord, output: output)
/// try output.commit()
/// ```
package enum RecordingConversion {
    /// Bytes collected before a `write(2)`: 1 MiB. Each `write(2)` to a file has a cost of
    /// its own besides the bytes; 64 KiB chunks made a conversion of 1 M events spend 9–12 ms
    /// more system time (of about 50 ms), measured in alternating runs (issue 26, tenth part).
    static let chunkSize = 1024 * 1024

    /// Streams the rest of `stream` (opened, nothing read yet) into `output` as `format`.
    /// Throws the reader's ``RecordingError`` (including ``RecordingError/Kind/notRepresentable``)
    /// or the writer's ``OutputError``; the caller commits `output` only when this returns
    /// `true`, so a regular file being replaced is left as it was after a failure.
    ///
    /// - Parameter cancelled: looked at before each write (a signal arrived): when it
    ///   says so, the conversion stops there and returns `false`; the caller drops `output`.
    ///
    /// `stream` may be any ``RecordingItemSource``: a ``RecordingStream`` as read, or one
    /// whose marks were rewritten on the way (`touchtape label`).
    @discardableResult
    package static func convert(_ stream: inout some RecordingItemSource, to format: RecordingFormat, output: OutputFile,
                               cancelled: () -> Bool = { false }) throws -> Bool {
        let source = stream.source
        var metadata = stream.metadata
        metadata.deviceIndex = nil
        metadata.deviceCount = nil
        try format.refuseUnwritable(stream.description, file: source.eventsPath)
        switch format {
        case .evemu:
            var formatter = EvemuFormatter(description: stream.description, metadata: metadata)
            return try run(&stream, &formatter, format, output, cancelled)
        case .libinputRecord:
            var formatter = LibinputRecordFormatter(description: stream.description, metadata: metadata)
            return try run(&stream, &formatter, format, output, cancelled)
        case .getevent:
            var formatter = GeteventFormatter(description: stream.description, metadata: metadata)
            return try run(&stream, &formatter, format, output, cancelled)
        }
    }

    /// Returns `false` when `cancelled` stopped it (before a write; the caller drops `output`).
    private static func run(_ stream: inout some RecordingItemSource, _ formatter: inout some RecordingFormatter,
                            _ format: RecordingFormat, _ output: OutputFile, _ cancelled: () -> Bool) throws -> Bool {
        let file = stream.source.eventsPath
        // One buffer for the whole run: event lines are appended as bytes, written at ``chunkSize``.
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkSize + 64 * 1024)
        /// Writes a full buffer; `false`: cancelled, nothing written.
        func flushIfFull() throws -> Bool {
            guard buffer.count >= chunkSize else { return true }
            if cancelled() { return false }
            try output.write(buffer)
            buffer.removeAll(keepingCapacity: true)
            return true
        }
        /// Pieces that hold names or notes (the header, marks) may exceed a reader's line limit.
        func appendChecked(_ text: String) throws -> Bool {
            try checkLineLengths(text, file: file)
            buffer += text.utf8
            return try flushIfFull()
        }
        guard try appendChecked(formatter.header()) else { return false }
        var frame: [InputEvent] = []
        frame.reserveCapacity(256)
        while true {
            // Most events come the quick way, a frame's worth per call
            // (RecordingStream.appendEvents(toFrame:)); next() reads the rest.
            if stream.appendEvents(toFrame: &frame) {
                formatter.append(frame, to: &buffer)
                frame.removeAll(keepingCapacity: true)
                guard try flushIfFull() else { return false }
                continue
            }
            guard let item = try stream.next() else { break }
            switch item {
            case .event(let event):
                frame.append(event)
                if event.isSynReport {
                    formatter.append(frame, to: &buffer)
                    frame.removeAll(keepingCapacity: true)
                    guard try flushIfFull() else { return false }
                }
            case .annotation(let annotation):
                try format.refuseUnwritable(annotation, file: file)
                if !frame.isEmpty {
                    formatter.append(frame, to: &buffer)
                    frame.removeAll(keepingCapacity: true)
                }
                guard try appendChecked(formatter.format(annotation: annotation)) else { return false }
            }
        }
        if !frame.isEmpty { formatter.append(frame, to: &buffer) }
        buffer += formatter.footer().utf8
        if cancelled() { return false }
        try output.write(buffer)
        return true
    }

    /// ``RecordingError/Kind/notRepresentable`` for a line past ``LineReader/maximumLineLength``.
    static func checkLineLengths(_ text: String, file: String) throws(RecordingError) {
        var lineStart = text.utf8.startIndex
        for index in text.utf8.indices where text.utf8[index] == 0x0A {
            if text.utf8.distance(from: lineStart, to: index) > LineReader.maximumLineLength {
                throw RecordingError(kind: .notRepresentable, file: file,
                                     expected: "lines of at most \(LineReader.maximumLineLength) bytes",
                                     found: RecordingError.excerpt(String(decoding: text.utf8[lineStart..<index].prefix(200), as: UTF8.self)),
                                     hint: "a name or note is too long for one line of a recording; shorten it")
            }
            lineStart = text.utf8.index(after: index)
        }
    }
}

/// A recording read one item at a time, with the device and file facts a writer needs
/// first: what ``RecordingConversion`` streams from.
package protocol RecordingItemSource {
    /// Where the recording was read from (errors name its events file).
    var source: RecordingSource { get }
    /// The device the events came from.
    var description: DeviceDescription { get }
    /// What the file says about itself.
    var metadata: RecordingMetadata { get }
    /// The next event or mark, in stream order; `nil` at the end.
    mutating func next() throws -> RecordingItem?
    /// The next item when it is an event the source can give without a ``RecordingItem``
    /// (``RecordingStream/nextEvent()``); `nil`: ask ``next()``. By default always `nil`.
    mutating func nextEvent() -> InputEvent?
    /// Appends the events ``nextEvent()`` would give, one call after the other, to `frame`,
    /// up to and including the next `SYN_REPORT`: `true` when it stopped after one, `false`
    /// when the next item is not such an event (ask ``next()``). By default through
    /// ``nextEvent()``.
    mutating func appendEvents(toFrame frame: inout [InputEvent]) -> Bool
}

extension RecordingItemSource {
    package mutating func nextEvent() -> InputEvent? { nil }

    package mutating func appendEvents(toFrame frame: inout [InputEvent]) -> Bool {
        while let event = nextEvent() {
            frame.append(event)
            if event.isSynReport { return true }
        }
        return false
    }
}

extension RecordingStream: RecordingItemSource {}
