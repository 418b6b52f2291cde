import Foundation
import Testing
import TouchTapeTestSupport

/// `touchtape.yml` as a project keeps it: found from a subfolder, used by replay and
/// live, overridden by the command line.
private func project(_ text: String) throws -> (root: URL, subfolder: URL) {
    let root = try PackagePaths.scratchDirectory("tt-project")
    let gestures = root.appendingPathComponent("gestures"), sub = root.appendingPathComponent("src/deep")
    try FileManager.default.createDirectory(at: gestures, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                     toPath: gestures.appendingPathComponent("pan.evemu").path)
    try text.write(to: root.appendingPathComponent("touchtape.yml"), atomically: true, encoding: .utf8)
    return (root, sub)
}

private func profile(ofJSON output: String) -> String? {
    output.split(separator: "\n").first { $0.contains("\"profile\":") }.map { String($0) }
}

@Test func replayTakesSettingsAndRecordingsFromTheFileAndTheCommandLineWins() throws {
    let (root, sub) = try project("profile: easytransitions\nthreshold: 0.9\nflick: false\nrecordings: gestures\n")
    defer { try? FileManager.default.removeItem(at: root) }
    // From a subfolder, no paths: the file's recordings and settings.
    let fromFile = try TouchTapeBinary.run(["replay", "--format", "json"], in: sub)
    #expect(profile(ofJSON: fromFile.stdout)?.contains("easytransitions") == true, "\(fromFile.stderr)")
    #expect(fromFile.stdout.contains("\"threshold 0.9\""))
    #expect(fromFile.stdout.contains("gestures/pan.evemu"))
    #expect(fromFile.stderr.contains("settings from \(root.standardizedFileURL.path)/touchtape.yml"))
    #expect(fromFile.status == 1, "threshold 0.9: the labelled finishes cancel")
    // The command line overrides one setting; the file's others stay.
    let overridden = try TouchTapeBinary.run(["replay", "--format", "json", "--threshold", "0.3"], in: sub)
    #expect(profile(ofJSON: overridden.stdout)?.contains("easytransitions") == true)
    #expect(overridden.stdout.contains("\"threshold 0.3\"") && !overridden.stdout.contains("threshold 0.9"))
    #expect(overridden.status == 0, "\(overridden.stdout)")
    // --no-config: the defaults and Recordings/ (absent here).
    let none = try TouchTapeBinary.run(["replay", "--no-config", root.appendingPathComponent("gestures").path, "--format", "json"], in: sub)
    #expect(profile(ofJSON: none.stdout)?.contains("\"transition\"") == true)
    // --config names another file.
    let other = root.appendingPathComponent("other.yml")
    try "profile: photozoom\n\nflick: false\n".write(to: other, atomically: true, encoding: .utf8)
    let named = try TouchTapeBinary.run(["replay", "--config", other.path, root.appendingPathComponent("gestures").path, "--format", "json"], in: sub)
    #expect(profile(ofJSON: named.stdout)?.contains("photozoom") == true && named.stdout.contains("\"no flick\""))
    let back = try TouchTapeBinary.run(["replay", "--config", other.path, "--flick", root.appendingPathComponent("gestures").path, "--format", "json"], in: sub)
    #expect(!back.stdout.contains("\"no flick\""), "--flick undoes the file's flick: false")
}

@Test func liveTakesSettingsFromTheFileAndTheCommandLineWins() throws {
    let (root, sub) = try project("profile: easytransitions\nthreshold: 0.9\nflick: false\n")
    defer { try? FileManager.default.removeItem(at: root) }
    let pan = root.appendingPathComponent("gestures/pan.evemu").path
    let fromFile = try ProcessRun.run(TouchTapeBinary.executable, ["live", "--from", pan, "--speed", "1000"], in: sub,
                                      input: FileHandle.nullDevice)
    #expect(fromFile.stdout.hasPrefix("{\"type\":\"ready\""), "JSON lines when stdout is not a terminal")
    #expect(fromFile.stderr.contains("--profile easytransitions --threshold 0.9 --no-flick"), "\(fromFile.stderr)")
    #expect(fromFile.status == 1, "the labelled finishes cancel under 0.9")
    let overridden = try ProcessRun.run(TouchTapeBinary.executable, ["live", "--from", pan, "--speed", "1000", "--threshold", "0.3"],
                                        in: sub, input: FileHandle.nullDevice)
    #expect(overridden.stderr.contains("--profile easytransitions --threshold 0.3 --no-flick"), "\(overridden.stderr)")
    #expect(overridden.status == 0)
}

@Test func aBadConfigurationExitsTwoNamingFileAndLine() throws {
    let (root, sub) = try project("profile: transition\nthreshold: 2\n")
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try TouchTapeBinary.run(["replay"], in: sub)
    #expect(run.status == 2)
    #expect(run.stderr.contains("touchtape.yml:2: threshold"), "\(run.stderr)")
    #expect(run.stderr.contains("hint: "))
    let missing = try TouchTapeBinary.run(["replay", "--config", root.appendingPathComponent("nope.yml").path], in: sub)
    #expect(missing.status == 2 && missing.stderr.contains("nope.yml"))
}

@Test func theDefaultRecordingsMissingSaysHowToGivePaths() throws {
    let dir = try PackagePaths.scratchDirectory("tt-nowhere")
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try TouchTapeBinary.run(["replay", "--no-config"], in: dir)
    #expect(run.status == 2)
    #expect(run.stderr.contains("no such file or folder: 'Recordings'"))
    #expect(run.stderr.contains("hint: no path given, and the default Recordings/ is not in the current folder; give recordings or folders"))
}
