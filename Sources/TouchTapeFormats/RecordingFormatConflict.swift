@_spi(Pipeline) import TouchTapeEvents

/// A recording would be written in a format its file name contradicts: read back, it would
/// be taken for the other format and fail.
package struct RecordingFormatConflict: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output path as given.
    package var path: String
    /// The option that asked for the format (`--to`, `--format`).
    package var option: String
    /// The format asked for.
    package var requested: RecordingFormat
    /// The format the path would be read as.
    package var readAs: RecordingFormat
    /// Whether the extension names a format (else evemu is what an unknown one is read as).
    package var extensionKnown: Bool

    /// A value from its parts.
    package init(path: String, option: String, requested: RecordingFormat, readAs: RecordingFormat, extensionKnown: Bool) {
        self.path = path
        self.option = option
        self.requested = requested
        self.readAs = readAs
        self.extensionKnown = extensionKnown
    }

    /// One line: what was asked, and what the name says.
    package var message: String {
        let why = extensionKnown ? "its extension says \(readAs.argument)" : "a file of that extension is read as \(readAs.argument)"
        return "\(option) \(requested.argument) but \(TextExcerpt.make(path, limit: nil)) would not read back: \(why)"
    }

    /// What to do.
    package var hint: String {
        "name the file .\(requested.preferredPathExtension) (or drop \(option)); nothing was written"
    }

    /// The text messages print.
    package var description: String { "\(message)\n  hint: \(hint)" }
}
