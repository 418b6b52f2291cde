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
