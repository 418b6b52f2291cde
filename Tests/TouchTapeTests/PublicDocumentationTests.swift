import Foundation
import Testing
import TouchTapeTestSupport

/// Every public declaration of the API modules carries a doc comment (DocC shows it):
/// the umbrella module, the test helpers, the contract and the modules it re-exports from. A declaration counts
/// as documented when a `///` line precedes it (attributes in between allowed).
@Test(arguments: ["TouchTape", "TouchTapeTesting", "TouchTapeContract", "TouchTapeDismissal", "TouchTapeReplay"])
func everyPublicSymbolIsDocumented(module: String) throws {
    let folder = PackagePaths.packageRoot.appendingPathComponent("Sources/\(module)")
    let files = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    var undocumented: [String] = []
    for file in files {
        let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, line) in lines.enumerated() where line.hasPrefix("public ") || (line.hasPrefix("@") && line.contains(" public ")) {
            var previous = index - 1
            while previous >= 0, lines[previous].hasPrefix("@") { previous -= 1 }
            if previous < 0 || !lines[previous].hasPrefix("///") { undocumented.append("\(module)/\(file):\(index + 1): \(line)") }
        }
    }
    #expect(undocumented.isEmpty, "\(undocumented.joined(separator: "\n"))")
}
