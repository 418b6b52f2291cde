import Foundation
import Testing
import TouchTapeTestSupport

// Issue 24: commands only map arguments. The use cases (relabelling, the live loop, the
// recorder, playback, device choice, the settings) live in the library; a command file
// keeps its options, its help and at most `limit` lines of logic.

/// Lines of logic in a Swift file: lines that start inside a member's body (brace depth 2
/// or more: a `func`, a computed property, a closure in one), not blank, not a comment, not
/// a lone closing brace. Option declarations, help text and the configuration are not logic.
func linesOfLogic(_ text: String) -> Int {
    var depth = 0, count = 0
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = raw.trimmingCharacters(in: .whitespaces)
        let code = line.hasPrefix("\"") ? line : String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        let start = depth
        depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
        if start >= 2, !line.isEmpty, !line.hasPrefix("//"), !["}", "})", "}()"].contains(line) { count += 1 }
    }
    return count
}

let commandLogicLimit = 60

@Test func theCounterCountsBodiesNotDeclarations() {
    let sample = """
    struct C {
        @Option(help: "x", transform: { try f($0) })
        var x: Int
        func run() {
            // a comment
            let a = 1

            if a > 0 {
                print(a)
            }
        }
    }
    """
    #expect(linesOfLogic(sample) == 3)  // `let a`, `if a > 0 {`, `print(a)`
}

@Test func everyCommandFileHoldsAtMostSixtyLinesOfLogic() throws {
    let folder = PackagePaths.packageRoot.appendingPathComponent("Sources/TouchTapeCLI/Commands")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.count >= 10, "the command files are missing from \(folder.path)")
    var table: [String] = []
    for file in files {
        let lines = linesOfLogic(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        table.append("\(file): \(lines)")
        #expect(lines <= commandLogicLimit, "\(file) holds \(lines) lines of logic; move the use case into the library")
    }
    print("COMMAND-LOGIC-LINES " + table.joined(separator: ", "))
}
