import Foundation
import Testing
import TouchTapeTestSupport
@testable import TouchTapeFormats

/// Issue 26: a description's data lines are split into fields by their bytes when they are
/// ASCII (``EvemuDescriptionParser/fields(_:)``). The fields must be the ones the
/// Character-based split gives, on every line of every real description and on the lines
/// where bytes and Characters part.
@Suite struct EvemuDescriptionFieldsTests {
    /// The split the description was always read with: the text before the first `#`
    /// Character, split at space and tab Characters.
    static func byCharacters(_ text: String) -> [String] {
        EvemuDescriptionParser.stripComment(text).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// Every line of the bundled recordings, the peer recordings and the evemu fuzz corpus
    /// (the event lines too: any line is a line to split).
    static func realLines() throws -> [String] {
        var files: [URL] = []
        for folder in [PackagePaths.recordings, PackagePaths.peerRecordings,
                       PackagePaths.packageRoot.appendingPathComponent("Tests/FuzzCorpus/evemu")] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            files += names.filter { !$0.hasSuffix(".md") && !$0.hasSuffix(".yml") }.map { folder.appendingPathComponent($0) }
        }
        var lines: [String] = []
        for file in files {
            let data = try Data(contentsOf: file)
            lines += String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines
    }

    @Test func realLinesSplitAsByCharacters() throws {
        let lines = try Self.realLines()
        #expect(lines.count > 10_000, "the folders hold far more lines than this; a folder went missing")
        #expect(lines.contains { $0.hasPrefix("B: ") } && lines.contains { $0.hasPrefix("A: ") })
        for line in lines {
            #expect(EvemuDescriptionParser.fields(line) == Self.byCharacters(line), "\(line.debugDescription)")
        }
    }

    /// Where a byte and a Character differ: a `#` or a separator followed by a combining
    /// mark is one Character (no comment, no split), `\r` stays in its field, and a line of
    /// separators or a comment alone has no fields.
    @Test(arguments: [
        "A: 35 0 100 0 0 # x", "A: 35 0 100 0 0#x", "B:\t03  00 00\t\t00", "  P: 00 00  ", "# only a comment", "",
        " \t ", "A: 35 0 100 0 0\r", "L: 00 1 #\u{301} 5", "L: 00 1 \u{301}5", "L: 00\t\u{301}1", "N: Caf\u{E9} # \u{E9}",
        "B: 03 00 00 00 00 00 00 00 00 # évident", "S: 0#\u{301}#2 3", "I: 0003 045e 07a5 0111",
    ])
    func craftedLinesSplitAsByCharacters(_ line: String) {
        #expect(EvemuDescriptionParser.fields(line) == Self.byCharacters(line))
    }

    /// The crafted lines include both paths, and each path's result is not just empty.
    @Test func theCraftedLinesTakeBothPaths() {
        #expect(EvemuDescriptionParser.fields("L: 00 1 #\u{301} 5") == ["L:", "00", "1", "#\u{301}", "5"])
        #expect(EvemuDescriptionParser.fields("A: 35 0 100 0 0 # x") == ["A:", "35", "0", "100", "0", "0"])
        #expect(EvemuDescriptionParser.fields("A: 35 0 100 0 0\r") == ["A:", "35", "0", "100", "0", "0\r"])
    }
}
