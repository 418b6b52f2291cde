import Foundation
import Glibc
import Testing
import TouchTapeTestSupport

// Issue 21: runs report what they met. One folder that could not be listed ended the run
// with no report at all (exit 3, no JUnit file); dangling and looping symlinks inside a
// replayed folder were skipped without a word. Each is now a row in every format, every
// other file is replayed, and the report is written.

/// `ok/` with a recording, a dangling link and a loop; `locked/` that only root may list.
private func troubledTree() throws -> URL {
    let dir = try PackagePaths.scratchDirectory("tt-search")
    let ok = dir.appendingPathComponent("ok"), locked = dir.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: ok, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                     toPath: ok.appendingPathComponent("pan.evemu").path)
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-short-hold.evemu"),
                                     toPath: locked.appendingPathComponent("hold.evemu").path)
    #expect(symlink("nowhere.evemu", ok.appendingPathComponent("dangling.evemu").path) == 0)
    #expect(symlink("loop-b", ok.appendingPathComponent("loop-a").path) == 0)
    #expect(symlink("loop-a", ok.appendingPathComponent("loop-b").path) == 0)
    #expect(chmod(locked.path, 0) == 0)
    #expect(chmod(dir.path, 0o777) == 0)
    return dir
}

/// Runs `touchtape` as a user who cannot list `locked/` (nobody, where the tests run as root).
private func runUnprivileged(_ arguments: [String], in dir: URL) throws -> ProcessRun {
    if getuid() == 0 {
        return try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                  ["--reuid=65534", "--regid=65534", "--clear-groups", TouchTapeBinary.executable.path] + arguments,
                                  in: dir)
    }
    return try ProcessRun.run(TouchTapeBinary.executable, arguments, in: dir)
}

@Test(arguments: ["text", "json", "junit"])
func whatTheSearchMetIsARowInEveryFormatAndTheReportIsWritten(format: String) throws {
    let dir = try troubledTree()
    defer { _ = chmod(dir.appendingPathComponent("locked").path, 0o755); try? FileManager.default.removeItem(at: dir) }
    let report = dir.appendingPathComponent("report.\(format)").path
    let run = try runUnprivileged(["replay", ".", "--no-config", "--format", format, "-o", report], in: dir)
    #expect(run.status == 3, "\(run.stderr)")
    let text = try String(contentsOfFile: report, encoding: .utf8)
    for path in ["locked", "dangling.evemu", "loop-a", "loop-b"] {
        #expect(text.contains(path), "\(format) names \(path)")
    }
    #expect(text.contains("pan.evemu"), "the readable recording is still replayed")
    #expect(text.contains("dangling symbolic link to nowhere.evemu"))
    #expect(text.contains("a loop of symbolic links"))
    if format == "junit" { #expect(text.components(separatedBy: "<error").count - 1 == 4, "four error rows") }
    if format == "json" { #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any]) }
}

/// A recording deeper than PATH_MAX: made with `mkdirat` one level at a time (a path that
/// long cannot be named whole), then a replay of the top folder. It was skipped without a
/// word ("no recordings found"); now the search names where it could go no further.
@Test func aRecordingDeeperThanPathMaxIsAReportedRow() throws {
    let dir = try PackagePaths.scratchDirectory("tt-deep")
    defer { _ = try? ProcessRun.run(URL(fileURLWithPath: "/bin/rm"), ["-rf", dir.path], in: dir.deletingLastPathComponent()) }
    let name = String(repeating: "d", count: 250)
    var fd = open(dir.path, O_RDONLY | O_DIRECTORY)
    try #require(fd >= 0)
    var depth = 0
    while depth * 251 < Int(PATH_MAX) + 500 {
        try #require(mkdirat(fd, name, 0o755) == 0)
        let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
        close(fd)
        try #require(next >= 0)
        fd = next
        depth += 1
    }
    let recording = try Data(contentsOf: URL(fileURLWithPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")))
    let out = openat(fd, "pan.evemu", O_WRONLY | O_CREAT, 0o644)
    try #require(out >= 0)
    _ = recording.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
    close(out)
    close(fd)
    let run = try ProcessRun.run(TouchTapeBinary.executable, ["replay", ".", "--no-config", "--format", "json"], in: dir)
    #expect(run.status != 0 && run.status != 1, "a run that met an unreachable path is not a pass: \(run.status)")
    #expect(run.stdout.contains("longer than \(PATH_MAX) bytes") || run.stdout.contains("File name too long"), "\(run.stdout.prefix(2000))")
    #expect(!run.stderr.contains("no recordings found"), "\(run.stderr)")
}

/// A symbolic link to nothing, named on the command line, names nothing: exit 2 as a typo
/// (it exited 3, an I/O failure), its hint without the folder walk's "every other file".
@Test func aDanglingLinkNamedIsTheUsersToMend() throws {
    let dir = try PackagePaths.scratchDirectory("tt-dangling")
    defer { try? FileManager.default.removeItem(at: dir) }
    let link = dir.appendingPathComponent("pan.evemu").path
    #expect(symlink("nowhere.evemu", link) == 0)
    for arguments in [["replay", link, "--no-config"], ["inspect", link], ["play", link, "--dry-run"], ["live", "--from", link]] {
        let run = try TouchTapeBinary.run(arguments)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("a dangling symbolic link to nowhere.evemu") && !run.stderr.contains("every other file"), "\(run.stderr)")
    }
    // Through a chain, the link that points at nothing is named; an absolute target is not
    // "relative to" anything.
    let far = dir.appendingPathComponent("far.evemu").path, chain = dir.appendingPathComponent("chain.evemu").path
    #expect(symlink("/nonexistent-touchtape/x.evemu", far) == 0 && symlink("far.evemu", chain) == 0)
    let run = try TouchTapeBinary.run(["inspect", chain])
    #expect(run.stderr.contains("a dangling symbolic link to /nonexistent-touchtape/x.evemu (through"), "\(run.stderr)")
    #expect(run.stderr.contains("hint: its target does not exist\n") || run.stderr.hasSuffix("hint: its target does not exist"), "\(run.stderr)")
}

/// A search of a repository's root: the project's touchtape.yml, hidden folders (a CI
/// workflow's YAML) and YAML that is not a libinput record are not recordings. They were
/// read as broken ones (exit 2 for `touchtape replay` beside its own touchtape.yml). Each
/// named on the command line is still read, and refused.
@Test func aSearchPassesOverTheProjectsSettingsHiddenFoldersAndOtherYAML() throws {
    let dir = try PackagePaths.scratchDirectory("tt-search-root")
    let fm = FileManager.default
    try fm.createDirectory(at: dir.appendingPathComponent(".github/workflows"), withIntermediateDirectories: true)
    try fm.createDirectory(at: dir.appendingPathComponent("deploy"), withIntermediateDirectories: true)
    try fm.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), toPath: dir.appendingPathComponent("pan.evemu").path)
    try fm.copyItem(atPath: TouchTapeBinary.bundled("touchpad-two-finger-pan-finish.yml"),
                    toPath: dir.appendingPathComponent("deploy/pad.yml").path)
    try "recordings: [.]\n".write(to: dir.appendingPathComponent("touchtape.yml"), atomically: true, encoding: .utf8)
    try "name: CI\non: push\n".write(to: dir.appendingPathComponent(".github/workflows/ci.yml"), atomically: true, encoding: .utf8)
    // A record that opens with YAML's `---` is a record.
    let record = try String(contentsOfFile: TouchTapeBinary.bundled("touchpad-two-finger-flick-up-cancel.yml"), encoding: .utf8)
    try ("---\n" + record).write(to: dir.appendingPathComponent("deploy/documented.yml"), atomically: true, encoding: .utf8)
    let compose = dir.appendingPathComponent("deploy/compose.yaml")
    try "# services\nservices:\n  app: {}\n".write(to: compose, atomically: true, encoding: .utf8)
    let run = try TouchTapeBinary.run(["replay"], in: dir)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.hasSuffix("5 passed, 0 failed\n"), "\(run.stdout)")
    #expect(run.stderr.contains("touchtape: note: skipped ./deploy/compose.yaml: not a libinput record (it starts 'services:', not 'version: 1')"),
            "\(run.stderr)")
    #expect(!run.stderr.contains("ci.yml") && !run.stdout.contains("touchtape.yml"))
    let named = try TouchTapeBinary.run(["replay", compose.path], in: dir)
    #expect(named.status == 2 && named.stdout.contains("compose.yaml:"), "a file named is read: \(named.stdout)")
}
