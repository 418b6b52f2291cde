@_spi(Pipeline) import TouchTapeEvents

/// The fixed part of every event comment (``EventComment``), as bytes, for each code
/// the kernel defines: looked up by index per event instead of building the names.
///
/// - For `EV_SYN` codes: the code name (`SYN_REPORT`), which the separator line wraps.
/// - For every other type: `<type> / <code, left-aligned to 20> ` (`EV_ABS / ABS_MT_SLOT          `),
///   which only the value follows.
///
/// Covers types below 32 and their codes up to ``EventType/maxCode`` (the kernel's
/// `*_MAX`; code 0 for types without one): about 1,100 entries, built once per process.
/// A code outside (never seen on real devices) returns `nil`, and the caller builds its
/// text from ``EventCodes`` the slow way.
struct EventCommentTable: Sendable {
    static let shared = EventCommentTable()

    static let typeCount = 32
    /// Zero bytes after the last text, so that any text can be read as 32 bytes
    /// (``ByteWriter/text(_:length:readable:)``).
    static let padding = 32
    /// All the texts, one after the other, then ``padding`` zero bytes.
    private let bytes: [UInt8]
    /// Entry `i`'s text is `bytes[ends[i - 1] ..< ends[i]]` (`0 ..< ends[0]` for the first).
    private let ends: [Int32]
    /// The entry of `(type, code)` is `firstEntry[type] + code`, for `code < codeCount[type]`.
    private let firstEntry: [Int32]
    private let codeCount: [Int32]

    private init() {
        var bytes: [UInt8] = []
        var ends: [Int32] = []
        var firstEntry: [Int32] = []
        var codeCount: [Int32] = []
        for type in 0..<UInt16(Self.typeCount) {
            let count = Int(EventType(rawValue: type).maxCode) + 1
            firstEntry.append(Int32(ends.count))
            codeCount.append(Int32(count))
            for code in 0..<UInt16(count) {
                bytes += Self.text(type: type, code: code).utf8
                ends.append(Int32(bytes.count))
            }
        }
        bytes += repeatElement(0, count: Self.padding)
        self.bytes = bytes
        self.ends = ends
        self.firstEntry = firstEntry
        self.codeCount = codeCount
    }

    /// The text for `(type, code)` as above, built from ``EventCodes`` (the table's source,
    /// and the fallback for codes outside it).
    static func text(type: UInt16, code: UInt16) -> String {
        let codeName = EventCodes.codeName(type: type, code: code)
        if type == EventType.syn.rawValue { return codeName }
        return "\(EventCodes.typeName(type)) / \(CFormat.left(codeName, width: 20)) "
    }

    /// Writes the text for `(type, code)`; false (nothing written) when the table has no entry.
    func write(type: UInt16, code: UInt16, to writer: inout ByteWriter) -> Bool {
        withView { $0.write(type: type, code: code, to: &writer) }
    }

    /// Calls `body` with the table as buffers: a loop over many events looks its names up
    /// without an array access (and its uniqueness and bounds checks) per lookup.
    @inline(__always)
    func withView<Result>(_ body: (View) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                firstEntry.withUnsafeBufferPointer { firstEntry in
                    codeCount.withUnsafeBufferPointer { codeCount in
                        body(View(bytes: bytes, ends: ends, firstEntry: firstEntry, codeCount: codeCount))
                    }
                }
            }
        }
    }

    /// The table's arrays as buffers (``withView(_:)``). Its lookups stay in bounds by the
    /// table's construction: `ends` rises (built so), and the initialiser checks the rest:
    /// `firstEntry` and `codeCount` have ``typeCount`` entries, `ends` one per `(type, code)`,
    /// its last ``padding`` bytes before the end of `bytes`.
    struct View {
        private let bytes: UnsafeBufferPointer<UInt8>
        private let ends: UnsafeBufferPointer<Int32>
        private let firstEntry: UnsafeBufferPointer<Int32>
        private let codeCount: UnsafeBufferPointer<Int32>

        fileprivate init(bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int32>,
                         firstEntry: UnsafeBufferPointer<Int32>, codeCount: UnsafeBufferPointer<Int32>) {
            precondition(firstEntry.count == EventCommentTable.typeCount && codeCount.count == EventCommentTable.typeCount
                         && Int(firstEntry[EventCommentTable.typeCount - 1]) + Int(codeCount[EventCommentTable.typeCount - 1]) == ends.count
                         && Int(ends[ends.count - 1]) + EventCommentTable.padding == bytes.count)
            self.bytes = bytes
            self.ends = ends
            self.firstEntry = firstEntry
            self.codeCount = codeCount
        }

        /// Writes the text for `(type, code)`; false (nothing written) when the table has no entry.
        @inline(__always)
        func write(type: UInt16, code: UInt16, to writer: inout ByteWriter) -> Bool {
            let type = Int(type), code = Int(code)
            // `type` < typeCount, the count of `codeCount` and `firstEntry`; then the entry
            // is below `firstEntry[type] + codeCount[type]`, at most `ends.count`.
            guard type < EventCommentTable.typeCount, code < Int(codeCount[type]) else { return false }
            let entry = Int(firstEntry[type]) &+ code
            let start = entry == 0 ? 0 : Int(ends[entry &- 1])
            let end = Int(ends[entry])
            writer.text(bytes.baseAddress! + start, length: end &- start, readable: bytes.count &- start)
            return true
        }
    }
}
