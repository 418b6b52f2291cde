/// The lines that tell a complete TouchTape file from one cut at a line boundary.
///
/// A recording cut right after an event line is still a valid file, and nothing in it
/// says that the last gesture's label (written after its last frame) is gone. So every
/// file TouchTape writes (recorder, `convert`, `label`) says in its header that
/// TouchTape wrote it, and ends with ``endLine``. A file whose header says so but that
/// lacks the end line is read in full and reported as truncated.
///
/// Both are comment lines, which libevemu (any line starting with `#`) and libinput's
/// YAML tools (a `#` comment at column 0) skip:
/// ```
/// # touchtape: recording                 ← evemu header, after # Kernel / # DMI
/// libinput:
///   version: "touchtape"                 ← libinput record header (unchanged)
/// …
/// # touchtape: end of recording          ← last line, both formats
/// ```
package enum RecordingEndMark {
    /// The evemu header line that says TouchTape wrote the file.
    package static let evemuHeaderLine = "# touchtape: recording"
    /// The `libinput.version` TouchTape writes in libinput record files.
    package static let libinputVersion = "touchtape"
    /// The last line of every file TouchTape writes.
    package static let endLine = "# touchtape: end of recording"

    /// Whether `line` is exactly ``endLine`` (trailing spaces allowed).
    static func isEndLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.hasPrefix("# touchtape: end of recording") else { return false }
        return UnsafeBufferPointer(rebasing: line[29...]).isBlank
    }

    /// The note a truncated TouchTape file gets.
    package static func truncationNote(events: Int) -> String {
        "truncated after event \(events): the file lacks its end mark ('\(endLine)'), so the last gesture's label may be lost"
    }

    /// The note a file whose last line was cut mid-way gets (see ``RecordingCut``).
    package static func truncationNote(cut: RecordingCut) -> String {
        let start = "truncated at line \(cut.line), after event \(cut.eventsBefore): the file ends mid-line"
        switch cut.kind {
        case .label:
            return "\(start), inside the last gesture's label ('\(cut.excerpt)'); the label was dropped, so that gesture has none"
        case .labelOrEndMark:
            return "\(start) ('\(cut.excerpt)'): the last gesture's label or the end mark was cut off, so its label may be lost"
        case .endMark:
            return "\(start), inside the end mark ('\(cut.excerpt)'); every gesture and label before it was read"
        case .line:
            return "\(start) ('\(cut.excerpt)'); that line was dropped, so the last gesture may be incomplete and its label lost"
        }
    }
}
