import Foundation
import Testing
import TouchTapeTestSupport

/// Issue 9 (hostile-user pass), through the binary: what used to trap, hang, write an
/// unreadable file or exit with the wrong status now exits 2 (bad input) or 3 (I/O)
/// with a typed message.
private func scratch() throws -> URL { try PackagePaths.scratchDirectory("tt-hostile") }

private func write(_ text: String, _ name: String, in dir: URL) throws -> String {
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
}

/// A bundled recording with `B: 01` mask lines past 1024 (codes above 0xffff).
private func manyMaskLines(in dir: URL) throws -> String {
    let good = try String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), encoding: .utf8)
    // The 1025th line sets a bit: code 65536, which trapped in UInt16(…) and killed the whole replay.
    let extra = String(repeating: "B: 01 00 00 00 00 00 00 00 00\n", count: 1024) + "B: 01 01 00 00 00 00 00 00 00\n"
    return try write(good.replacingOccurrences(of: "A: ", with: extra + "A: ", options: [], range: good.range(of: "A: ")), "masks.evemu", in: dir)
}

@Test func moreThan1024MaskLinesInAFolderIsATypedErrorNotACrash() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                     toPath: dir.appendingPathComponent("good.evemu").path)
    _ = try manyMaskLines(in: dir)
    let run = try TouchTapeBinary.run(["replay", dir.path])
    #expect(run.status == 2, "\(run.stderr.suffix(300))")
    // The broken file is reported as an error in the report; the good one is still replayed.
    #expect(run.stdout.contains("Could not read:") && run.stdout.contains("masks.evemu:"))
    #expect(run.stdout.contains("expected 'at most 1024 B: lines for type 01'"))
    #expect(run.stdout.contains("good.evemu"))
}

// Issue 21: the error names the option as typed and the range it takes, never an internal
// field (`invalid completionThreshold 2.0` for `--threshold 2`).
@Test(arguments: [
    (["--scale", "1e17"], "--scale <scale>': out of range; give the profile's units per millimetre of finger travel, from 0.01 to 1000 (pt/mm under UIKit)"),
    (["--scale", "0"], "--scale <scale>': out of range"),
    (["--resolution-fallback", "1e300/mm"], "--resolution-fallback <resolution-fallback>': out of range; give 0.001…1000000 device units per millimetre"),
    (["--resolution-fallback", "0.0001mm"], "--resolution-fallback <resolution-fallback>': out of range; the longer axis must span 1…10000 mm"),
    (["--threshold", "-0.1"], "--threshold <threshold>': out of range; give the completion threshold as a fraction of the progress, from 0 to 1"),
    (["--threshold", "2"], "--threshold <threshold>': out of range"),
    (["--flick-velocity", "-5"], "--flick-velocity <flick-velocity>': out of range; give the minimum flick speed, from 0 to 1000000 per second in the profile's unit (pt/s under UIKit)"),
    (["--flick-velocity", "1e300"], "--flick-velocity <flick-velocity>': out of range"),
    (["--distance", "-1"], "--distance <distance>': out of range; give the view's size along the pan, from 0.001 to 1000000 in the profile's unit (pt under UIKit)"),
    (["--distance", "1e300"], "--distance <distance>': out of range"),
    (["--slop", "1e300"], "--slop <slop>': out of range; give how far the fingers move before a pan begins, from 0 to 1000 in the profile's unit (pt under UIKit)"),
    // Below the smallest Double: it read as 0, a threshold changed without a word.
    (["--threshold", "1e-400"], "--threshold <threshold>': too small to hold (it reads as 0); give the completion threshold"),
    (["--slop", "0.5E-999"], "--slop <slop>': too small to hold (it reads as 0)"),
    // 0 is out of range for --scale: no "give 0 for 0" after the example.
    (["--scale", "1e-400"], "--scale <scale>': too small to hold (it reads as 0); give the profile's units per millimetre of finger travel, from 0.01 to 1000 (pt/mm under UIKit) (e.g. 6.417)\n"),
])
func outOfRangeOptionsAreRejectedWithTheirRange(arguments: [String], message: String) throws {
    // EP0430M09 reports resolution 0, so the fallback is used (it trapped in the report text).
    let run = try TouchTapeBinary.run(["replay", TouchTapeBinary.peer("EP0430M09.2-finger-scroll-down.events")] + arguments)
    #expect(run.status == 2, "\(arguments): \(run.stderr.suffix(300))")
    #expect(run.stderr.contains("is invalid for '" + message), "\(run.stderr)")
}

@Test func aFIFOInAFolderIsSkippedAndNamedOnTheCommandLineIsAnError() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                     toPath: dir.appendingPathComponent("good.evemu").path)
    let fifo = dir.appendingPathComponent("pipe.evemu").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let folder = try TouchTapeBinary.run(["replay", dir.path])
    #expect(folder.status == 0, "\(folder.stderr)")
    #expect(folder.stderr.contains("touchtape: note: skipped \(fifo): not a regular file (a FIFO)"))
    for command in [["replay", fifo], ["inspect", fifo], ["inspect", "/dev/zero"]] {
        let run = try TouchTapeBinary.run(command)
        // replay reports it as a row of its report (stdout), inspect as its error (stderr).
        let said = run.stdout + run.stderr
        #expect(run.status == 2, "\(command): \(run.stderr)")
        #expect(said.contains("expected 'a "), "\(said)")
        #expect(said.contains("found 'a FIFO'") || said.contains("found 'a character device'"), "\(said)")
    }
}

/// Runs the binary as `nobody` when the tests run as root (root reads everything).
private func runUnprivileged(_ arguments: [String]) throws -> Run {
    guard geteuid() == 0 else { return try TouchTapeBinary.run(arguments) }
    return try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/setpriv"),
                              ["--reuid=65534", "--regid=65534", "--clear-groups", TouchTapeBinary.executable.path] + arguments,
                              in: URL(fileURLWithPath: "/"))
}

@Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv to drop root"))
func unreadableFilesAndFoldersExit3WithThePath() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("secret.evemu").path
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), toPath: file)
    chmod(file, 0)
    let inspect = try runUnprivileged(["inspect", file])
    #expect(inspect.status == 3, "\(inspect.stderr)")
    #expect(inspect.stderr.contains("\(file): expected 'a readable file', found 'Permission denied'"), "\(inspect.stderr)")
    #expect(inspect.stderr.contains("check its permissions"))

    let sub = dir.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
    chmod(sub.path, 0)
    // A folder that cannot be listed is a row of the report (issue 21: it ended the run with
    // no report), and the run exits 3.
    let replay = try runUnprivileged(["replay", sub.path])
    #expect(replay.status == 3, "\(replay.stderr)")
    #expect(replay.stdout.contains("\(sub.path): expected 'a readable folder', found 'Permission denied'"), "\(replay.stdout)")
    #expect(replay.stdout.contains("you may not list it"))
    #expect(!replay.stderr.contains("no recordings found"))
}

@Test func convertedHostileNamesReadBackAndUnwritableOnesAreRefused() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = try String(contentsOfFile: TouchTapeBinary.bundled("touchpad-two-finger-pan-finish.yml"), encoding: .utf8)
    // A libinput file whose device name holds NEL, LS and PS (escaped) and a newline.
    let name = #"Pad\x85\u2028\u2029\nEnd"#
    let yaml = original.replacingOccurrences(of: "    name: \"TouchTape Synthetic Touchpad\"", with: "    name: \"\(name)\"")
    #expect(yaml != original)
    let input = try write(yaml, "names.yml", in: dir)
    let out = dir.appendingPathComponent("back.yml").path
    let convert = try TouchTapeBinary.run(["convert", input, out])
    #expect(convert.status == 0, "\(convert.stderr)")
    let inspect = try TouchTapeBinary.run(["inspect", out, "--format", "json"])
    #expect(inspect.status == 0, "\(inspect.stderr)")
    // Escaped in the JSON (\u0085, \u2028: a terminal printing it must not act on them), read back whole.
    let files = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [[String: Any]])
    #expect((files.first?["device"] as? [String: Any])?["name"] as? String == "Pad\u{85}\u{2028}\u{2029}\nEnd", "\(inspect.stdout.prefix(300))")
    #expect(inspect.stdout.contains(#"Pad\u0085\u2028\u2029\nEnd"#))
    // evemu's one-line N: cannot hold the newline: convert refuses before writing.
    let evemu = dir.appendingPathComponent("names.evemu").path
    let refused = try TouchTapeBinary.run(["convert", input, evemu])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("expected 'a device name evemu's N: line can hold'"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: evemu))
}

@Test func libinputCodesAboveEV_MAXAndJunkEventsAreTypedErrors() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = try String(contentsOfFile: TouchTapeBinary.bundled("touchpad-two-finger-pan-finish.yml"), encoding: .utf8)
    let codes = try write(original.replacingOccurrences(of: "    codes:\n", with: "    codes:\n      40: [1]\n"), "codes.yml", in: dir)
    let convert = try TouchTapeBinary.run(["convert", codes, dir.appendingPathComponent("codes.evemu").path])
    #expect(convert.status == 2, "\(convert.stderr)")
    #expect(convert.stderr.contains("expected 'an event type 0…31 (EV_MAX)', found '40'"), "\(convert.stderr)")

    let head = String(original[..<original.range(of: "  events:\n")!.lowerBound])
    let junk = try write(head + "  events:\n  - hello\n", "junk.yml", in: dir)
    let inspect = try TouchTapeBinary.run(["inspect", junk])
    #expect(inspect.status == 2, "\(inspect.stdout)")
    #expect(inspect.stderr.contains("junk.yml:"), "\(inspect.stderr)")
    #expect(inspect.stderr.contains("found 'hello'"), "\(inspect.stderr)")
}

@Test func aTouchTapeFileCutAtALineBoundaryIsReportedTruncated() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = try String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), encoding: .utf8)
    // Cut before the last label (and the end mark after it).
    let cut = try write(String(original[..<original.range(of: "# touchtape: expect=", options: .backwards)!.lowerBound]), "cut.evemu", in: dir)
    let inspect = try TouchTapeBinary.run(["inspect", cut])
    #expect(inspect.status == 0)
    #expect(inspect.stdout.contains("  note: truncated after event "), "\(inspect.stdout)")
    let replay = try TouchTapeBinary.run(["replay", cut])
    #expect(replay.stdout.contains("      tool: truncated after event "), "\(replay.stdout)")
    // The bundled file itself is complete.
    #expect(!(try TouchTapeBinary.run(["inspect", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu")]).stdout.contains("truncated")))
}

@Test func aHugeLineIsRefusedQuicklyWithAShortMessage() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = try write("N: X\nI: 0 0 0 0\n" + String(repeating: "\u{1b}7", count: 1_000_000) + "\n", "huge.evemu", in: dir)
    let run = try TouchTapeBinary.run(["inspect", path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("huge.evemu:3: expected 'a line of at most 65536 bytes'"), "\(run.stderr.prefix(300))")
    #expect(run.stderr.utf8.count < 1000)
    #expect(!run.stderr.contains("\u{1b}"))
}
