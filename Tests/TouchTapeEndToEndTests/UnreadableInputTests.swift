import Foundation
import Glibc
import Testing
import TouchTapeTestSupport

// The commands that go on past a file or folder they cannot read (`sweep`, `compare`,
// `plot --map`, as `replay` does) say what they could not read and exit 2 (malformed) or 3
// (not readable at all). `plot --map` drew the map of the rest and exited 0 without a word;
// `sweep` left an unreadable folder out without a word, exit 0; `compare` exited 2 for it
// without a word, and printed a malformed file's hint after a literal `\n`.

/// A command that replays every recording under a folder and writes its output to `out`.
struct FolderCommand: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: @Sendable (_ folder: String, _ out: String) -> [String]
    var testDescription: String { name }

    static let all: [FolderCommand] = [
        .init(name: "sweep") { ["sweep", $0, "--no-config", "-o", $1] },
        .init(name: "compare") { ["compare", $0, "--no-config", "--profiles", "transition", "photozoom", "-o", $1] },
        .init(name: "plot --map") { ["plot", "--map", $0, "--no-config", "-o", $1] },
        .init(name: "replay") { ["replay", $0, "--no-config", "-o", $1] },
    ]
}

/// A folder with a good recording and a malformed one (and, when `locked`, a folder only root may list).
private func mixedFolder(locked: Bool) throws -> URL {
    let dir = try PackagePaths.scratchDirectory("tt-unreadable")
    let mix = dir.appendingPathComponent("mix")
    try FileManager.default.createDirectory(at: mix, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                     toPath: mix.appendingPathComponent("good.evemu").path)
    if locked {
        let folder = mix.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-flick-up-cancel.evemu"),
                                         toPath: folder.appendingPathComponent("hidden.evemu").path)
        #expect(chmod(folder.path, 0o700) == 0 && chmod(mix.path, 0o777) == 0 && chmod(dir.path, 0o777) == 0)
    } else {
        try "this is not a recording\n".write(to: mix.appendingPathComponent("broken.evemu"), atomically: true, encoding: .utf8)
    }
    return dir
}

@Test(arguments: FolderCommand.all)
func aMalformedRecordingIsSaidAndExitsTwo(command: FolderCommand) throws {
    let dir = try mixedFolder(locked: false)
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try ProcessRun.run(TouchTapeBinary.executable, command.arguments("mix", "out.txt"), in: dir, input: FileHandle.nullDevice)
    #expect(run.status == 2, "\(command.name): \(run.stderr)")
    let said = run.stderr + (try String(contentsOf: dir.appendingPathComponent("out.txt"), encoding: .utf8))
    #expect(said.contains("mix/broken.evemu:1: expected 'N: <device name>'"), "\(command.name): \(run.stderr)")
    #expect(!said.contains("\\n"), "no escaped line break: \(said)")
    // The rest is still there: the good recording's track was drawn, swept or compared.
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.txt").path))
}

@Test(.enabled(if: getuid() == 0, "a folder only root may list needs another user to run as"), arguments: FolderCommand.all)
func aFolderThatCannotBeListedIsSaidAndExitsThree(command: FolderCommand) throws {
    let dir = try mixedFolder(locked: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                 ["--reuid=65534", "--regid=65534", "--clear-groups", TouchTapeBinary.executable.path]
                                    + command.arguments("mix", "out.txt"), in: dir, input: FileHandle.nullDevice)
    #expect(run.status == 3, "\(command.name): \(run.stderr)")
    let said = run.stderr + ((try? String(contentsOf: dir.appendingPathComponent("out.txt"), encoding: .utf8)) ?? "")
    #expect(said.contains("mix/locked: expected 'a readable folder', found 'Permission denied'"), "\(command.name): \(said)")
}

/// `replay -o R --html H` where H cannot be made: refused before the run, R as it was (it
/// was replaced by the report, and then the page failed).
@Test(arguments: ["nofolder/page.html", "/dev/full"])
func aPageThatCannotBeWrittenLeavesTheReportFileAsItWas(page: String) throws {
    let dir = try PackagePaths.scratchDirectory("tt-unreadable")
    defer { try? FileManager.default.removeItem(at: dir) }
    let report = dir.appendingPathComponent("r.txt")
    try "OLD\n".write(to: report, atomically: true, encoding: .utf8)
    let run = try ProcessRun.run(TouchTapeBinary.executable,
                                 ["replay", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--no-config",
                                  "-o", "r.txt", "--html", page], in: dir, input: FileHandle.nullDevice)
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.contains("cannot write \(page)"), "\(run.stderr)")
    #expect(try String(contentsOf: report, encoding: .utf8) == "OLD\n")
}
