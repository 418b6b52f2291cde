@_spi(Pipeline) import TouchTapeEvents

/// One of N shards of a replay run (`--shard I/N`), for CI matrices that spread a corpus
/// over machines.
///
/// A track belongs to shard `hash(file, track) mod N`, with a fixed hash (FNV-1a, 64 bit)
/// of the file's path as reported and the track number: the same on every machine and
/// every run, and a track's shard does not change when files are added elsewhere in
/// the tree. An unreadable file is reported by the shard of its track 0.
package struct ReplayShard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    package let index: Int
    /// How many shards the run is split into.
    package let count: Int

    /// `nil` unless `1 ≤ index ≤ count`.
    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N` (`2/4`).
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    /// Parses `I/N` as the user typed it, or says what is wrong with it (`--shard 0/3`:
    /// shards count from 1).
    package static func parse(_ text: String, option: String = "--shard") throws(OptionValueError) -> ReplayShard {
        let expected = "give I/N: shard I of N, both whole numbers, 1 ≤ I ≤ N ≤ 10000 (e.g. 2/4)"
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        func number(_ part: Substring) -> Int? { IntegerOption.isDigits(part) ? Int(part) : nil }
        guard parts.count == 2, let index = number(parts[0]), let count = number(parts[1]) else {
            throw OptionValueError(option: option, value: TextExcerpt.make(text), problem: "not of the form I/N", expected: expected)
        }
        let problem: String? = count < 1 || count > maximumCount ? "N must be 1 to \(maximumCount)"
            : index < 1 ? "shards count from 1" : index > count ? "there are only \(count) shards" : nil
        if let problem { throw OptionValueError(option: option, value: TextExcerpt.make(text), problem: problem, expected: expected) }
        return ReplayShard(index: index, count: count)!
    }

    /// More shards than any CI matrix has machines.
    package static let maximumCount = 10_000

    /// The text messages and reports print.
    package var description: String { "\(index)/\(count)" }

    /// Whether this shard replays track `track` of `file` (0 for the file itself).
    package func contains(file: String, track: Int) -> Bool {
        Int(Self.hash(file, track) % UInt64(count)) == index - 1
    }

    static func hash(_ file: String, _ track: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in file.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        h = (h ^ 0x23) &* 0x0000_0100_0000_01b3          // '#'
        for byte in String(track).utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return h
    }
}
