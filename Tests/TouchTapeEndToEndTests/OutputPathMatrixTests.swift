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
        .init(name: "convert IN -o OUT") { ["convert", $0, "-o", $1, "--to", "evemu"] },
        // FILE is another copy of the same gestures; OUT would replace OTHER, where the labels come from.
        .init(name: "label FILE --from IN -o OUT") {
            ["label", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--from", $0, "-o", $1]
        },
        .init(name: "play --write-expected") { ["play", $0, "--dry-run", "--track", "1", "--write-expected", $1] },
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

/// The description of a split evemu pair (`nt.desc` beside `nt.events`, found by the reader
/// or given with `--description`) is an input too: an output naming it is refused, and a
/// settings file (`--config`) is one for the commands that read it.
@Test(arguments: [
    ["live", "--from", "pair/nt.events", "--speed", "1000", "--save", "pair/nt.desc"],
    ["label", "pair/nt.events", "--expect", "finish", "-o", "pair/nt.desc"],
    ["play", "pair/nt.events", "--dry-run", "--write-expected", "pair/nt.desc"],
    ["play", "pair/nt.events", "--description", "pair/nt.desc", "--dry-run", "--write-expected", "pair/nt.desc"],
    ["plot", "pair/nt.events", "--config", "cfg.yml", "-o", "cfg.yml"],
    ["plot", "--map", "pair/nt.events", "--config", "cfg.yml", "-o", "cfg.yml"],
    ["live", "--from", "pair/nt.events", "--speed", "1000", "--config", "cfg.yml", "--save", "cfg.yml"],
])
func anOutputThatIsADescriptionOrTheSettingsFileIsRefused(arguments: [String]) throws {
    let dir = try PackagePaths.scratchDirectory("tt-alias")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("pair"), withIntermediateDirectories: true)
    let peers = PackagePaths.peerRecordings
    try FileManager.default.copyItem(at: peers.appendingPathComponent("N-Trig MultiTouch.desc"),
                                     to: dir.appendingPathComponent("pair/nt.desc"))
    try FileManager.default.copyItem(at: peers.appendingPathComponent("N-Trig MultiTouch.1-finger-drag-NW-SE.events"),
                                     to: dir.appendingPathComponent("pair/nt.events"))
    try "threshold: 0.4\n".write(to: dir.appendingPathComponent("cfg.yml"), atomically: true, encoding: .utf8)
    let target = arguments.last!
    let before = try sha(dir.appendingPathComponent(target).path)
    let run = try ProcessRun.run(TouchTapeBinary.executable, arguments, in: dir, input: FileHandle.nullDevice)
    #expect(run.status == 2, "\(arguments): \(run.stderr)")
    #expect(run.stderr.contains("is the input \(target); writing it would destroy"), "\(run.stderr)")
    #expect(try sha(dir.appendingPathComponent(target).path) == before, "\(target) is unchanged")
}

/// Two outputs to standard output would be mixed there: `replay --html -` (the report goes
/// there too) and `live --save -` (the view or its JSON lines do).
@Test(arguments: [
    ["replay", "R", "--html", "-"], ["replay", "R", "-o", "-", "--html", "-"], ["live", "--from", "R", "--speed", "1000", "--save", "-"],
])
func twoOutputsToStandardOutputAreRefused(arguments: [String]) throws {
    let recording = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
    let run = try ProcessRun.run(TouchTapeBinary.executable, arguments.map { $0 == "R" ? recording : $0 },
                                 input: FileHandle.nullDevice)
    #expect(run.status == 2, "\(arguments): \(run.stderr)")
    #expect(run.stderr.contains("writes to standard output, as") && run.stderr.contains("the two would be mixed there"), "\(run.stderr)")
    #expect(run.stdout.isEmpty, "nothing was written: \(run.stdout.prefix(200))")
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

// MARK: Every other kind of target

/// The commands the rest of the matrix runs: each writes a whole output when it is done
/// (`live --save` writes on a key press and has its own tests).
private let matrixCommands = WritingCommand.all.filter { !$0.name.hasPrefix("live") }

private let isRoot = getuid() == 0


/// A scratch folder holding the input recording `r.evemu`.
private func scratchWithRecording() throws -> (dir: URL, input: String) {
    let dir = try PackagePaths.scratchDirectory("tt-matrix")
    let input = dir.appendingPathComponent("r.evemu").path
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), toPath: input)
    return (dir, input)
}

@Suite(.enabled(if: isRoot, "mknod and setpriv need root"))
struct OutputTargetKindTests {
    private func makeCharacterDevice(_ path: String, minor: UInt32) throws {
        guard mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 else { throw POSIXError(.EPERM) }
    }

    /// A device (a scratch /dev/null) is written through: exit 0, still a device, no litter.
    @Test(arguments: matrixCommands)
    func aDeviceIsWrittenThrough(command: WritingCommand) throws {
        let (dir, input) = try scratchWithRecording()
        defer { try? FileManager.default.removeItem(at: dir) }
        let null = dir.appendingPathComponent("null").path
        try makeCharacterDevice(null, minor: 3)
        let run = try TouchTapeBinary.run(command.arguments(input, null), in: dir)
        #expect(run.status == 0, "\(command.name): \(run.stderr)")
        #expect(fileKind(null) == "character device")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["r.evemu", "null"])
    }

    /// A full disk (a scratch /dev/full): exit 3 naming it, the node kept, no litter.
    @Test(arguments: matrixCommands)
    func aFullDiskExitsThree(command: WritingCommand) throws {
        let (dir, input) = try scratchWithRecording()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = dir.appendingPathComponent("full").path
        try makeCharacterDevice(full, minor: 7)
        let run = try TouchTapeBinary.run(command.arguments(input, full), in: dir)
        #expect(run.status == 3, "\(command.name): \(run.stderr)")
        #expect(run.stderr.contains("cannot write \(full): No space left on device"), "\(run.stderr)")
        #expect(fileKind(full) == "character device")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["r.evemu", "full"])
    }

    /// A root-owned read-only file in a folder anyone may write: a user who may not write the
    /// file does not replace it (the rename the folder allows would have), exit 3.
    @Test(arguments: matrixCommands)
    func aFileTheUserMayNotWriteIsNotReplaced(command: WritingCommand) throws {
        let (dir, input) = try scratchWithRecording()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(chmod(dir.path, 0o777) == 0 && chmod(input, 0o644) == 0)
        let locked = dir.appendingPathComponent("locked.out").path
        #expect(FileManager.default.createFile(atPath: locked, contents: Data("keep me\n".utf8)))
        #expect(chmod(locked, 0o444) == 0)
        let run = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                     ["--reuid=65534", "--regid=65534", "--clear-groups", TouchTapeBinary.executable.path]
                                        + command.arguments(input, locked), in: dir)
        #expect(run.status == 3, "\(command.name): \(run.stderr)")
        #expect(run.stderr.contains("cannot write \(locked): Permission denied"), "\(run.stderr)")
        #expect(try String(contentsOfFile: locked, encoding: .utf8) == "keep me\n")
        var info = stat()
        #expect(stat(locked, &info) == 0 && info.st_uid == 0, "still root's")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["r.evemu", "locked.out"])
    }
}

/// A FIFO with a reader gets the whole output.
@Test(arguments: matrixCommands)
func aFIFOWithAReaderGetsTheOutput(command: WritingCommand) throws {
    let (dir, input) = try scratchWithRecording()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("out.fifo").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let cat = Process()
    cat.executableURL = URL(fileURLWithPath: "/bin/cat")
    cat.arguments = [fifo]
    let pipe = Pipe()
    cat.standardOutput = pipe
    let catExit = ProcessExit(cat)
    try cat.run()
    let run = try TouchTapeBinary.run(command.arguments(input, fifo), in: dir)
    let received = pipe.fileHandleForReading.readToEndRetryingInterrupts()
    catExit.wait()
    #expect(run.status == 0, "\(command.name): \(run.stderr)")
    #expect(received.count > 100, "the reader got the output")
    #expect(fileKind(fifo) == "fifo")
}

/// A FIFO nobody reads: the command says it waits, a stop signal ends the wait with exit
/// 128 + signal, the FIFO stays, nothing else is left. (It hung, deaf to every signal.)
@Test(arguments: matrixCommands, [SIGINT, SIGTERM, SIGHUP])
func aFIFOWithNoReaderWaitsAndAStopSignalEndsIt(command: WritingCommand, signal: Int32) throws {
    let (dir, input) = try scratchWithRecording()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("out.fifo").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let running = try RunningTouchTape(command.arguments(input, fifo), in: dir)
    #expect(running.waitForStandardError(containing: "waiting for a reader of \(fifo)"), "\(command.name): \(running.stderrSoFar)")
    kill(running.process.processIdentifier, signal)
    let (status, _, stderr) = running.finish()
    #expect(status == 128 + signal, "\(command.name): \(stderr)")
    #expect(stderr.contains("interrupted by SIG"), "\(stderr)")
    #expect(fileKind(fifo) == "fifo")
    #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["r.evemu", "out.fifo"])
}

/// `live --save` to a FIFO nobody reads: it said nothing and waited for ever, and a stop
/// signal killed it without a word. Now it waits saying so, as every other writer does, and
/// a stop signal ends the wait with exit 128 + signal and the words.
@Test(arguments: [SIGINT, SIGTERM, SIGHUP])
func liveSaveToAFIFOWithNoReaderWaitsAndAStopSignalEndsIt(signal: Int32) throws {
    let (dir, input) = try scratchWithRecording()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("out.fifo").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let running = try RunningTouchTape(["live", "--from", input, "--speed", "1000", "--save", fifo], in: dir)
    #expect(running.waitForStandardError(containing: "waiting for a reader of \(fifo)"), "\(running.stderrSoFar)")
    kill(running.process.processIdentifier, signal)
    let (status, _, stderr) = running.finish()
    #expect(status == 128 + signal, "\(stderr)")
    #expect(stderr.contains("interrupted by SIG") && stderr.contains("while waiting for a reader of \(fifo)"), "\(stderr)")
    #expect(fileKind(fifo) == "fifo")
    #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["r.evemu", "out.fifo"])
}

@Test func labelRefusesAFIFOAtOnce() throws {
    let (dir, _) = try scratchWithRecording()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("r.fifo").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let run = try TouchTapeBinary.run(["label", fifo, "--note", "x"], in: dir)
    #expect(run.status == 2)
    #expect(run.stderr.contains("is not a regular file"), "\(run.stderr)")
}

// MARK: Standard output

/// A reader that stops early (`| head`): exit 3 saying how much was written, not death by SIGPIPE (141).
@Test func aClosedPipeIsACleanStopThatSaysWhatWasCut() throws {
    let big = TouchTapeBinary.peer("bcm5974.event")
    let shell = "'\(TouchTapeBinary.executable.path)' convert '\(big)' - --to libinput | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}"
    let run = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), ["-c", shell])
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.contains("cannot write standard output: Broken pipe"), "\(run.stderr)")
    #expect(run.stderr.contains("stopped reading ("), "\(run.stderr)")
    #expect(run.stderr.contains(" bytes had been written to it); the rest of the output was not written"), "\(run.stderr)")
}

/// `live`'s JSON lines are written a batch at a time: the count is the run's, not the last
/// batch's ("after 0 bytes" when the first lines had gone through).
@Test func liveToAClosedPipeCountsEveryByteItWrote() throws {
    let recording = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
    let shell = "'\(TouchTapeBinary.executable.path)' live --from '\(recording)' --speed 1000 </dev/null | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}"
    let run = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), ["-c", shell])
    #expect(run.status == 3, "\(run.stderr)")
    let written = run.stderr.split(separator: "stopped reading (").last?.split(separator: " ").first.flatMap { Int($0) }
    #expect((written ?? 0) >= 10, "at least what head read: \(run.stderr)")
}

/// Started with standard output closed: "it is closed", exit 3 (it said "Invalid argument",
/// or waited for ever on the runtime's own descriptor).
@Test func aClosedStandardOutputIsNamed() throws {
    let shell = "'\(TouchTapeBinary.executable.path)' replay '\(TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"))' >&-"
    let run = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), ["-c", shell])
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.contains("cannot write standard output: it is closed"), "\(run.stderr)")
}

/// `--help` and `--version` on a full device exit 3 (they exited 0 with nothing shown).
@Test(arguments: [["--help"], ["--version"], ["replay", "--help"]])
func helpOnAFullDeviceExitsThree(arguments: [String]) throws {
    let words = arguments.joined(separator: " ")
    let run = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"),
                                 ["-c", "'\(TouchTapeBinary.executable.path)' \(words) > /dev/full"])
    #expect(run.status == 3, "\(words): \(run.stderr)")
    #expect(run.stderr.contains("No space left on device"))
}

// MARK: No litter

/// A recording of `copies` repetitions of a bundled one's gestures, each a second later:
/// big enough that a conversion or replay of it is still writing when it is killed.
private func bigRecording(in dir: URL, copies: Int) throws -> String {
    let text = try String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let header = lines.filter { !$0.hasPrefix("E: ") && !$0.hasPrefix("# touchtape: ") }
    let events = lines.filter { $0.hasPrefix("E: ") }
    var out = header.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    // "E: S.UUUUUU rest": the seconds shifted by 10 per copy, the microseconds kept.
    let parsed = events.map { event -> (seconds: Int, rest: Substring) in
        let time = event.dropFirst(3).prefix { $0 != " " }
        return (Int(time.prefix { $0 != "." })!, event.dropFirst(3 + time.count - 7))
    }
    for copy in 0..<copies {
        for (seconds, rest) in parsed { out += "E: \(seconds + copy * 10)\(rest)\n" }
    }
    let path = dir.appendingPathComponent("big.evemu").path
    try out.write(toFile: path, atomically: false, encoding: .utf8)
    return path
}

/// Whether process `pid` has a file open in `dir` that has no name (an unnamed temporary
/// file, or one whose name is gone): the write is under way.
func isWritingUnnamedFile(_ pid: Int32, in dir: URL) -> Bool {
    let fds = "/proc/\(pid)/fd"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: fds) else { return false }
    return entries.contains { entry in
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fds)/\(entry)") else { return false }
        return target.hasPrefix(dir.resolvingSymlinksInPath().path + "/") && target.hasSuffix("(deleted)")
    }
}

/// SIGKILL (or the OOM killer) mid-write leaves nothing: the output is written to an unnamed
/// file that only the commit links into place. (It left `.NAME.touchtape-*` as big as the output.)
@Test(arguments: [["convert", "big.evemu", "out.yml"], ["replay", "big.evemu", "--format", "json", "-o", "out.json"]])
func aKilledWriteLeavesNothingBehind(arguments: [String]) throws {
    let dir = try PackagePaths.scratchDirectory("tt-kill")
    defer { try? FileManager.default.removeItem(at: dir) }
    _ = try bigRecording(in: dir, copies: 1500)
    let running = try RunningTouchTape(arguments, in: dir)
    let pid = running.process.processIdentifier
    var seen = false
    while running.process.isRunning {
        if isWritingUnnamedFile(pid, in: dir) { seen = true; break }
        usleep(1000)   // polling the process's state, not waiting for time to pass
    }
    #expect(seen, "the write was under way before the kill")
    kill(pid, SIGKILL)
    _ = running.finish()
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["big.evemu"])
}

/// A symlink whose target's folder is missing: the hint names that folder, not the link's
/// own (which exists; the hint named it).
@Test func aDanglingSymlinkOutputNamesItsTargetsMissingFolder() throws {
    let (dir, input) = try scratchWithRecording()
    defer { try? FileManager.default.removeItem(at: dir) }
    let link = dir.appendingPathComponent("report.json").path
    #expect(symlink("/nonexistent-touchtape-folder/report.json", link) == 0)
    let run = try TouchTapeBinary.run(["replay", input, "--format", "json", "-o", link], in: dir)
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.contains("the folder /nonexistent-touchtape-folder does not exist"), "\(run.stderr)")
}

/// Waiting for another touchtape's lock on a recording wakes on a stop signal (issue 21:
/// signals at every blocking point). The wait retried `flock` on EINTR for ever: `inspect`
/// waiting behind a `label` ignored SIGINT, SIGTERM and SIGHUP. Such a hang fails the case:
/// a touchtape still running a minute after it started is killed (``Watchdog``).
///
/// Not a test time limit: that counts from when the case is scheduled, and in a whole-suite
/// run a case can wait minutes for a thread while other tests block theirs (trivial tests
/// were reported "passed after 126 s"), so a one-minute limit ran out now and then before
/// the case had run at all, and once for all fifteen cases together.
@Test(.serialized, arguments: [["inspect", "r.evemu"], ["replay", "r.evemu", "--no-config"], ["convert", "r.evemu", "out.yml"],
                  ["sweep", "r.evemu", "--no-config"], ["plot", "--map", "r.evemu", "--no-config", "-o", "map.svg"],
                  ["compare", "r.evemu", "--no-config", "--profiles", "transition"]],
      [SIGINT, SIGTERM, SIGHUP])
func aWaitForAnotherTouchtapesLockEndsOnAStopSignal(arguments: [String], signal: Int32) throws {
    let (dir, input) = try scratchWithRecording()
    defer { try? FileManager.default.removeItem(at: dir) }
    // The test holds the lock a `label` rewriting the file would hold.
    let held = open(input, O_RDONLY | O_CLOEXEC)
    try #require(held >= 0)
    defer { close(held) }
    try #require(flock(held, LOCK_EX) == 0)
    let running = try RunningTouchTape(arguments, in: dir)
    let watchdog = Watchdog(killing: running.process.processIdentifier, after: 60)
    #expect(running.waitForStandardError(containing: "waiting for another touchtape to finish with"), "\(arguments): \(running.stderrSoFar)")
    kill(running.process.processIdentifier, signal)
    let (status, _, stderr) = running.finish()
    if let report = watchdog.stop() {
        Issue.record("\(arguments): still running a minute after it started; killed. It was: \(report)")
    }
    #expect(status == 128 + signal, "\(arguments): \(stderr)")
    #expect(stderr.contains("interrupted by SIG"), "\(stderr)")
    #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["r.evemu"], "nothing written or left behind")
}

/// Kills a child process still running `seconds` after it was made, counted from then (not
/// from when the test was scheduled), and keeps what the child was doing for the failure.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var report: String?
    private let work: DispatchWorkItem

    init(killing pid: pid_t, after seconds: Double) {
        let box = Box()
        work = DispatchWorkItem { box.watchdog?.fire(pid) }
        box.watchdog = self
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
    }

    /// Ends the watch: `nil`, or what the child was doing when it was killed.
    func stop() -> String? {
        work.cancel()
        lock.lock(); defer { lock.unlock() }
        return report
    }

    private func fire(_ pid: pid_t) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))?
            .split(separator: "\n").filter { $0.hasPrefix("State") || $0.hasPrefix("Sig") || $0.hasPrefix("ShdPnd") }
            .joined(separator: "; ") ?? "gone"
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).map { task in
            "\(task) in " + ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "?")
        }
        lock.lock(); report = "\(status); threads: \(threads.joined(separator: ", "))"; lock.unlock()
        kill(pid, SIGKILL)
    }

    /// The work item's way back to its watchdog, without a cycle that outlives it.
    private final class Box: @unchecked Sendable {
        weak var watchdog: Watchdog?
    }
}
