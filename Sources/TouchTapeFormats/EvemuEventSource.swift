@_spi(Pipeline) import TouchTapeEvents

/// Streams the event part of an evemu file: `E:` lines become events, `# touchtape:`
/// comments become annotations, other comments and blank lines are skipped.
final class EvemuEventSource {
    /// The line of the item last returned.
    var lineNumber: Int? { reader.lineNumber }
    let reader: LineReader
    /// Events yielded so far (the index of the next one).
    private(set) var eventCount = 0
    /// The last non-blank line read was ``RecordingEndMark/endLine``.
    private(set) var endMarkSeen = false
    /// Drop an unterminated last line even when it parses (a TouchTape file ends every line).
    var dropsUnterminatedLastLine = false
    /// The last line, dropped because the file ends mid-way through it.
    private(set) var cut: RecordingCut?

    init(reader: LineReader) {
        self.reader = reader
    }

    /// The next line when it is an event in the one-pass form
    /// (``LineReader/nextCanonicalEventLine()``); `nil`: ask ``next()``.
    @inline(__always)
    func nextCanonicalEvent() -> InputEvent? {
        guard let event = reader.nextCanonicalEventLine() else { return nil }
        eventCount += 1
        endMarkSeen = false
        return event
    }

    /// The next event or annotation; a last line cut mid-way ends the events (see ``RecordingCut``).
    func next() throws(RecordingError) -> RecordingItem? {
        // Most lines: read and parsed in one pass (the general path below reads each line
        // twice, once for its newline and once for its fields).
        if let event = nextCanonicalEvent() { return .event(event) }
        do {
            return try nextItem()
        } catch {
            guard let cut = RecordingCut(error, of: reader, eventsBefore: eventCount) else { throw error }
            self.cut = cut
            return nil
        }
    }

    private func nextItem() throws(RecordingError) -> RecordingItem? {
        while let line = try reader.nextLine() {
            if line.isBlank { continue }
            if RecordingEndMark.isEndLine(line) { endMarkSeen = true; continue }
            if dropsUnterminatedLastLine, !reader.lastLineTerminated {
                cut = RecordingCut(unterminated: line, of: reader, eventsBefore: eventCount)
                return nil
            }
            endMarkSeen = false
            if line.count >= 2, line[0] == 0x45, line[1] == 0x3A {  // "E:"
                switch EvemuEventLine.parse(line) {
                case .success(let event):
                    eventCount += 1
                    return .event(event)
                case .failure(let failure):
                    throw error(for: failure, line: line)
                }
            }
            if line[0] == 0x23 {  // "#"
                guard line.hasPrefix("# touchtape:") else { continue }
                guard let text = line.validatedString else { throw binary() }
                switch EvemuAnnotationSyntax.parse(text) {
                case .success(let annotation): return .annotation(annotation)
                case .failure(let failure):
                    throw RecordingError(
                        kind: reader.lastLineTerminated ? .malformedLine : .truncated, file: reader.path,
                        line: reader.lineNumber, eventIndex: eventCount,
                        expected: "# touchtape: [expect=finish|cancel|none] [note=\"…\"] [cut-short]",
                        found: RecordingError.excerpt(text), hint: failure.reason)
                }
            }
            if line.validatedString == nil { throw binary() }
            throw RecordingError(
                kind: reader.lastLineTerminated ? .malformedLine : .truncated, file: reader.path,
                line: reader.lineNumber, eventIndex: eventCount, expected: EvemuEventLine.grammar,
                found: RecordingError.excerpt(line.lossyString),
                hint: reader.lastLineTerminated
                    ? "only E: lines, comments and blank lines may follow the description"
                    : "the file ends mid-line; it was cut short (copy it again, or delete the last line)")
        }
        return nil
    }

    private func binary() -> RecordingError {
        RecordingError(kind: .binary, file: reader.path, line: reader.lineNumber, eventIndex: eventCount,
                       expected: "UTF-8 text", found: "invalid UTF-8 bytes",
                       hint: "this is not a text recording; evemu files are plain text")
    }

    private func error(for failure: EvemuEventLine.Failure, line: UnsafeBufferPointer<UInt8>) -> RecordingError {
        if line.validatedString == nil { return binary() }
        let found = RecordingError.excerpt(line.lossyString)
        let kind: RecordingError.Kind
        let hint: String
        if !reader.lastLineTerminated {
            kind = .truncated
            hint = "the file ends mid-line; it was cut short (copy it again, or delete the last line)"
        } else {
            switch failure {
            case .missingField(let field):
                kind = .malformedLine
                hint = "the \(field.rawValue) field is missing"
            case .nonNumeric(let field):
                kind = .nonNumericField
                hint = field == .type || field == .code
                    ? "the \(field.rawValue) field must be hexadecimal" : "the \(field.rawValue) field must be a decimal number"
            case .outOfRange(let field):
                kind = .valueOutOfRange
                hint = field == .usec ? "microseconds take at most 6 digits (below 1000000)"
                    : field == .sec ? "seconds must be at most \(EventTime.maximumSeconds) (the year 2255)"
                    : "the \(field.rawValue) field is too large for its type"
            }
        }
        return RecordingError(kind: kind, file: reader.path, line: reader.lineNumber, eventIndex: eventCount,
                              expected: EvemuEventLine.grammar, found: found, hint: hint)
    }
}
