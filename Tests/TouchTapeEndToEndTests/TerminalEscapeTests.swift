import Foundation
import Testing
import TouchTapeTestSupport

// Issue 21: text from a recording is text. A downloaded recording whose device name, note or
// file name holds escape sequences (ESC ] 0 ; … BEL retitles the terminal, ESC [ 2 J clears
// it, U+009B is an 8-bit CSI) was printed raw by inspect, the text report, play --dry-run,
// label's summary and the live view. Every command's output is checked for the raw bytes;
// `inspect --format json` must also stay valid JSON (it wrote a tab raw).

/// A copy of a bundled recording whose device name and first note carry escape sequences,
/// in a file whose own name carries one.
private func hostileRecording(in dir: URL) throws -> String {
    var text = try String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), encoding: .utf8)
    text = text.replacingOccurrences(of: "N: TouchTape Synthetic Touchscreen", with: "N: Evil\u{1B}]0;PWNED\u{07}\tPad\u{1B}[2J\u{9B}31m")
    text = text.replacingOccurrences(of: "note=\"long pan down", with: "note=\"\u{1B}[31mlong pan down")
    let path = dir.appendingPathComponent("evil\u{1B}[2J.evemu").path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
}

/// The raw bytes a terminal acts on: ESC, BEL, and C1 controls (UTF-8 C2 80…9F).
private func terminalControls(_ text: String) -> [String] {
    var found: [String] = []
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x1B: found.append("ESC")
        case 0x07: found.append("BEL")
        case 0x80...0x9F: found.append("C1")
        default: continue
        }
    }
    return found
}

@Test(arguments: [
    ["inspect", "FILE"], ["replay", "FILE"], ["replay", "FILE", "--compare-velocity"], ["play", "--dry-run", "FILE"],
    ["label", "FILE", "--note", "n", "-o", "/dev/null"], ["sweep", "FILE"], ["live", "--from", "FILE", "--speed", "1000"],
    ["replay", "FILE", "--format", "junit"], ["convert", "FILE", "-", "--to", "libinput"],
])
func noRecordingTextReachesTheTerminalRaw(arguments: [String]) throws {
    let dir = try PackagePaths.scratchDirectory("tt-escape")
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = try hostileRecording(in: dir)
    let run = try ProcessRun.run(TouchTapeBinary.executable, arguments.map { $0 == "FILE" ? file : $0 }, in: dir,
                                 input: FileHandle.nullDevice)
    #expect(run.status <= 1, "\(arguments): \(run.stderr)")
    if arguments.first == "convert" {
        // A conversion is a recording, not terminal text: YAML escapes the name itself.
        #expect(terminalControls(run.stdout).isEmpty, "\(arguments) stdout")
    } else {
        #expect(terminalControls(run.stdout).isEmpty, "\(arguments) stdout: \(terminalControls(run.stdout))")
    }
    #expect(terminalControls(run.stderr).isEmpty, "\(arguments) stderr: \(terminalControls(run.stderr))")
    if ["inspect", "replay", "play"].contains(arguments[0]), !arguments.contains("junit") {
        #expect(run.stdout.contains("Evil\\x1b]0;PWNED\\x07"), "the name is still shown, escaped: \(run.stdout.prefix(600))")
    }
}

@Test func inspectJSONIsValidWhateverTheNameHolds() throws {
    let dir = try PackagePaths.scratchDirectory("tt-escape")
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = try hostileRecording(in: dir)
    let run = try TouchTapeBinary.run(["inspect", "--format", "json", file], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let files = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    let device = try #require(files.first?["device"] as? [String: Any])
    #expect(device["name"] as? String == "Evil\u{1B}]0;PWNED\u{07}\tPad\u{1B}[2J\u{9B}31m", "the name round-trips through JSON")
    #expect(terminalControls(run.stdout).isEmpty, "escaped as \\u001b, never raw")
}

@Test func anErrorQuotingAFileNameIsTerminalSafe() throws {
    let run = try TouchTapeBinary.run(["inspect", "/nonexistent/\u{1B}]0;PWNED\u{07}.evemu"])
    #expect(run.status != 0)
    #expect(terminalControls(run.stderr).isEmpty, "\(run.stderr)")
}
