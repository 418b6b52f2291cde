import TouchTapeFormats

/// A report written to an output as the run goes: each piece its ``ReportWriter`` makes
/// is buffered and written out in chunks of about 64 KiB (at once, for a terminal), so
/// memory stays flat however many tracks the run has, and a report shows up as it is made.
/// The output is the caller's: it commits it (a regular file is replaced then, all or
/// nothing) or drops it.
package final class ReportStream: ReplayReportSink {
    private var writer: any ReportWriter
    private let output: OutputFile
    /// UTF-8: a writer's bytes (JSON rows) are appended as they are, its text as its bytes.
    private var pending: [UInt8] = []
    private let chunkBytes: Int
    /// Bytes gathered before a write: few system calls, little memory.
    package static let defaultChunkBytes = 64 * 1024

    /// A stream of `writer`'s report to `output`, written whenever `chunkBytes` are
    /// pending (`0`: after every piece, for a person watching a terminal).
    package init(_ writer: any ReportWriter, to output: OutputFile, chunkBytes: Int = defaultChunkBytes) {
        self.writer = writer
        self.output = output
        self.chunkBytes = chunkBytes
        pending.reserveCapacity(chunkBytes + 4096)
    }

    /// A stream of `format`'s report to `output`; JSON with `trailingJSON` after its summary.
    package convenience init(format: ReportFormat, to output: OutputFile, trailingJSON: [(String, JSONValue)] = [],
                            text: TextReportWriter.Presentation = .init(), chunkBytes: Int = defaultChunkBytes) {
        self.init(format.writer(trailingJSON: trailingJSON, text: text), to: output, chunkBytes: chunkBytes)
    }

    package func begin(_ heading: ReportHeading) throws(OutputError) {
        var text = ""
        writer.begin(heading, into: &text)
        pending += text.utf8
        try flushIfFull()
    }

    package func track(_ track: ReplayedTrack, seconds: Double?) throws(OutputError) {
        writer.track(track.report, seconds: seconds, into: &pending)
        try flushIfFull()
    }

    package func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?) throws(OutputError) {
        var text = ""
        writer.endFile(file, seconds: seconds, error: error, warning: warning, into: &text)
        pending += text.utf8
        try flushIfFull()
    }

    package func finish(_ tally: ReplayTally) throws(OutputError) {
        try writer.finish(tally) { (piece: String) throws(OutputError) in
            pending += piece.utf8
            try flushIfFull()
        }
        try flush()
    }

    /// Text after the report (`replay --compare-velocity`'s table), written at once.
    package func append(_ text: String) throws(OutputError) {
        pending += text.utf8
        try flush()
    }

    private func flushIfFull() throws(OutputError) {
        if pending.count >= chunkBytes { try flush() }
    }

    private func flush() throws(OutputError) {
        guard !pending.isEmpty else { return }
        try output.write(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
