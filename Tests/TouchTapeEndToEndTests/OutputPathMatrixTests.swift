import Foundation
import Glibc
import Testing
import TouchTapeTestSupport

// Issue 21: the output-path matrix, every writing command against every kind of target.
// The first column (the input itself, a hard link to it, a symlink to it) used to replace
// the recording with the report, the SVG or the page, exit 0. Now each is refused before
// anything is opened: exit 2, naming both paths, the recording byte for byte as it was,
// no other file made.

/// One writing command: its arguments given the input recording `R` and the output `O`.
struct WritingCommand: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: @Sendable (_ input: String, _ output: String) -> [String]
    var testDescription: String { name }

    static let all: [WritingCommand] = [
        .init(name: "replay -o") { ["replay", $0, "-o", $1] },
        .init(name: "replay --format json -o") { ["replay", $0, "--format", "json", "-o", $1] },
        .init(name: "replay --format junit -o") { ["replay", $0, "--format", "junit", "-o", $1] },
        .init(name: "replay --html") { ["replay", $0, "--html", $1] },
        .init(name: "inspect -o") { ["inspect", $0, "-o", $1] },
        .init(name: "plot -o") { ["plot", $0, "-o", $1] },
        .init(name: "plot --map -o") { ["plot", "--map", $0, "-o", $1] },
        .init(name: "sweep -o") { ["sweep", $0, "-o", $1] },
        .init(name: "convert IN OUT") { ["convert", $0, $1, "--to", "evemu"] },
        .init(name: "convert IN -o OUT") { ["convert", $0, "-o", $1, "--to", "libinput"] },
        // FILE is another copy of the same gestures; OUT would replace OTHER, where the labels come from.
        .init(name: "label FILE --from IN -o OUT") {
            ["label", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--from", $0, "-o", $1]
        },
        .init(name: "live --from --save") { ["live", "--from", $0, "--speed", "1000", "--save", $1] },
    ]
}

/// How the output path relates to the input.
enum Alias: String, CaseIterable, Sendable {
    case itself = "the input itself"
    case hardLink = "a hard link to the input"
    case symlink = "a symlink to the input"
    case dotted = "the input spelled ./NAME"
}

private func sha(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

@Test(arguments: WritingCommand.all, Alias.allCases)
func anOutputThatIsTheInputIsRefusedAndTheRecordingKept(command: WritingCommand, alias: Alias) throws {
    let dir = try PackagePaths.scratchDirectory("tt-alias")
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("r.evemu").path
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), toPath: input)
    let before = try sha(input)
    let output: String
    switch alias {
    case .itself: output = input
    case .dotted: output = "./r.evemu"
    case .hardLink:
        output = dir.appendingPathComponent("hard.evemu").path
        #expect(link(input, output) == 0)
    case .symlink:
        output = dir.appendingPathComponent("sym.evemu").path
        #expect(symlink(input, output) == 0)
    }
    let entries = try Set(FileManager.default.contentsOfDirectory(atPath: dir.path))
    let run = try TouchTapeBinary.run(command.arguments(input, output), in: dir)
    #expect(run.status == 2, "\(command.name) on \(alias.rawValue): \(run.stderr)")
    #expect(run.stderr.contains("the input"), "names the input: \(run.stderr)")
    #expect(run.stderr.contains(output), "names the output: \(run.stderr)")
    #expect(try sha(input) == before, "the recording is unchanged")
    #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == entries, "nothing else written")
}

@Test func twoOutputsThatNameOneFileAreRefused() throws {
    let dir = try PackagePaths.scratchDirectory("tt-alias")
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try TouchTapeBinary.run(["replay", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                        "-o", "a.json", "--html", "./a.json"], in: dir)
    #expect(run.status == 2)
    #expect(run.stderr.contains("--html ./a.json is the same file as the output of -o a.json"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
}

@Test func labelDashOToItsOwnFileIsARewriteInPlace() throws {
    let dir = try PackagePaths.scratchDirectory("tt-alias")
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("r.evemu").path
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), toPath: input)
    let run = try TouchTapeBinary.run(["label", input, "--note", "kept", "-o", "./r.evemu"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try String(contentsOfFile: input, encoding: .utf8).contains("kept"))
}
