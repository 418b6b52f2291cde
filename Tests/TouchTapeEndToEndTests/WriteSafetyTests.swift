import Foundation
import Glibc
import Testing
import TouchTapeTestSupport

// Issue 9, write safety, through the binary: devices, FIFOs and symlinks are written
// through and never replaced; a failed write (standard output included) exits 3 naming
// what could not be written; `label` waits for another label instead of losing its work;
// readers wait while a file is being rewritten.
//
// The device nodes are made with mknod in a scratch folder (never the machine's own
// /dev/null or /dev/full), so a binary that still renames over its output only breaks
// the scratch node. mknod needs root, as CI has.

private let isRoot = getuid() == 0

private func scratch() throws -> URL { try PackagePaths.scratchDirectory("tt-writes") }

/// A character device node like /dev/null (1, 3) or /dev/full (1, 7).
private func makeCharacterDevice(_ path: String, major: UInt32, minor: UInt32) throws {
    // glibc's makedev for major/minor < 256.
    let device = dev_t(major << 8 | minor)
    guard mknod(path, S_IFCHR | 0o666, device) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}


private func bundledCopy(_ name: String, in dir: URL) throws -> String {
    let copy = dir.appendingPathComponent(name).path
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled(name), toPath: copy)
    return copy
}

/// Holds an exclusive `flock` on `path` the way another touchtape rewriting it would.
private final class HeldLock {
    let fd: Int32
    init(_ path: String) throws {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, flock(fd, LOCK_EX) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    func release() { close(fd) }
}

@Suite(.enabled(if: isRoot, "mknod needs root"))
struct DeviceOutputTests {
    /// Before the fix this turned the node into a regular file (as root: /dev/null itself).
    @Test func replayOutputToADeviceNodeWritesThroughIt() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let null = dir.appendingPathComponent("null").path
        try makeCharacterDevice(null, major: 1, minor: 3)
        let run = try TouchTapeBinary.run(["replay", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), "--output", null])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(fileKind(null) == "character device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["null"], "no temporary file left")
    }

    @Test func convertToAFullDeviceExitsThreeNamingItAndKeepsTheNode() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = dir.appendingPathComponent("full").path
        try makeCharacterDevice(full, major: 1, minor: 7)
        let run = try TouchTapeBinary.run(["convert", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), full, "--to", "evemu"])
        #expect(run.status == 3)
        #expect(run.stderr.contains("cannot write \(full): No space left on device"), "\(run.stderr)")
        #expect(fileKind(full) == "character device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["full"], "no temporary file left")
    }

    /// `replay --format json > /dev/full` exited 0 with the report lost.
    @Test(arguments: [["replay", "--format", "json"], ["inspect"], ["convert", "-", "--to", "libinput"]])
    func aFullStandardOutputExitsThree(command: [String]) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = dir.appendingPathComponent("full").path
        try makeCharacterDevice(full, major: 1, minor: 7)
        let out = try #require(FileHandle(forWritingAtPath: full))
        let recording = TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu")
        // `convert IN -` writes to standard output; the others take the file after the command.
        let arguments = command.first == "convert"
            ? ["convert", recording] + command.dropFirst()
            : [command[0], recording] + command.dropFirst()
        // In the scratch folder: a `-` taken as a file name lands there, not in the package.
        let running = try RunningTouchTape(arguments, standardOutput: out, in: dir)
        try out.close()
        let result = running.finish()
        #expect(result.status == 3, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("touchtape: error: cannot write standard output: No space left on device"), "\(result.stderr)")
        #expect(fileKind(full) == "character device")
    }

    @Test func labelOutputToADeviceNodeWritesThroughIt() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let null = dir.appendingPathComponent("null").path
        try makeCharacterDevice(null, major: 1, minor: 3)
        let run = try TouchTapeBinary.run(["label", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"),
                                           "--expect", "cancel", "-o", null])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(fileKind(null) == "character device")
    }
}

/// A FIFO whose pipe holds a whole recording, so the writer never waits for the test to read:
/// after the writer exits, everything it wrote is in the pipe (a replaced FIFO holds nothing).
private final class BigFIFO {
    let path: String
    private let fd: Int32
    init(_ path: String) throws {
        self.path = path
        guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // O_RDWR opens a FIFO without waiting for a writer; non-blocking reads end at EAGAIN.
        fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0, fcntl(fd, 1031 /* F_SETPIPE_SZ */, 1 << 20) >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    deinit { close(fd) }
    /// What is in the pipe now.
    func drain() -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        return String(decoding: data, as: UTF8.self)
    }
}

@Test func labelOutputToAFIFOWritesThroughIt() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = try BigFIFO(dir.appendingPathComponent("labelled.evemu").path)
    let run = try TouchTapeBinary.run(["label", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"),
                                       "--expect", "cancel", "-o", fifo.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(fileKind(fifo.path) == "fifo")
    let text = fifo.drain()
    #expect(text.hasPrefix("# EVEMU"))
    #expect(text.contains("# touchtape: expect=cancel"))
}

@Test func replayOutputToAFIFOWritesThroughIt() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = try BigFIFO(dir.appendingPathComponent("report.json").path)
    let run = try TouchTapeBinary.run(["replay", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"),
                                       "--format", "json", "--output", fifo.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(fileKind(fifo.path) == "fifo")
    let report = fifo.drain()
    #expect(report.hasPrefix("{") && report.contains("\"passed\": 1,\n    \"failed\": 0"), "\(report)")
}

@Test func convertThroughASymlinkKeepsTheLinkAndTheTargetsMode() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("real.yml").path
    try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
    chmod(target, 0o600)
    let link = dir.appendingPathComponent("link.yml").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.yml")
    let run = try TouchTapeBinary.run(["convert", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), link])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(fileKind(link) == "symlink")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.yml")
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("# libinput record\nversion: 1\n"))
    #expect((try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) == 0o600)
    #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["real.yml", "link.yml"])
}

/// Two labels at once: the second waits for the first, says so, and then labels the first
/// one's result, so both labels land. The test holds the lock itself first, so both runs
/// are certain to meet it (no timing); before the fix neither waited and one label could be lost.
@Test func twoLabelRunsAtOnceBothLand() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = try bundledCopy("touchscreen-pan-down-finish.evemu", in: dir)
    let held = try HeldLock(file)
    let first = try RunningTouchTape(["label", file, "--track", "1", "--expect", "cancel"])
    let second = try RunningTouchTape(["label", file, "--track", "2", "--note", "second label"])
    let waiting = "waiting for another touchtape to finish with \(file)"
    let firstWaited = first.waitForStandardError(containing: waiting)
    let secondWaited = second.waitForStandardError(containing: waiting)
    held.release()
    let a = first.finish(), b = second.finish()
    #expect(firstWaited && secondWaited, "\(a.stderr) \(b.stderr)")
    #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
    let inspected = try TouchTapeBinary.run(["inspect", file])
    #expect(inspected.stdout.contains("track 1: ") && inspected.stdout.contains(", expect cancel, note "), "\(inspected.stdout)")
    #expect(inspected.stdout.contains(", expect finish, note \"second label\""), "\(inspected.stdout)")
}

/// A reader that meets a rewrite in progress waits for it and reads the finished file, never
/// the half-written one. The test plays the writer: it holds the lock, cuts the file in half,
/// starts `inspect`, sees it wait, then writes the rest and lets go.
@Test func aReaderWaitsForARewriteInProgress() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = try bundledCopy("touchscreen-pan-down-finish.evemu", in: dir)
    let whole = try Data(contentsOf: URL(fileURLWithPath: file))
    let held = try HeldLock(file)
    let handle = try #require(FileHandle(forWritingAtPath: file))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: whole.prefix(whole.count / 2))
    let reader = try RunningTouchTape(["inspect", file])
    let waited = reader.waitForStandardError(containing: "waiting for another touchtape to finish with \(file)")
    try handle.write(contentsOf: whole.dropFirst(whole.count / 2))
    try handle.close()
    held.release()
    let result = reader.finish()
    #expect(waited, "\(result.stderr)")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("tracks: 2\n"))
}

/// `--no-wait`: a label that finds the file busy exits 3 at once and leaves it alone.
@Test func labelWithNoWaitRefusesABusyFile() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = try bundledCopy("touchscreen-flick-down-finish.evemu", in: dir)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let held = try HeldLock(file)
    let run = try TouchTapeBinary.run(["label", file, "--expect", "cancel", "--no-wait"])
    held.release()
    #expect(run.status == 3)
    #expect(run.stderr.contains("another touchtape is working on \(file)"), "\(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
}

/// Ctrl-C while a label waits for the file: it says so and leaves the file as it was (the
/// default handler ended it without a word).
@Test func aLabelStoppedWhileWaitingSaysSo() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = try bundledCopy("touchscreen-flick-down-finish.evemu", in: dir)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let held = try HeldLock(file)
    let label = try RunningTouchTape(["label", file, "--expect", "cancel"])
    let waited = label.waitForStandardError(containing: "waiting for another touchtape to finish with \(file)")
    label.process.interrupt()
    let result = label.finish()
    held.release()
    #expect(waited && result.status == 130, "\(result.stderr)")
    #expect(result.stderr.contains("touchtape: interrupted by SIGINT; it was waiting for another touchtape to finish with \(file); \(file) is unchanged"),
            "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
}

/// The same while it waits to read OTHER (`--from`), before FILE is touched.
@Test func aLabelStoppedWhileWaitingForTheOtherFileSaysSo() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = try bundledCopy("touchscreen-flick-down-finish.evemu", in: dir)
    let other = dir.appendingPathComponent("other.evemu").path
    try FileManager.default.copyItem(atPath: file, toPath: other)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let held = try HeldLock(other)
    let label = try RunningTouchTape(["label", file, "--from", other])
    let waited = label.waitForStandardError(containing: "waiting for another touchtape to finish with \(other)")
    label.process.interrupt()
    let result = label.finish()
    held.release()
    #expect(waited && result.status == 130, "\(result.stderr)")
    #expect(result.stderr.contains("touchtape: interrupted by SIGINT; it was waiting for another touchtape to finish with \(other); nothing was written"),
            "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
}

/// Every command that reads a recording, stopped while it waits for another touchtape to
/// finish with it, says so in the one wording `label` uses, then what became of its output.
/// `replay`, `sweep` and `compare` said only "interrupted by SIGINT; what was written to
/// standard output is incomplete" (nothing had been written), `convert` and `inspect` had
/// a wording of their own, and `plot` and `replay --compare-velocity` waited without a word and
/// did not end on Ctrl-C.
@Test(arguments: [
    (["convert", "FILE", "OUT/converted.yml"], "nothing was written"),
    (["inspect", "FILE"], "nothing was written"),
    (["plot", "FILE", "-o", "OUT/track.svg"], "nothing was written"),
    (["plot", "--map", "FILE", "-o", "OUT/map.svg"], "OUT/map.svg was not created"),
    (["sweep", "FILE"], "nothing was written to standard output"),
    (["compare", "FILE"], "nothing was written"),
    (["compare", "FILE", "-o", "OUT/compare.txt"], "OUT/compare.txt was not created"),
    (["replay", "FILE"], "nothing was written to standard output"),
    (["replay", "FILE", "-o", "OUT/report.txt"], "OUT/report.txt was not created"),
    (["replay", "FILE", "--compare-velocity"], "nothing was written to standard output"),
])
func aReaderStoppedWhileWaitingSaysSo(arguments: [String], left: String) throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = try bundledCopy("touchscreen-flick-down-finish.evemu", in: dir)
    let out = dir.appendingPathComponent("out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let held = try HeldLock(file)
    let reader = try RunningTouchTape(arguments.map { $0.replacingOccurrences(of: "FILE", with: file).replacingOccurrences(of: "OUT", with: out) })
    let waited = reader.waitForStandardError(containing: "waiting for another touchtape to finish with")
    reader.process.interrupt()
    let result = reader.finish()
    held.release()
    let name = URL(fileURLWithPath: file).lastPathComponent
    #expect(waited && result.status == 130, "\(arguments): \(result.stderr)")
    // The file as reports name it (a folder's recording is named relative to it; one file by its path).
    let said = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(said.hasPrefix("touchtape: interrupted by SIGINT; it was waiting for another touchtape to finish with ")
            && said.contains(name) && said.hasSuffix("; " + left.replacingOccurrences(of: "OUT", with: out)),
            "\(arguments): \(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty, "\(arguments)")
    #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
}

/// A libinput record file holding what TouchTape does not write back (libinput's own
/// `- libinput:` event items, a key another tool added): `label` refuses to rewrite it in
/// place, naming what would be lost, and writes a labelled copy with `-o`. It wrote the file
/// back without them.
@Test func labelKeepsAnotherToolsContentOrRefuses() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = try String(contentsOfFile: TouchTapeBinary.bundled("touchpad-two-finger-pan-finish.yml"), encoding: .utf8)
    var lines = original.components(separatedBy: "\n")
    let second = try #require(lines.indices.dropFirst(30).first { lines[$0] == "  - evdev:" })
    lines.insert(contentsOf: ["  - libinput:", "      type: GESTURE_SWIPE_BEGIN", "      time: 0.015324"], at: second)
    let file = dir.appendingPathComponent("with-libinput.yml").path
    try (lines.joined(separator: "\n") + "extra: kept by another tool\n").write(toFile: file, atomically: true, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(try TouchTapeBinary.run(["replay", file, "--no-config"]).status == 0, "the recording reads")
    let run = try TouchTapeBinary.run(["label", file, "--expect", "cancel"])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("holds '- libinput:' event items, the top-level key 'extra', which label does not write back;"
                                + " it cannot be rewritten in place"), "\(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    let copy = dir.appendingPathComponent("labelled.yml").path
    #expect(try TouchTapeBinary.run(["label", file, "--expect", "cancel", "-o", copy]).status == 0)
    #expect(try TouchTapeBinary.run(["inspect", copy]).stdout.contains("expect cancel"))
}

/// `label FILE -o -`: the recording on standard output, the report on standard error.
@Test func labelToStandardOutputKeepsTheReportOffIt() throws {
    let run = try TouchTapeBinary.run(["label", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), "--expect", "cancel", "-o", "-"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("# EVEMU"))
    #expect(run.stdout.contains("# touchtape: expect=cancel"))
    #expect(!run.stdout.contains("track 1:"))
    #expect(run.stderr.hasPrefix("track 1: expect cancel"))
}
