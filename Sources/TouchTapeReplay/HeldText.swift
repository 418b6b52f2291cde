import TouchTapeFormats

/// Text a ``ReportWriter`` must hold back until it can be written (JUnit: a suite's test
/// cases until the file ends, every suite until the run's counts are known): kept in
/// memory up to 256 KiB, beyond that in a ``SpillFile``, so a 10 M-event
/// run's XML costs disk, not memory. A failure to use the scratch file is kept and
/// thrown when the text is handed on.
final class HeldText {
    /// Bytes kept in memory before the text moves to a scratch file, by default.
    static let defaultMemoryLimit = 256 * 1024
    private let memoryLimit: Int
    /// Where the scratch file goes (`nil`: `$TMPDIR`).
    private let folder: String?
    private var memory = ""
    private var spill: SpillFile?
    private var failure: OutputError?

    init(memoryLimit: Int = defaultMemoryLimit, folder: String? = nil) {
        self.memoryLimit = memoryLimit
        self.folder = folder
    }

    /// Appends `text`.
    func append(_ text: String) {
        guard failure == nil else { return }
        memory += text
        guard memory.utf8.count > memoryLimit else { return }
        do throws(OutputError) {
            if spill == nil { spill = try SpillFile(folder: folder) }
            try spill!.write(memory)
            memory.removeAll(keepingCapacity: true)
        } catch {
            failure = error
        }
    }

    /// Keeps `error` to throw when the text is handed on.
    func fail(_ error: OutputError) {
        if failure == nil { failure = error }
    }

    /// Hands on everything held, in order, then holds nothing.
    func drain(_ body: (String) throws(OutputError) -> Void) throws(OutputError) {
        if let failure { throw failure }
        try spill?.drain(body)
        if !memory.isEmpty { try body(memory) }
        memory.removeAll(keepingCapacity: true)
    }
}
