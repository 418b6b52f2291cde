import Foundation
import Testing
import TouchTapeTestSupport

/// `touchtape live` with stdout not a terminal: JSON lines (README, "JSON lines").

private struct TrackLine: Decodable, Equatable {
    struct Velocity: Decodable, Equatable { var x: Double; var y: Double }
    struct Check: Decodable, Equatable { var name: String; var passed: Bool }
    var track: Int
    var releaseProgress: Double?
    var releaseVelocity: Velocity?
    var outcome: String
    var reason: String
    var expected: String?
    var checks: [Check]
}

private struct ReplayJSON: Decodable { var tracks: [TrackLine] }

private struct Line: Decodable { var type: String }

/// The lines of one type, decoded.
private func lines<T: Decodable>(_ output: String, type: String, as: T.Type) throws -> [T] {
    try output.split(separator: "\n").filter { (try? JSONDecoder().decode(Line.self, from: Data($0.utf8)))?.type == type }
        .map { try JSONDecoder().decode(T.self, from: Data($0.utf8)) }
}

/// The last `track` line of each track: the gesture under its final label.
private func finalTracks(_ output: String) throws -> [TrackLine] {
    var byTrack: [Int: TrackLine] = [:]
    var order: [Int] = []
    for line in try lines(output, type: "track", as: TrackLine.self) {
        if byTrack[line.track] == nil { order.append(line.track) }
        byTrack[line.track] = line
    }
    return order.map { byTrack[$0]! }
}

private let bundledFiles = [
    "touchpad-two-finger-flick-up-cancel.yml", "touchpad-two-finger-pan-finish.yml",
    "touchscreen-finger-joins-finish.evemu", "touchscreen-flick-down-finish.evemu", "touchscreen-flick-up-cancel.evemu",
    "touchscreen-pan-back-cancel.evemu", "touchscreen-pan-down-finish.evemu",
    "touchscreen-protocol-a-pan-down-finish.evemu", "touchscreen-short-hold.evemu",
    "touchscreen-single-touch-pan-back-cancel.evemu",
]

@Test(arguments: bundledFiles)
func liveJSONLinesAgreeWithReplay(file: String) throws {
    let path = TouchTapeBinary.bundled(file)
    let live = try ProcessRun.run(TouchTapeBinary.executable, ["live", "--from", path, "--speed", "1000"],
                                  in: TouchTapeBinary.packageRoot, input: FileHandle.nullDevice)
    let replay = try TouchTapeBinary.run(["replay", path, "--format", "json"])
    #expect(live.status == replay.status, "\(live.stderr)")
    let expected = try JSONDecoder().decode(ReplayJSON.self, from: Data(replay.stdout.utf8)).tracks
    #expect(try finalTracks(live.stdout) == expected)
    #expect(live.stdout.hasPrefix("{\"type\":\"ready\""))
    #expect(live.stdout.split(separator: "\n").last?.hasPrefix("{\"type\":\"summary\"") == true)
    #expect(live.stderr.contains("passed, 0 failed"))
    #expect(live.stderr.contains("touchtape replay \(path) --profile transition"))
}

/// A device that reports no resolution is sized from the machine's libinput quirks in
/// `live` as in `replay` (live read none: bcm5974's tracks came out at other velocities).
@Test func liveSizesADeviceFromTheInstalledQuirksAsReplayDoes() throws {
    let path = TouchTapeBinary.peer("bcm5974.event")
    let live = try ProcessRun.run(TouchTapeBinary.executable, ["live", "--from", path, "--speed", "1000"],
                                  in: TouchTapeBinary.packageRoot, input: FileHandle.nullDevice)
    let replay = try TouchTapeBinary.run(["replay", path, "--format", "json"])
    #expect(replay.stdout.contains("size from the installed libinput quirk AttrSizeHint=104x75"),
            "libinput's quirks (tools/install-deps installs them) size this touchpad: \(replay.stdout.prefix(2000))")
    let expected = try JSONDecoder().decode(ReplayJSON.self, from: Data(replay.stdout.utf8)).tracks
    #expect(try finalTracks(live.stdout) == expected)
    #expect(live.stdout.contains("size from the installed libinput quirk AttrSizeHint=104x75"))
}

@Test func liveTakesReplaysSettingOptions() throws {
    let path = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
    let options = ["--profile", "easytransitions", "--threshold", "0.9", "--no-flick"]
    let live = try ProcessRun.run(TouchTapeBinary.executable, ["live", "--from", path, "--speed", "1000"] + options,
                                  in: TouchTapeBinary.packageRoot, input: FileHandle.nullDevice)
    let replay = try TouchTapeBinary.run(["replay", path, "--format", "json"] + options)
    let expected = try JSONDecoder().decode(ReplayJSON.self, from: Data(replay.stdout.utf8)).tracks
    #expect(expected.allSatisfy { $0.outcome == "cancel" })    // the threshold 0.9 is in force
    #expect(try finalTracks(live.stdout) == expected)
    #expect(live.status == 1 && replay.status == 1)   // labelled finish: the checks fail in both
    #expect(live.stderr.contains("--profile easytransitions --threshold 0.9 --no-flick"))
}

/// `touchtape live ARGS` with keys from a pipe and JSON lines on stdout: read until a line
/// shows, send keys, end the keys, and collect what it printed.
private final class PipedLive {
    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let exit: ProcessExit
    private(set) var text = ""

    init(_ arguments: [String]) throws {
        process.executableURL = TouchTapeBinary.executable
        process.arguments = ["live"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        exit = ProcessExit(process)
        try process.run()
    }

    /// Reads stdout until `words` were printed (or it closed).
    func read(until words: String) {
        while !text.contains(words) {
            let data = output.fileHandleForReading.readSomeRetryingInterrupts()
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
    }

    func send(_ keys: String) { input.fileHandleForWriting.write(Data(keys.utf8)) }

    /// Ends the keys and waits: the exit status and stderr (``text`` holds all of stdout).
    func finish() throws -> (status: Int32, stderr: String) {
        try input.fileHandleForWriting.close()
        text += String(decoding: output.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        exit.wait()
        return (process.terminationStatus, stderr)
    }
}

/// Keys from a pipe: a script labels and saves the last gesture after reading its line.
@Test func keysFromAPipeLabelAndSave() throws {
    let dir = try PackagePaths.scratchDirectory("live-keys")
    defer { try? FileManager.default.removeItem(at: dir) }
    let saved = dir.appendingPathComponent("saved.evemu").path
    let live = try PipedLive(["--from", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--speed", "1000", "--save", saved])
    // Read until the second gesture carries the file's label (the recording has ended).
    live.read(until: "\"type\":\"track\",\"gesture\":2,\"label\":\"file\"")
    // c: label the last gesture cancel (it finishes: the label fails); s: save it; then end of keys.
    live.send("cs")
    let (status, stderr) = try live.finish()
    let text = live.text

    #expect(status == 1, "\(stderr)")
    let last = try #require(try finalTracks(text).last)
    #expect(last.expected == "cancel" && last.outcome == "finish")
    #expect(last.checks.contains { $0.name == "expected-outcome" && !$0.passed })
    #expect(text.contains("{\"type\":\"save\",\"gesture\":2,\"track\":2,\"file\":\"\(saved)\",\"expected\":\"cancel\"}"))
    #expect(stderr.contains("1 passed, 1 failed"))
    // The closing line replays what was saved.
    #expect(stderr.contains("settings: touchtape replay \(saved) --profile transition"), "\(stderr)")

    // The saved file is a recording of that one gesture with its label: replay agrees.
    let replay = try TouchTapeBinary.run(["replay", saved, "--format", "json"])
    let tracks = try JSONDecoder().decode(ReplayJSON.self, from: Data(replay.stdout.utf8)).tracks
    #expect(tracks.count == 1)
    #expect(tracks.first?.expected == "cancel" && tracks.first?.outcome == "finish")
    #expect(tracks.first?.releaseVelocity == last.releaseVelocity)
    #expect(replay.status == 1)
}

/// `--save` with nothing saved: the closing `touchtape replay` line names the recording
/// that was replayed, not the save file (which holds no gesture, so pasting it would replay
/// nothing).
@Test func saveWithNothingSavedNamesTheReplayedRecording() throws {
    let dir = try PackagePaths.scratchDirectory("live-save-nothing")
    defer { try? FileManager.default.removeItem(at: dir) }
    let source = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
    let saved = dir.appendingPathComponent("saved.evemu").path
    let live = try ProcessRun.run(TouchTapeBinary.executable, ["live", "--from", source, "--speed", "1000", "--save", saved],
                                  input: FileHandle.nullDevice)
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stderr.contains("settings: touchtape replay \(source) --profile transition"), "\(live.stderr)")
    #expect(!live.stderr.contains("touchtape replay \(saved)"), "\(live.stderr)")
    // The file the session made and saved nothing to is not left behind.
    #expect(live.stderr.contains("no gesture saved, so \(saved) was not kept"), "\(live.stderr)")
    #expect(!FileManager.default.fileExists(atPath: saved))
}

/// `--save` names an existing recording: refused before anything is written (the session
/// used to replace it with an empty recording at its start, saved gesture or not).
@Test func saveRefusesAFileThatExistsAndKeepsIt() throws {
    let dir = try PackagePaths.scratchDirectory("live-save-existing")
    defer { try? FileManager.default.removeItem(at: dir) }
    let kept = dir.appendingPathComponent("kept.evemu").path
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), toPath: kept)
    let before = try Data(contentsOf: URL(fileURLWithPath: kept))
    let live = try ProcessRun.run(TouchTapeBinary.executable,
                                  ["live", "--from", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--speed", "1000",
                                   "--save", kept], input: FileHandle.nullDevice)
    #expect(live.status == 2, "\(live.stderr)")
    #expect(live.stderr.contains("--save \(kept) already exists") && live.stderr.contains("hint: give --save a new file"), "\(live.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == before)
}

/// The save file is the session's alone while it runs: made `O_EXCL` (two sessions cannot
/// both make it), held with a shared lock (a `label` rewriting it waits: here `--no-wait`
/// exits 3), and a file put over it by another program is noticed at the next save, which
/// fails saying so instead of going to a file no path names.
@Test func theSaveFileIsTheSessionsWhileItRuns() throws {
    let dir = try PackagePaths.scratchDirectory("live-save-held")
    defer { try? FileManager.default.removeItem(at: dir) }
    let saved = dir.appendingPathComponent("saved.evemu").path
    let live = try PipedLive(["--from", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--speed", "1000", "--save", saved])
    live.read(until: "\"type\":\"track\",\"gesture\":2,\"label\":\"file\"")
    live.send("s")
    live.read(until: "\"type\":\"save\"")
    // Another session cannot make the same file; a label waits for the session.
    let second = try ProcessRun.run(TouchTapeBinary.executable,
                                    ["live", "--from", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--speed", "1000",
                                     "--save", saved], input: FileHandle.nullDevice)
    #expect(second.status == 2 && second.stderr.contains("already exists"), "\(second.stderr)")
    let label = try TouchTapeBinary.run(["label", saved, "--note", "x", "--no-wait"], in: dir)
    #expect(label.status == 3, "\(label.stderr)")
    // A file renamed over the save file (as `convert` replaces its output): the next save fails.
    let other = dir.appendingPathComponent("other.evemu").path
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-flick-up-cancel.evemu"), toPath: other)
    #expect(rename(other, saved) == 0)
    live.send("s")
    live.read(until: "\"type\":\"saveFailed\"")
    let (_, stderr) = try live.finish()
    #expect(live.text.contains("was replaced or removed by another program while touchtape was writing it"), "\(live.text.suffix(600)) \(stderr)")
    #expect(try String(contentsOfFile: saved, encoding: .utf8)
            == String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-flick-up-cancel.evemu"), encoding: .utf8),
            "the other program's file is left as it put it")
}

@Test func liveUsageErrorsExitTwo() throws {
    let none = try TouchTapeBinary.run(["live"])
    #expect(none.status == 2)
    #expect(none.stderr.contains("DEVICE or --from"))
    let grab = try TouchTapeBinary.run(["live", "--from", TouchTapeBinary.bundled("touchscreen-short-hold.evemu"), "--grab"])
    #expect(grab.status == 2)
    let speed = try TouchTapeBinary.run(["live", "--from", TouchTapeBinary.bundled("touchscreen-short-hold.evemu"), "--speed", "0"])
    #expect(speed.status == 2)
    let missing = try ProcessRun.run(TouchTapeBinary.executable, ["live", "--from", "/nonexistent.evemu"], input: FileHandle.nullDevice)
    #expect(missing.status == 2)
    let device = try ProcessRun.run(TouchTapeBinary.executable, ["live", "/dev/input/event-none"], input: FileHandle.nullDevice)
    #expect(device.status == 2 || device.status == 3)
}

/// `--gestures N` on a recording: the Nth gesture is judged under the file's label (its
/// mark comes after its last event). The run stopped before the mark, so the last gesture
/// counted unlabelled: "1 passed, 1 failed" here where replay says 0 passed, 2 failed.
@Test func gesturesOnARecordingJudgesTheLastUnderItsLabel() throws {
    let source = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
    let limited = try ProcessRun.run(TouchTapeBinary.executable,
                                     ["live", "--from", source, "--speed", "1000", "--gestures", "2", "--threshold", "0.6"],
                                     input: FileHandle.nullDevice)
    let whole = try ProcessRun.run(TouchTapeBinary.executable, ["live", "--from", source, "--speed", "1000", "--threshold", "0.6"],
                                   input: FileHandle.nullDevice)
    #expect(limited.status == 1 && whole.status == 1, "\(limited.stderr)")
    #expect(limited.stderr.contains("live: 2 gesture(s): 0 passed, 2 failed"), "\(limited.stderr)")
    #expect(try finalTracks(limited.stdout) == finalTracks(whole.stdout))
    #expect(try finalTracks(limited.stdout).allSatisfy { $0.expected == "finish" })
    let once = try ProcessRun.run(TouchTapeBinary.executable,
                                  ["live", "--from", source, "--speed", "1000", "--gestures", "1", "--threshold", "0.6"],
                                  input: FileHandle.nullDevice)
    #expect(once.stderr.contains("live: 1 gesture(s): 0 passed, 1 failed"), "\(once.stderr)")
    #expect(!once.stdout.contains("\"gesture\":2"), "the second gesture is not begun: \(once.stdout.suffix(400))")
}

/// `q` between gestures or inside one: the last finished gesture is judged under the file's
/// label (its mark was read already), and a gesture in progress is left out. A gesture cut
/// by `q` was judged as a cut-off pan with no label, and counted as passed.
@Test func quittingLeavesAnUnfinishedGestureOutAndLabelsTheLastFinishedOne() throws {
    let live = try PipedLive(["--from", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--speed", "1", "--threshold", "0.6"])
    live.read(until: "\"type\":\"track\",\"gesture\":1,")
    live.send("q")
    let (status, stderr) = try live.finish()
    #expect(status == 1, "\(stderr)")
    #expect(stderr.contains("live: 1 gesture(s): 0 passed, 1 failed"), "\(stderr)")
    let last = try #require(try finalTracks(live.text).last)
    #expect(last.track == 1 && last.expected == "finish" && last.outcome == "cancel", "\(live.text.suffix(400))")
}

@Test func gesturesStopsAfterThatManyGestures() throws {
    let live = try ProcessRun.run(TouchTapeBinary.executable,
                                  ["live", "--from", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                   "--speed", "1000", "--loop", "--gestures", "3"],
                                  in: TouchTapeBinary.packageRoot, input: FileHandle.nullDevice)
    #expect(live.status == 0, "\(live.stderr)")
    let summary = try #require(live.stdout.split(separator: "\n").last)
    #expect(summary.contains("\"gestures\":3"))
}

/// `--save` to a format that would not give the device's name back (evemu's `N:` line drops
/// leading blanks): refused before the file is made, naming the extension that keeps it.
@Test func saveRefusesADeviceNameItsFormatWouldNotGiveBack() throws {
    let dir = try PackagePaths.scratchDirectory("touchtape-live-save")
    defer { try? FileManager.default.removeItem(at: dir) }
    let yml = dir.appendingPathComponent("blank.yml")
    let converted = try TouchTapeBinary.run(["convert", TouchTapeBinary.bundled("touchscreen-short-hold.evemu"), yml.path])
    #expect(converted.status == 0, "\(converted.stderr)")
    let text = try String(contentsOf: yml, encoding: .utf8)
    #expect(text.contains("name: \"TouchTape Synthetic Touchscreen\""))
    try text.replacingOccurrences(of: "name: \"TouchTape Synthetic Touchscreen\"", with: "name: \"  Blank-led Touchscreen\"")
        .write(to: yml, atomically: true, encoding: .utf8)
    let saved = dir.appendingPathComponent("saved.evemu").path
    let live = try ProcessRun.run(TouchTapeBinary.executable, ["live", "--from", yml.path, "--speed", "1000", "--save", saved],
                                  input: FileHandle.nullDevice)
    #expect(live.status == 2, "\(live.stderr)")
    #expect(live.stderr.contains("drops blanks before the name") && live.stderr.contains("save to a .yml file (libinput record) instead"),
            "\(live.stderr)")
    #expect(!FileManager.default.fileExists(atPath: saved))
}

/// A recording whose clock jumps ahead (here by 70 000 s inside a gesture, 70 s at 1000
/// times its pace): `live --from` says how long the wait for the next event is, rather than
/// sitting silent, and Ctrl-C ends it as usual. (Were nothing said, the wait would end and
/// the recording with it, and the test would fail, not hang.)
@Test func liveSaysWhenTheRecordingsNextEventIsFarAway() throws {
    let original = try String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), encoding: .utf8)
    var index = 0
    let jumped = original.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        guard line.hasPrefix("E: ") else { return String(line) }
        index += 1
        var fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if index >= 150 { fields[1] = String(format: "%.6f", Double(fields[1])! + 70_000) }
        return fields.joined(separator: " ")
    }.joined(separator: "\n")
    let dir = try PackagePaths.scratchDirectory("tt-live-gap")
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("jump.evemu").path
    try jumped.write(toFile: file, atomically: true, encoding: .utf8)
    let live = try RunningTouchTape(["live", "--from", file, "--speed", "1000"], standardOutput: FileHandle.nullDevice)
    let said = live.waitForStandardError(containing: " s away (its clock jumps there); q or Ctrl-C stops")
    live.process.interrupt()
    let result = live.finish()
    #expect(said, "\(result.stderr)")
    // 70 000 s of the recording at 1000 times its pace, less what had played already.
    let away = result.stderr.components(separatedBy: "the recording's next event is ").last?.split(separator: " ").first.flatMap { Double($0) }
    #expect(away.map { (65...70).contains($0) } == true, "\(result.stderr)")
    #expect(result.status == 0 && result.stderr.contains("live: 0 gesture(s)"), "\(result.stderr)")
}
