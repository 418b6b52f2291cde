import Foundation
import Testing
import TouchTapeTestSupport

// Values a user can type by mistake, each with the words that name it (a review's findings).

private let recording = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")

private func run(_ arguments: [String], in directory: URL = TouchTapeBinary.packageRoot) throws -> Run {
    try ProcessRun.run(TouchTapeBinary.executable, arguments, in: directory, input: FileHandle.nullDevice)
}

/// An empty path (an unset shell variable) read as the current folder, or wrote to "" with
/// "the folder . does not exist".
@Test(arguments: [
    (["replay", ""], "a recording path is empty"), (["inspect", ""], "a recording path is empty"),
    (["replay", "R", "-o", ""], "-o is an empty path"), (["replay", "R", "--html", ""], "--html is an empty path"),
    (["convert", "R", "-o", ""], "-o is an empty path"), (["devices", "-o", ""], "-o is an empty path"),
    (["record", "/dev/input/event-none", "-o", ""], "-o is an empty path"),
])
func anEmptyPathIsNamed(arguments: [String], words: String) throws {
    let result = try run(arguments.map { $0 == "R" ? recording : $0 })
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains(words), "\(arguments): \(result.stderr)")
}

/// A value starting with `-` is the option's value, checked as such: it was "Missing value
/// for '--shard <shard>'" although a value was given; a note may start with a dash.
@Test(arguments: [["--shard", "-1/2"], ["--device-size", "-5x5mm"], ["--resolution-fallback", "-5/mm"]])
func aNegativeValueIsCheckedAsAValue(option: [String]) throws {
    let result = try run(["replay", recording] + option)
    #expect(result.status == 2, "\(option): \(result.stderr)")
    #expect(result.stderr.contains("The value '\(option[1])' is invalid for '\(option[0])"), "\(option): \(result.stderr)")
}

@Test func aNoteMayStartWithADash() throws {
    let dir = try PackagePaths.scratchDirectory("tt-edge")
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try run(["label", recording, "--note", "- quick flick", "-o", "noted.evemu"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: dir.appendingPathComponent("noted.evemu"), encoding: .utf8).contains("- quick flick"))
}

/// `--device N` on an evemu file chose nothing and was silently ignored.
@Test(arguments: ["inspect", "convert", "label"])
func aDeviceIndexOnAnEvemuRecordingIsRefused(command: String) throws {
    let dir = try PackagePaths.scratchDirectory("tt-edge")
    defer { try? FileManager.default.removeItem(at: dir) }
    let extra = command == "convert" ? ["out.yml"] : command == "label" ? ["--note", "x", "-o", "out.evemu"] : []
    let result = try run([command, recording, "--device", "3"] + extra, in: dir)
    #expect(result.status == 2, "\(command): \(result.stderr)")
    #expect(result.stderr.contains("found 'device index 3'") && result.stderr.contains("an evemu recording holds one device"),
            "\(command): \(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing written")
    #expect(try run(["inspect", recording, "--device", "0"]).status == 0, "device 0 is the one device")
}

/// `replay --fail-fast` that stops says so, in the text and the JSON summary.
@Test func failFastSaysHowManyFilesWereNotReplayed() throws {
    let dir = try PackagePaths.scratchDirectory("tt-edge")
    defer { try? FileManager.default.removeItem(at: dir) }
    try "not a recording\n".write(to: dir.appendingPathComponent("a.evemu"), atomically: true, encoding: .utf8)
    for name in ["b.evemu", "c.evemu"] {
        try FileManager.default.copyItem(atPath: recording, toPath: dir.appendingPathComponent(name).path)
    }
    let text = try run(["replay", ".", "--no-config", "--fail-fast"], in: dir)
    #expect(text.status == 2, "\(text.stderr)")
    #expect(text.stdout.contains("0 passed, 0 failed, 1 error; stopped at the first failure (--fail-fast), 2 files not replayed"),
            "\(text.stdout)")
    let json = try run(["replay", ".", "--no-config", "--fail-fast", "--format", "json"], in: dir)
    #expect(json.stdout.contains("\"notReplayed\": 2"), "\(json.stdout.suffix(300))")
    let whole = try run(["replay", ".", "--no-config", "--format", "json"], in: dir)
    #expect(!whole.stdout.contains("notReplayed"), "a run that went through has no such key")
}

/// `recordings: []` falls back to Recordings/; when that is missing too, the hint does not
/// blame the (empty) list.
@Test func anEmptyRecordingsListIsNotBlamed() throws {
    let dir = try PackagePaths.scratchDirectory("tt-edge")
    defer { try? FileManager.default.removeItem(at: dir) }
    try "recordings: []\n".write(to: dir.appendingPathComponent("touchtape.yml"), atomically: true, encoding: .utf8)
    let result = try run(["replay"], in: dir)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("the default Recordings/ is not in the current folder"), "\(result.stderr)")
    #expect(!result.stderr.contains("a path listed under recordings:"), "\(result.stderr)")
}

/// A node with nothing behind it (`/dev/tty` without a controlling terminal) is not an input
/// device; it was "no such device".
@Test func aTerminalNodeIsNotAnInputDevice() throws {
    let result = try run(["live", "/dev/tty"])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("/dev/tty is not an evdev input device"), "\(result.stderr)")
}

/// File names that are not UTF-8: Swift reads arguments and folder entries as UTF-8, each bad
/// byte as U+FFFD, so such a file was "nothing at that path", left out of a folder's replay
/// without a word (exit 0), or an output written under another name. Now an argument that
/// is not UTF-8 is refused, and such a folder entry is an error row of the report.
@Test func fileNamesThatAreNotUTF8AreNamedNotLost() throws {
    let dir = try PackagePaths.scratchDirectory("tt-edge")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("nu"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: recording, toPath: dir.appendingPathComponent("nu/ok.evemu").path)
    let tt = TouchTapeBinary.executable.path
    let made = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"),
                                  ["-c", "cp nu/ok.evemu \"nu/$(printf 'b\\xffd.evemu')\""], in: dir)
    #expect(made.status == 0, "\(made.stderr)")
    for (arguments, words) in [("inspect \"nu/$(printf 'b\\xffd.evemu')\"", "argument 2 is not valid UTF-8: 'nu/b\\xffd.evemu'"),
                               ("convert nu/ok.evemu \"$(printf 'out\\xff.yml')\"", "argument 3 is not valid UTF-8: 'out\\xff.yml'")] {
        let run = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "'\(tt)' \(arguments)"], in: dir)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(words), "\(arguments): \(run.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["nu"], "no output under another name")
    let folder = try run(["replay", "nu", "--no-config"], in: dir)
    #expect(folder.status == 2, "\(folder.stdout)")
    #expect(folder.stdout.contains("expected 'a file name in UTF-8'") && folder.stdout.contains("2 passed, 0 failed, 1 error"),
            "\(folder.stdout)")
}

/// A file whose name starts with '-' reads as an option: the error hints at `./` and `--`.
/// `live`'s lines quote a name with a line break escaped, and its closing `touchtape replay`
/// line is one line a shell reads back (`$'…'`; `./-x` for a leading dash).
@Test func awkwardFileNamesAreHintedAndQuoted() throws {
    let dir = try PackagePaths.scratchDirectory("tt-edge")
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["-x.evemu", "new\nline.evemu"] {
        try FileManager.default.copyItem(atPath: recording, toPath: dir.appendingPathComponent(name).path)
    }
    let dash = try run(["inspect", "-x.evemu"], in: dir)
    #expect(dash.status == 2)
    #expect(dash.stderr.contains("hint: '-x.evemu' is also a file: give it as ./-x.evemu, or after --"), "\(dash.stderr)")
    #expect(try run(["inspect", "--", "-x.evemu"], in: dir).status == 0)
    let live = try run(["live", "--from", "new\nline.evemu", "--speed", "1000"], in: dir)
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stderr.contains("live: playing new\\nline.evemu (") && live.stderr.contains("settings: touchtape replay $'new\\nline.evemu' --profile transition"),
            "\(live.stderr)")
    let line = try #require(live.stderr.split(separator: "\n").first { $0.hasPrefix("settings: ") })
    let again = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"),
                                   ["-c", line.dropFirst("settings: ".count).replacingOccurrences(of: "touchtape ", with: "'\(TouchTapeBinary.executable.path)' ", options: .anchored)],
                                   in: dir)
    #expect(again.status == 0 && again.stdout.contains("2 passed, 0 failed"), "\(line): \(again.stderr)")
    let dashed = try run(["live", "--from", "./-x.evemu", "--speed", "1000"], in: dir)
    #expect(dashed.stderr.contains("settings: touchtape replay ./-x.evemu --profile transition"), "\(dashed.stderr)")
}

/// A shard that takes no track (more shards than tracks) passes, and says why it checked
/// nothing. Of shards 1…3 of 1000, at most two hold the recording's two tracks.
@Test func anEmptyShardSaysSo() throws {
    var empty = 0
    for index in 1...3 {
        let result = try run(["replay", recording, "--no-config", "--shard", "\(index)/1000"])
        #expect(result.status == 0, "\(result.stderr)")
        let checkedNothing = result.stdout.contains("0 passed, 0 failed")
        #expect(result.stdout.contains("; shard \(index)/1000 holds none of the 2 tracks") == checkedNothing, "\(result.stdout)")
        if checkedNothing { empty += 1 }
    }
    #expect(empty >= 1)
    // With --track, the tracks it selects are the ones the shard holds none of (it said all).
    for index in 1...3 {
        let result = try run(["replay", recording, "--no-config", "--track", "2", "--shard", "\(index)/1000"])
        if result.stdout.contains("0 passed, 0 failed") {
            #expect(result.stdout.contains("holds none of the 1 track"), "\(result.stdout)")
        }
    }
}

/// An output that cannot be written is named by the option it was given with, as the user
/// typed it (it said only `cannot write /dev/full`); standard output by default stays as it is.
@Test(arguments: [
    (["replay", "R", "--html", "/dev/full"], "--html: cannot write /dev/full: No space left on device"),
    (["replay", "R", "-o", "nofolder/r.txt"], "-o: cannot write nofolder/r.txt"),
    (["convert", "R", "/dev/full", "--to", "evemu"], "OUT: cannot write /dev/full"),
    (["play", "R", "--dry-run", "--write-expected", "/dev/full"], "--write-expected: cannot write /dev/full"),
    (["sweep", "R", "--no-config", "-o", "/dev/full"], "-o: cannot write /dev/full"),
])
func anOutputThatCannotBeWrittenIsNamedByItsOption(arguments: [String], words: String) throws {
    let result = try run(arguments.map { $0 == "R" ? recording : $0 })
    #expect(result.status == 3, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains("touchtape: error: " + words), "\(arguments): \(result.stderr)")
}

/// A mark inside a gesture: `replay` refuses the file at the mark's line (exit 2), `inspect`
/// notes it (exit 0), and `live --from` plays it after a warning that names the line.
@Test func aMisplacedMarkIsRefusedByReplayNotedByInspectAndWarnedOfByLive() throws {
    let dir = try PackagePaths.scratchDirectory("tt-edge")
    defer { try? FileManager.default.removeItem(at: dir) }
    var lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let at = try #require(lines.firstIndex { $0.hasPrefix("E:") }) + 60
    lines.insert("# touchtape: expect=cancel", at: at)
    try lines.joined(separator: "\n").write(to: dir.appendingPathComponent("m.evemu"), atomically: true, encoding: .utf8)
    let replay = try run(["replay", "m.evemu", "--no-config"], in: dir)
    #expect(replay.status == 2 && replay.stdout.contains("m.evemu:\(at + 1): expected 'a track's mark after the track's last event', found 'expect=cancel'"),
            "\(replay.stdout)")
    let inspect = try run(["inspect", "m.evemu"], in: dir)
    #expect(inspect.status == 0 && inspect.stdout.contains("note: line \(at + 1): mark expect=cancel: replay refuses the file"), "\(inspect.stdout)")
    let live = try run(["live", "--from", "m.evemu", "--speed", "1000", "--no-config"], in: dir)
    #expect(live.status == 0 && live.stderr.hasPrefix("live: warning: m.evemu:\(at + 1): expected"), "\(live.stderr)")
}

/// ArgumentParser runs a command's checks before it reports an unknown option, whose value
/// then read as a positional: `live --from F --format json` said "give a DEVICE or --from
/// FILE" and `convert IN --format json OUT` that 'json' names nothing. The option is named.
@Test(arguments: [["live", "--from", "R", "--format", "json"], ["convert", "R", "--format", "json", "x.yml"],
                  ["label", "R", "--expct", "finish"], ["replay", "R", "--thresold=0.5"]])
func anUnknownOptionIsNamedBeforeTheCommandsOwnChecks(arguments: [String]) throws {
    let result = try run(arguments.map { $0 == "R" ? recording : $0 })
    let option = try #require(arguments.first { $0.hasPrefix("--") && !["--from"].contains($0) }?.split(separator: "=").first)
    #expect(result.status == 2)
    #expect(result.stderr == "Error: Unknown option '\(option)'\n  See 'touchtape \(arguments[0]) --help' for the options it has.\n",
            "\(result.stderr)")
}

/// Every long option a command's help lists is known to the check above (none is refused
/// before ArgumentParser reads it), and an option's value or a file after `--` that starts
/// with `--` is not taken for an option.
@Test func everyOptionInACommandsHelpIsKnown() throws {
    for command in ["inspect", "convert", "replay", "label", "devices", "record", "play", "live", "sweep", "compare", "plot"] {
        let help = try run([command, "--help"])
        #expect(help.status == 0)
        let options = Set(help.stdout.split(whereSeparator: { !($0 == "-" || $0.isLetter || $0.isNumber) }).filter { $0.hasPrefix("--") && $0.count > 2 })
        #expect(options.count >= 2, "\(command)")
        for option in options {
            let result = try run([command, String(option), "--help"])
            #expect(!result.stderr.contains("Unknown option"), "\(command) \(option): \(result.stderr)")
        }
    }
    #expect(!(try run(["inspect", "--", "--x.evemu"])).stderr.contains("Unknown option"))
}

/// The check above reads an option's value as a value: a note or a device name that starts
/// with `--` is not an unknown option (those options take the next argument whatever it is),
/// and ArgumentParser's own `--experimental-dump-help` is known.
@Test func anOptionsValueThatStartsWithDashesIsNotAnUnknownOption() throws {
    let dir = try PackagePaths.scratchDirectory("tt-edge")
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("x.evemu").path
    let label = try run(["label", recording, "--note", "--see the README", "-o", out])
    #expect(label.status == 0 && label.stdout.contains("note \"--see the README\""), "\(label.stderr)")
    #expect(try run(["play", recording, "--dry-run", "--device-name", "--virtual"]).stderr.contains("Unknown option") == false)
    #expect(try run(["live", "--from", recording, "--speed", "1000", "--save", "--odd.evemu"], in: dir).stderr.contains("Unknown option") == false)
    #expect(try run(["replay", "--experimental-dump-help"]).status == 0)
}
