/// How both event readers (evemu, libinput record) recognise a cut last line, once.
extension RecordingCut {
    /// The reader's current line, which the file ends without a newline: dropped whatever
    /// it holds (a TouchTape file, which always ends its lines).
    init(unterminated line: UnsafeBufferPointer<UInt8>, of reader: LineReader, eventsBefore: Int) {
        self.init(line: reader.lineNumber, excerpt: RecordingError.excerpt(line.lossyString), eventsBefore: eventsBefore)
    }

    /// `error` read as a cut: a `truncated` error on the reader's last line, which the file
    /// ends without a newline; `nil` for any other error, which the reader throws.
    init?(_ error: RecordingError, of reader: LineReader, eventsBefore: Int) {
        guard error.kind == .truncated, !reader.lastLineTerminated, error.line == reader.lineNumber else { return nil }
        self.init(line: reader.lineNumber, excerpt: error.found ?? "", eventsBefore: eventsBefore)
    }
}
