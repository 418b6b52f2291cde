import Foundation
import Glibc
import Testing
import TouchTapeFormats
import TouchTapeTestSupport

// Issue 21: one exit code per fault across commands, as the README's table says. Each row of
// the table is run here (a missing input exited 3 in inspect, convert, play and label --from
// but 2 in replay, plot, sweep, label and live --from); a row without a probe, or a probe
// whose code or words differ from the row, fails.

/// The README's exit-code table: (exit codes, fault, words), in order.
private func readmeRows() throws -> [(codes: [Int32], fault: String, words: String)] {
    let readme = try String(contentsOf: TouchTapeBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let after = try #require(readme.components(separatedBy: "### Exit codes").dropFirst().first)
    let section = after.components(separatedBy: "\n#").first ?? after
    var rows: [(codes: [Int32], fault: String, words: String)] = []
    for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| exit") {
        // `\|` inside a cell is a literal bar.
        let cells = line.replacingOccurrences(of: "\\|", with: "¦").split(separator: "|")
            .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "¦", with: "|") }
        guard cells.count == 3 else { continue }
        let codes = cells[0].split(separator: ",").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
        var words = cells[2]
        // The first `…`-quoted piece is what the message must contain.
        if let open = words.firstIndex(of: "`") {
            let rest = words[words.index(after: open)...]
            words = String(rest.prefix { $0 != "`" })
        }
        rows.append((codes, cells[1], words))
    }
    return rows
}

/// How each fault is provoked: the command, the status and all output (stdout + stderr).
private func probe(_ fault: String, in dir: URL) throws -> [(status: Int32, output: String)]? {
    let recording = dir.appendingPathComponent("r.evemu").path
    func run(_ arguments: [String]) throws -> (Int32, String) {
        let r = try ProcessRun.run(TouchTapeBinary.executable, arguments, in: dir, input: FileHandle.nullDevice)
        return (r.status, r.stdout + r.stderr)
    }
    func shell(_ script: String) throws -> (Int32, String) {
        let r = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: dir, input: FileHandle.nullDevice)
        return (r.status, r.stdout + r.stderr)
    }
    let tt = "'\(TouchTapeBinary.executable.path)'"
    switch fault {
    case "everything ran and every check passed":
        return [try run(["replay", recording, "--no-config"])]
    case "a replay check failed":
        return [try run(["replay", recording, "--no-config", "--threshold", "0.9"])]
    case "a path that names nothing":
        // Every command that reads recordings says the same.
        return try [["inspect", "missing.evemu"], ["replay", "missing.evemu"], ["plot", "missing.evemu", "-o", "x.svg"],
                    ["sweep", "missing.evemu"], ["convert", "missing.evemu", "x.yml"], ["play", "--dry-run", "missing.evemu"],
                    ["label", "missing.evemu", "--note", "n"], ["label", recording, "--from", "missing.evemu", "-o", "-"],
                    ["live", "--from", "missing.evemu"]].map(run)
    case "a symbolic link to nothing named as a recording":
        let link = dir.appendingPathComponent("dangling.evemu").path
        if symlink("nowhere.evemu", link) != 0, errno != EEXIST { return nil }
        return try [["inspect", link], ["replay", link, "--no-config"], ["convert", link, "x.yml"]].map(run)
    case "a loop of symbolic links named as a recording":
        let a = dir.appendingPathComponent("loop-a.evemu").path, b = dir.appendingPathComponent("loop-b.evemu").path
        if symlink("loop-b.evemu", a) != 0, errno != EEXIST { return nil }
        if symlink("loop-a.evemu", b) != 0, errno != EEXIST { return nil }
        return try [["inspect", a], ["replay", a, "--no-config"], ["convert", a, "x.yml"]].map(run)
    case "a malformed recording":
        let bad = dir.appendingPathComponent("bad.evemu").path
        try "# EVEMU 1.3\nN: x\nI: zz\n".write(toFile: bad, atomically: false, encoding: .utf8)
        return try [["inspect", bad], ["replay", bad], ["convert", bad, "x.yml"]].map(run)
    case "a track mark that labels no track (before the first gesture, inside one), or a second one for a track that says something else":
        var lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let inside = try #require(lines.firstIndex { $0.hasPrefix("E:") }) + 60
        lines.insert("# touchtape: expect=cancel", at: inside)
        let marked = dir.appendingPathComponent("marked.evemu").path
        try lines.joined(separator: "\n").write(toFile: marked, atomically: false, encoding: .utf8)
        return try [["replay", marked, "--no-config"], ["replay", marked, "--no-config", "--format", "json"]].map(run)
    case "a recording of a device that is not a touchscreen or touchpad (a pen, a mouse, a touch mouse)":
        let mouse = dir.appendingPathComponent("mouse.evemu")
        try (EvemuFormatter(description: NonTouchDevices.touchMouse, metadata: RecordingMetadata()).header()
             + "E: 0.000001 0000 0000 0000\n").write(to: mouse, atomically: false, encoding: .utf8)
        return try [["inspect", mouse.path], ["replay", mouse.path], ["play", "--dry-run", mouse.path]].map(run)
    case "`replay --strict`: a recording that yields no track":
        let idle = dir.appendingPathComponent("idle.evemu")
        try (EvemuFormatter(description: TestDevices.touchscreenB, metadata: RecordingMetadata()).header()
             + "E: 0.000001 0000 0000 0000\n").write(to: idle, atomically: false, encoding: .utf8)
        return try [["replay", idle.path, "--strict"], ["replay", dir.path, "--strict", "--format", "junit"]].map(run)
    case "an option value out of range or not a number":
        return try [["replay", recording, "--threshold", "2"], ["live", "--from", recording, "--speed", "1e19"],
                    ["replay", recording, "--threshold", "abc"], ["replay", recording, "--track", "abc"]].map(run)
    case "an unknown option or a missing argument":
        return try [["replay", "--no-such-option"], ["convert"]].map(run)
    case "an output that is one of the inputs (or another output)":
        return try [["replay", recording, "-o", recording], ["convert", recording, recording]].map(run)
    case "a FIFO, device or socket named as a recording":
        let fifo = dir.appendingPathComponent("p.evemu").path
        _ = mkfifo(fifo, 0o644)
        return try [["inspect", fifo], ["replay", fifo]].map(run)
    case "a file or folder that cannot be read (permission, I/O)":
        // As another user where the tests run as root (root reads everything).
        let locked = dir.appendingPathComponent("locked.evemu").path
        try FileManager.default.copyItem(atPath: recording, toPath: locked)
        _ = chmod(locked, 0)
        _ = chmod(dir.path, 0o755)
        let prefix = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        return try ["inspect", "replay"].map { try shell("\(prefix)\(tt) \($0) '\(locked)'") }
    case "an output that cannot be written (full disk, read-only file)":
        return try [["replay", recording, "-o", "/dev/full"], ["inspect", recording, "-o", "/dev/full"]].map(run)
    case "the reader of standard output went away (`| head`)":
        let big = TouchTapeBinary.peer("bcm5974.event")
        return [try shell("\(tt) convert '\(big)' - --to libinput | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}")]
    case "`record --adb` finds no phone to record (no adb, none attached, unauthorised)":
        // A fake adb prints what adb prints (no phone is attached where the tests run).
        let adb = dir.appendingPathComponent("adb").path
        let env = "/usr/bin/env PATH='\(dir.path):/usr/bin:/bin' \(tt) record --adb -o x.getevent"
        func fake(_ devices: String) throws -> (Int32, String) {
            try "#!/bin/sh\nprintf 'List of devices attached\\n\(devices)\\n'\n".write(toFile: adb, atomically: false, encoding: .utf8)
            _ = chmod(adb, 0o755)
            return try shell(env)
        }
        return [try shell("/usr/bin/env PATH=/nonexistent \(tt) record --adb -o x.getevent"), try fake(""), try fake("R58M\\tunauthorized\\n")]
    case "SIGINT, SIGTERM or SIGHUP while writing or waiting (a FIFO no one reads)":
        let fifo = dir.appendingPathComponent("out.fifo").path
        _ = mkfifo(fifo, 0o644)
        let running = try RunningTouchTape(["replay", recording, "-o", fifo], in: dir)
        guard running.waitForStandardError(containing: "waiting for a reader") else { return [(-1, running.stderrSoFar)] }
        kill(running.process.processIdentifier, SIGINT)
        let (status, _, stderr) = running.finish()
        return [(status, stderr)]
    default:
        return nil
    }
}

@Test func everyRowOfTheReadmesExitCodeTableHolds() throws {
    let rows = try readmeRows()
    #expect(rows.count >= 10, "the table was read")
    for row in rows {
        let dir = try PackagePaths.scratchDirectory("tt-exit")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                         toPath: dir.appendingPathComponent("r.evemu").path)
        guard let results = try probe(row.fault, in: dir) else {
            Issue.record("README row '\(row.fault)' has no probe here")
            continue
        }
        for (status, output) in results {
            #expect(row.codes.contains(status), "\(row.fault): exit \(status), README says \(row.codes)\n\(output.suffix(400))")
            #expect(output.contains(row.words), "\(row.fault): '\(row.words)' not in\n\(output.suffix(400))")
        }
    }
}

/// `record` with no DEVICE on a machine without a touch device (this container has no
/// /dev/input): it says so and exits 2, writing nothing (the VM covers the choice itself).
private let noEventDevices = !((try? FileManager.default.contentsOfDirectory(atPath: "/dev/input"))?.contains { $0.hasPrefix("event") } ?? false)

@Test(.enabled(if: noEventDevices, "this machine has input devices: the VM scenario covers record's choice"))
func recordWithNoDeviceAndNoTouchDeviceSaysSo() throws {
    let scratch = try PackagePaths.scratchDirectory("record-choose")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let run = try TouchTapeBinary.run(["record"], in: scratch)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("no touchscreen or touchpad to record from"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "nothing written")
}
