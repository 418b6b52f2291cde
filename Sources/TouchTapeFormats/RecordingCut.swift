/// The last line of a recording, cut off mid-way (the file ends without a newline):
/// what a copy interrupted, a full disk or a killed writer leaves behind.
///
/// The readers drop such a line instead of refusing the file, so every gesture before it
/// is still read; the cut is reported in the recording's truncation note. A TouchTape file
/// always ends its lines, so there every unterminated last line is a cut, even one that
/// happens to parse (`E: 1.5 0003 0035 12` cut from `… 1234`). In other tools' files only a
/// last line that does not parse is taken as a cut.
package struct RecordingCut: Equatable, Sendable {
    /// The 1-based line number of the dropped line.
    package var line: Int
    /// The dropped text, shortened and escaped (``RecordingError/excerpt(_:)``).
    package var excerpt: String
    /// Events read before it.
    package var eventsBefore: Int

    package init(line: Int, excerpt: String, eventsBefore: Int) {
        self.line = line
        self.excerpt = excerpt
        self.eventsBefore = eventsBefore
    }

    /// What the dropped line was, as far as its first bytes tell.
    package enum Kind: Equatable, Sendable {
        /// A TouchTape label (`# touchtape: expect=…`, `  - touchtape: {…}`): that gesture's label is lost.
        case label
        /// The end mark (``RecordingEndMark/endLine``): everything before it was read.
        case endMark
        /// Too short to tell a label from the end mark (`# touchtape: e`).
        case labelOrEndMark
        /// Anything else (an event line, a comment).
        case line
    }

    package var kind: Kind {
        let endMark = RecordingEndMark.endLine
        if excerpt.hasPrefix("  - touchtape:") || excerpt.hasPrefix("- touchtape:") { return .label }
        if endMark.hasPrefix(excerpt) {
            // "# touchtape: e" begins both the end mark and an evemu label ("expect=…").
            return excerpt.count > "# touchtape: e".count ? .endMark : (excerpt.hasPrefix("#") ? .labelOrEndMark : .line)
        }
        return excerpt.hasPrefix("# touchtape:") ? .label : .line
    }
}
