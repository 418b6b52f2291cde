@_spi(Pipeline) import TouchTapeEvents

/// Why a recording could not be read, and where.
///
/// Every case carries the file, the line (or the index of the event) and what the
/// reader expected there, so a user can open the file at the spot; `hint` says what
/// to do about it.
///
/// ```
/// file.evemu:42: expected 'E: <sec>.<usec> <type> <code> <value>', found 'E: 0.1 0003 zz 5' (event 17)
///   hint: the code field must be hexadecimal
/// ```
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {

    /// What kind it is.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The file ends mid-line or mid-description (an interrupted copy or recorder).
        case truncated
        /// The first line is not what the format starts with (`N:`, `version: 1`…).
        case wrongHeader
        /// A field that must be a number (decimal or hex) is not one.
        case nonNumericField
        /// A line with the wrong number of fields or an unknown layout.
        case malformedLine
        /// A number outside its field's range (microseconds ≥ 1 000 000, code > 0xffff…).
        case valueOutOfRange
        /// An `E:` line where the description should start.
        case eventBeforeDescription
        /// The description is not a touchscreen or touchpad.
        case noTouchDevice
        /// Nothing but white space.
        case empty
        /// NUL bytes or invalid UTF-8: not a text recording.
        case binary
        /// An events-only evemu file with no `.desc` beside it.
        case missingDescription
        /// A libinput device index the recording does not have.
        case unknownDevice
        /// The path names nothing: a typo, or a file since removed (the user must change
        /// something: exit 2, where a file that is there but cannot be read is `ioFailure`).
        case notFound
        /// The file could not be opened or read.
        case ioFailure
        /// YAML the libinput parser (Yams) rejects, or a missing required key.
        case malformedYAML
        /// Past one of the reader's size limits (a line over ``LineReader/maximumLineLength``,
        /// a libinput header over ``LibinputHeader/maximumSize``…): no real recording is
        /// that large, and reading on would take unbounded time or memory.
        case tooLarge
        /// The recording cannot be written in the asked format so that TouchTape reads it
        /// back the same (a device name with a line break in evemu's one-line `N:`…).
        case notRepresentable
        /// Not a regular file: a FIFO, a device, a socket (reading it could block forever).
        case notRegularFile
        /// A stop signal ended the wait for another touchtape's lock on the file: nothing
        /// was read (the command exits 128 + the signal).
        case interrupted
        /// A track mark that labels no track (before the first gesture, inside one) or a
        /// second mark for a track that says something else: its expectation would be
        /// skipped in silence.
        case misplacedMark
    }

    /// What kind of failure or lock it is.
    package var kind: Kind
    /// The path as given.
    public var file: String
    /// 1-based line number, when the problem is on a line.
    public var line: Int?
    /// 0-based index of the event being read (the number of good events before it).
    public var eventIndex: Int?
    /// What the reader expected, in the format's own grammar.
    package var expected: String
    /// What it found instead (the offending line, shortened), if anything.
    package var found: String?
    /// What the user can do.
    public var hint: String

    /// A value from its parts.
    package init(kind: Kind, file: String, line: Int? = nil, eventIndex: Int? = nil,
                expected: String, found: String? = nil, hint: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.eventIndex = eventIndex
        self.expected = expected
        self.found = found
        self.hint = hint
    }

    /// The file's last path component, for tests and short reports.
    package var fileName: String { RecordingPath.lastComponent(file) }

    /// The message: every piece goes through ``TextExcerpt`` (control characters escaped;
    /// `expected`, `found` and `hint` capped), so no input can flood or drive the terminal.
    public var description: String {
        var text = TextExcerpt.make(file, limit: nil)
        if let line { text += ":\(line)" }
        text += ": expected \(Self.quoted(expected))"
        if let found { text += ", found \(Self.quoted(found))" }
        if let eventIndex { text += " (event \(eventIndex))" }
        text += "\n  hint: " + TextExcerpt.make(hint, limit: Self.messageLimit)
        return text
    }

    /// The cap on one piece of a message: room for an escaped ``excerpt(_:)`` and our prose.
    package static let messageLimit = 600

    /// Quotes grammar and line text, but not prose that already reads as a sentence.
    private static func quoted(_ text: String) -> String {
        "'" + TextExcerpt.make(text, limit: messageLimit) + "'"
    }

    /// The offending line or token for `found` and hints: at most 60 characters and "…",
    /// control characters escaped (``TextExcerpt``).
    package static func excerpt(_ text: some StringProtocol, limit: Int? = TextExcerpt.defaultLimit) -> String {
        TextExcerpt.make(text, limit: limit)
    }
}
