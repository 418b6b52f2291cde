import Foundation
import Testing
import TouchTapeTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `touchtape live` in a real terminal: tmux runs it in a detached session of a fixed
/// size; the tests read the screen with `capture-pane`, type with `send-keys`, and
/// compare the terminal mode (`stty -g`, printed inside the pane before and after).

private let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// One private tmux server (its own socket in a scratch folder) holding one session,
/// `live`, that runs `touchtape live` inside a wrapper script.
///
/// The server runs in the foreground (`tmux -D`) as a process of its own: a server that
/// a client forks as a daemon would inherit the test process's descriptors (Foundation's
/// and other tests' pipes) and keep them open, so waits on those would never end.
private final class LivePane {
    let dir: URL
    let tmux: URL
    let socket: String
    private let server = Process()

    /// Starts `touchtape live <arguments>` in a `columns`×`rows` pane. The wrapper records
    /// `stty -g` before and after, live's pid, and its exit status.
    init(arguments: [String], columns: Int = 100, rows: Int = 30) throws {
        tmux = URL(fileURLWithPath: tmuxPath!)
        dir = try PackagePaths.scratchDirectory("live-tmux")
        socket = dir.appendingPathComponent("tmux.sock").path
        let script = """
        trap : INT TERM
        cd '\(TouchTapeBinary.packageRoot.path)'
        stty -g > '\(dir.path)/before'
        sh -c 'echo $$ > "$0"; exec "$@"' '\(dir.path)/pid' '\(TouchTapeBinary.executable.path)' live \
        \(arguments.map { "'\($0)'" }.joined(separator: " "))
        echo $? > '\(dir.path)/status.tmp'
        stty -g > '\(dir.path)/after'
        mv '\(dir.path)/status.tmp' '\(dir.path)/status'
        """
        try script.write(to: dir.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        server.executableURL = tmux
        server.arguments = ["-S", socket, "-f", "/dev/null", "-D"]
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Until the server answers: a `new-session` that finds no server would start one of
        // its own, forked as a daemon (the inheritance above).
        try poll("the tmux server") { try self.tmuxRun(["list-sessions"]).status == 0 }
        let start = try tmuxRun(["new-session", "-d", "-s", "live", "-x", "\(columns)", "-y", "\(rows)",
                                 "sh \(dir.path)/run.sh", ";", "set-option", "-w", "remain-on-exit", "on"])
        guard start.status == 0 else { throw TmuxError(message: "tmux new-session: \(start.stderr)") }
    }

    deinit {
        _ = try? tmuxRun(["kill-server"])
        // tmux ignores SIGTERM; the server is this test's own child.
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: dir)
    }

    private func tmuxRun(_ arguments: [String]) throws -> ProcessRun {
        try ProcessRun.run(tmux, ["-S", socket] + arguments, input: FileHandle.nullDevice)
    }

    /// The pane's text now.
    func screen() throws -> String {
        try tmuxRun(["capture-pane", "-p", "-t", "live"]).stdout
    }

    func send(_ keys: String, literal: Bool = true) throws {
        _ = try tmuxRun(["send-keys", "-t", "live"] + (literal ? ["-l"] : []) + [keys])
    }

    /// Polls the screen until `condition` holds (bounded: 60 s), returning that screen.
    @discardableResult
    func waitForScreen(_ what: String, _ condition: (String) -> Bool) throws -> String {
        var last = ""
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            usleep(50_000)   // poll interval, not synchronisation: the condition decides
        }
        throw TmuxError(message: "timed out waiting for \(what); the screen was:\n\(last)")
    }

    /// Polls until the wrapper wrote live's exit status (bounded: 60 s).
    func waitForExit() throws -> Int32 {
        let path = dir.appendingPathComponent("status").path
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            usleep(50_000)
        }
        throw TmuxError(message: "live did not exit; the screen was:\n\((try? screen()) ?? "")")
    }

    func file(_ name: String) -> String? { try? String(contentsOfFile: dir.appendingPathComponent(name).path, encoding: .utf8) }
}

/// Retries `condition` until it holds, for at most 60 s (a poll with a deadline: the
/// condition decides, the pause between tries only spares the CPU).
private func poll(_ what: String, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
        if try condition() { return }
        usleep(50_000)
    }
    throw TmuxError(message: "timed out waiting for \(what)")
}

private struct TmuxError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

private func isRunning(_ screen: String) -> Bool {
    screen.contains("touchtape live") && screen.contains("progress  [") && screen.contains("outcome now")
        && (screen.contains("if released now") || screen.contains("released: "))
}

@Test(.enabled(if: tmuxPath != nil, "tmux is not installed (apt-get install tmux)"))
func theViewShowsTunesLabelsSavesAndRestoresTheTerminalOnQ() throws {
    try runFullSession(recording: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"))
}

/// The whole interactive session: view, threshold key, label, save, replay of the saved file, q.
private func runFullSession(recording: String) throws {
    let dir = try PackagePaths.scratchDirectory("live")
    defer { try? FileManager.default.removeItem(at: dir) }
    let saved = dir.appendingPathComponent("saved.evemu").path
    // The save's confirmation names the path on one line of the 100-column pane.
    try #require("saved gesture 1 (finish) to \(saved)".count <= 100, "the scratch path is too long for the pane: \(saved)")
    let pane = try LivePane(arguments: ["--from", recording, "--speed", "4", "--loop", "--save", saved])

    // The view: progress bar with the threshold, the decision, the history with a finished gesture.
    var screen = try pane.waitForScreen("a finished gesture in the history") {
        isRunning($0) && $0.contains("finish  -       ok    threshold")
    }
    #expect(screen.contains("thr 0.33"))
    #expect(screen.contains("threshold 0.33 "))
    #expect(screen.contains("frame time"))
    #expect(screen.contains("keys: q quit  s save"))

    // f: label the last gesture finish; s: save it.
    try pane.send("f")
    try pane.waitForScreen("the label's confirmation") { $0.contains("labelled finish: passes") }
    try pane.send("s")
    screen = try pane.waitForScreen("the save's confirmation") { $0.contains("saved gesture") && $0.contains(saved) }
    #expect(screen.contains("(finish)"))
    let replay = try TouchTapeBinary.run(["replay", saved, "--format", "json"])
    #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    #expect(replay.stdout.contains("\"expected\": \"finish\""))
    #expect(replay.stdout.contains("\"summary\": {\n    \"passed\": 1,\n    \"failed\": 0"))

    // ] six times: threshold 0.60; the next gestures (released near 0.54) cancel by threshold.
    try pane.send("]]]]]]")
    // The decision line belongs to the gesture on screen, which moves on: waited for too,
    // not read off whichever screen first showed the history row (that raced).
    screen = try pane.waitForScreen("threshold 0.60, a cancel, and the decision line saying so") {
        $0.contains("threshold 0.60*") && $0.contains("thr 0.60") && $0.contains("cancel  -       FAIL  threshold")
            && $0.contains("CANCEL by threshold")
    }
    // The gestures that ran under 0.33 are decided again under 0.60: they flip.
    #expect(screen.contains("finish  cancel! ok    threshold"), "\(screen)")
    #expect(screen.contains("t0.33 f1200") && screen.contains("t0.60 f1200"), "each row says what it ran under")

    // q: leaves; the gestures labelled finish by the file now fail: exit 1; the terminal is as before.
    try pane.send("q")
    #expect(try pane.waitForExit() == 1)
    let before = try #require(pane.file("before"))
    #expect(pane.file("after") == before)
    screen = try pane.waitForScreen("the summary") { $0.contains(" failed") && $0.contains("touchtape replay") }
    #expect(screen.contains("--threshold 0.6"))
    // After q the saved file ends with the end mark: it reads back complete, not cut short.
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    #expect(text.hasSuffix("# touchtape: end of recording\n"))
    let inspect = try TouchTapeBinary.run(["inspect", saved])
    #expect(inspect.status == 0 && !inspect.stdout.contains("truncated"), "\(inspect.stdout)")
}

@Test(.enabled(if: tmuxPath != nil, "tmux is not installed (apt-get install tmux)"))
func sigintRestoresTheTerminal() throws {
    let pane = try LivePane(arguments: ["--from", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), "--speed", "4", "--loop"])
    try pane.waitForScreen("the view") { isRunning($0) }
    try pane.send("C-c", literal: false)
    #expect(try pane.waitForExit() == 0)
    let before = try #require(pane.file("before"))
    #expect(pane.file("after") == before)
}

@Test(.enabled(if: tmuxPath != nil, "tmux is not installed (apt-get install tmux)"))
func sigtermRestoresTheTerminal() throws {
    let pane = try LivePane(arguments: ["--from", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), "--speed", "4", "--loop"],
                            columns: 40, rows: 12)
    let screen = try pane.waitForScreen("the view") { $0.contains("progress  [") && $0.contains("touchtape live") }
    #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 40 })
    let pid = try #require(pane.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
    #expect(kill(pid, SIGTERM) == 0)
    #expect(try pane.waitForExit() == 0)
    let before = try #require(pane.file("before"))
    #expect(pane.file("after") == before)
}

/// A hang-up (an ssh connection dropped, the terminal closed) ends live like SIGTERM: the
/// terminal is restored and the session's summary is printed, instead of the default
/// action killing it in raw mode.
@Test(.enabled(if: tmuxPath != nil, "tmux is not installed (apt-get install tmux)"))
func sighupRestoresTheTerminal() throws {
    let pane = try LivePane(arguments: ["--from", TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), "--speed", "4", "--loop"])
    try pane.waitForScreen("the view") { isRunning($0) }
    let pid = try #require(pane.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
    #expect(kill(pid, SIGHUP) == 0)
    #expect(try pane.waitForExit() == 0)
    let before = try #require(pane.file("before"))
    #expect(pane.file("after") == before)
}

/// Tuning at 80×24 (issue 24): the legend keeps quit, save, label and select; Up selects an
/// older gesture (its ESC [ A no longer lowers the threshold); c labels the selected one;
/// ] six times decides both past gestures again under 0.60, and they flip. With
/// TOUCHTAPE_LIVE_CAPTURES=DIR the screens are kept there to be looked at.
@Test(.enabled(if: tmuxPath != nil, "tmux is not installed (apt-get install tmux)"))
func arrowsSelectAGestureAndPastGesturesAreDecidedAgainAt80x24() throws {
    let pane = try LivePane(arguments: ["--from", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--speed", "4"],
                            columns: 80, rows: 24)
    let captures = ProcessInfo.processInfo.environment["TOUCHTAPE_LIVE_CAPTURES"]
    func keep(_ name: String, _ screen: String) {
        if let captures { try? screen.write(toFile: "\(captures)/\(name).txt", atomically: true, encoding: .utf8) }
    }
    var screen = try pane.waitForScreen("both gestures in the history") { $0.contains("recording ended") && $0.contains("  2   finish") }
    keep("80x24-ended", screen)
    #expect(screen.contains("keys: q quit  s save  f c n x label  up/down select"))
    #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 80 })
    try pane.send("Up", literal: false)
    screen = try pane.waitForScreen("gesture 1 selected") { $0.contains("selected gesture 1") }
    keep("80x24-selected", screen)
    #expect(screen.contains("> 1"))
    #expect(screen.contains("threshold 0.33 "), "the arrow's '[' lowered no threshold")
    try pane.send("c")
    screen = try pane.waitForScreen("the label of gesture 1") { $0.contains("gesture 1 labelled cancel") }
    #expect(screen.contains("> 1   finish  -       FAIL"))
    try pane.send("]]]]]]")
    screen = try pane.waitForScreen("both decided again under 0.60") {
        $0.contains("threshold 0.60*") && $0.components(separatedBy: "finish  cancel!").count == 3
    }
    keep("80x24-redecided", screen)
    #expect(screen.contains("t0.33 f1200"))
    try pane.send("q")
    #expect(try pane.waitForExit() == 1, "gesture 1 is labelled cancel and finished")
}

/// Pause and single-step for `--from` (issue 24): space stops the recording's clock, `.`
/// hands out one frame at a time (the gesture appears and its translation grows one frame
/// per key), space again lets it run to its end.
@Test(.enabled(if: tmuxPath != nil, "tmux is not installed (apt-get install tmux)"))
func spacePausesAndDotStepsARecording() throws {
    let pane = try LivePane(arguments: ["--from", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")], columns: 120, rows: 40)
    try pane.waitForScreen("the view") { isRunning($0) }
    try pane.send(" ")
    var screen = try pane.waitForScreen("paused") { $0.contains("[paused: space resumes, . steps a frame]") }
    #expect(!screen.contains("finish  -"), "paused before the first gesture ended")
    /// The translation line's number, once the pan began.
    func translation(_ screen: String) -> Double? {
        guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("translation ") }) else { return nil }
        return Double(line.split(separator: " ")[1])
    }
    // Forty frames, one per '.': the pan begins and moves (the first gesture's slop is
    // crossed within a few frames of its touch).
    try pane.send(String(repeating: ".", count: 40))
    screen = try pane.waitForScreen("the pan, stepped") { (translation($0) ?? 0) > 0 }
    let moved = try #require(translation(screen))
    try pane.send("...")
    screen = try pane.waitForScreen("three more frames") { (translation($0) ?? 0) > moved }
    #expect(screen.contains("[paused: space resumes, . steps a frame]"), "a step stays paused")
    try pane.send(" ")
    try pane.waitForScreen("the recording's end") { $0.contains("[recording ended; q quits]") && $0.contains("  2   finish") }
    try pane.send("q")
    #expect(try pane.waitForExit() == 0)
}
