import Foundation
import Testing
import TouchTapeTestSupport
import TouchTapeReplay
import Yams

/// `docs/ci.md` must not rot: each YAML block parses, and each `touchtape` command in a
/// `run:` or `script:` step runs with the matrix values filled in and writes its report.
private let document = PackagePaths.packageRoot.appendingPathComponent("docs/ci.md")

private func allYAMLBlocks() throws -> [String] {
    let text = try String(contentsOf: document, encoding: .utf8)
    return text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
}

/// The CI jobs; a block starting `# touchtape.yml` is the project configuration instead.
private func yamlBlocks() throws -> [String] { try allYAMLBlocks().filter { !$0.hasPrefix("# touchtape.yml") } }

private func configurationBlock() throws -> String {
    try #require(try allYAMLBlocks().first { $0.hasPrefix("# touchtape.yml") })
}

/// Every shell line in `run:` / `script:` entries that starts with `touchtape`.
private func commands(in node: Any) -> [String] {
    switch node {
    case let map as [String: Any]:
        return map.flatMap { key, value -> [String] in
            if key == "run", let line = value as? String { return line.hasPrefix("touchtape ") ? [line] : [] }
            if key == "script", let lines = value as? [String] { return lines.filter { $0.hasPrefix("touchtape ") } }
            return commands(in: value)
        }
    case let list as [Any]:
        return list.flatMap { commands(in: $0) }
    default:
        return []
    }
}

@Test func everyYAMLBlockParsesAndNamesTouchtape() throws {
    let blocks = try yamlBlocks()
    #expect(blocks.count == 4)
    let configuration = try ProjectConfiguration.parse(try configurationBlock(), file: "/project/touchtape.yml")
    #expect(configuration.recordings == ["/project/Recordings"])
    for block in blocks {
        let node = try #require(try Yams.load(yaml: block))
        #expect(!commands(in: node).isEmpty, "no touchtape command in:\n\(block)")
    }
}

@Test func theDocumentedCommandsRunAndWriteTheirReports() throws {
    let dir = try PackagePaths.scratchDirectory("tt-ci-doc")
    try FileManager.default.copyItem(at: PackagePaths.recordings, to: dir.appendingPathComponent("Recordings"))
    // Every job runs beside the document's touchtape.yml, as in the repository it describes.
    try configurationBlock().write(to: dir.appendingPathComponent("touchtape.yml"), atomically: true, encoding: .utf8)
    let values: [String: [String]] = [
        "${{ matrix.shard }}": ["1", "2", "3", "4"], "${CI_NODE_INDEX}": ["1", "2", "3", "4"],
        "${CI_NODE_TOTAL}": ["4"], "${PROFILE}": ["transition", "easytransitions", "photozoom"],
    ]
    var ran = 0
    for block in try yamlBlocks() {
        for command in commands(in: try #require(try Yams.load(yaml: block))) {
            // Each placeholder in the command takes each of its values (shard i of 4, …).
            var lines = [command]
            for (placeholder, options) in values where command.contains(placeholder) {
                let index = placeholder == "${CI_NODE_TOTAL}" ? nil : placeholder
                lines = lines.flatMap { line in
                    index == nil ? [line.replacingOccurrences(of: placeholder, with: options[0])]
                                 : options.map { line.replacingOccurrences(of: placeholder, with: $0) }
                }
            }
            for line in Set(lines).sorted() {
                let words = line.split(separator: " ").map(String.init)
                #expect(!words.contains { $0.contains("$") }, "unfilled placeholder in \(line)")
                let run = try TouchTapeBinary.run(Array(words.dropFirst()), in: dir)
                #expect(run.status == 0, "\(line): \(run.stderr)")
                if words.contains("github") {
                    // Workflow commands on standard output: the tally as a notice, no failure.
                    #expect(run.stdout.hasSuffix("passed, 0 failed\n") && run.stdout.contains("::notice title=touchtape replay"),
                            "\(line): \(run.stdout)")
                    #expect(!run.stdout.contains("::error"))
                    ran += 1
                    continue
                }
                let output = try #require(words.firstIndex(of: "--output").map { words[$0 + 1] })
                let xml = try String(contentsOf: dir.appendingPathComponent(output), encoding: .utf8)
                #expect(xml.contains("<testsuites"))
                ran += 1
            }
        }
    }
    #expect(ran == 4 + 4 + 4 + 3 + 1)
}
