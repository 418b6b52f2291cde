import Foundation
import Testing
import TouchTapeTestSupport

/// Track counts per peer recording, counted independently by the Tracks tests' one-off
/// script (first contact down … no contact down); here they must come out of the CLI.
private let peerTrackCounts: [(file: String, kind: String, tracks: Int)] = [
    ("EP0430M09.2-finger-scroll-down.events", "touchscreen", 1),
    ("Atmel maXTouch Touchscreen.4-finger-drag-down.events", "touchscreen", 1),
    ("Atmel maXTouch Touchscreen.1-finger-drag-up-down.events", "touchscreen", 1),
    ("dell_canvas_touch.evemu", "touchscreen", 4),
    ("SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-horizontal.events", "touchpad", 2),
    ("N-Trig MultiTouch.1-finger-drag-NW-SE.events", "touchscreen", 1),
    ("bcm5974.event", "touchpad", 5),
]

@Test(arguments: peerTrackCounts.map(\.file))
func inspectReadsEveryPeerRecording(file: String) throws {
    let expected = try #require(peerTrackCounts.first { $0.file == file })
    let run = try TouchTapeBinary.run(["inspect", TouchTapeBinary.peer(file)])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("kind: \(expected.kind)"))
    #expect(run.stdout.contains("tracks: \(expected.tracks)\n"))
}

/// `inspect --format json` names each file by its path, as `replay`'s JSON does: two
/// folders' files of the same name stay apart.
@Test func inspectJSONNamesEachFileByItsPath() throws {
    let file = "Recordings/touchscreen-pan-down-finish.evemu"   // relative, as typed in the package root
    let inspect = try TouchTapeBinary.run(["inspect", "--format", "json", file])
    let replay = try TouchTapeBinary.run(["replay", "--format", "json", "--no-config", file])
    #expect(inspect.status == 0 && replay.status == 0, "\(inspect.stderr)\(replay.stderr)")
    let files = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [[String: Any]])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    #expect(files.first?["file"] as? String == file)
    #expect(tracks.first?["file"] as? String == file)
    // The device as the text shows it: ids, slots and every axis.
    let device = try #require(files.first?["device"] as? [String: Any])
    #expect(device["vendor"] as? String == "0x7474" && device["slots"] as? Int == 10, "\(device)")
    let axes = try #require(device["axes"] as? [[String: Any]])
    #expect(axes.contains { $0["axis"] as? String == "ABS_MT_POSITION_Y" && $0["maximum"] as? Int == 2335 }, "\(axes)")
}

@Test func inspectPairsAnExplicitSplitLayout() throws {
    let run = try TouchTapeBinary.run(["inspect", TouchTapeBinary.peer("N-Trig MultiTouch.desc"),
                                       TouchTapeBinary.peer("N-Trig MultiTouch.1-finger-drag-NW-SE.events")])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("device: N-Trig MultiTouch"))
    #expect(run.stdout.contains("protocol A, finger tool keys up to 2"))
    // The JSON says what the text does: the paired description and the tool keys.
    let json = try TouchTapeBinary.run(["inspect", "--format", "json", TouchTapeBinary.peer("N-Trig MultiTouch.1-finger-drag-NW-SE.events")])
    let file = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
    #expect(file["descriptionFile"] as? String == TouchTapeBinary.peer("N-Trig MultiTouch.desc"), "\(file)")
    #expect((file["device"] as? [String: Any])?["fingerToolKeys"] as? Int == 2)
    let plain = try TouchTapeBinary.run(["inspect", "--format", "json", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")])
    #expect(!plain.stdout.contains("descriptionFile"), "only a split pair has one")
}

@Test func convertRoundTripKeepsEveryEventLine() throws {
    let dir = try PackagePaths.scratchDirectory("tt-e2e")
    defer { try? FileManager.default.removeItem(at: dir) }
    let source = TouchTapeBinary.peer("dell_canvas_touch.evemu")
    let yml = dir.appendingPathComponent("d.yml").path, back = dir.appendingPathComponent("d.evemu").path
    #expect(try TouchTapeBinary.run(["convert", source, yml]).status == 0)
    #expect(try TouchTapeBinary.run(["convert", yml, back]).status == 0)
    // The E: lines (without evemu's trailing comments) must be identical, in order.
    func eventLines(_ path: String) throws -> [Substring] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("E:") }.map { $0.split(separator: "\t")[0] }
    }
    let original = try eventLines(source), roundTripped = try eventLines(back)
    #expect(original.count == 5363)
    #expect(original == roundTripped)
}

@Test func badInputExitsTwoNamingTheFileAndLine() throws {
    let dir = try PackagePaths.scratchDirectory("tt-bad")
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = dir.appendingPathComponent("bad.evemu")
    // A real touchscreen's recording whose last event line is broken.
    let good = try String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-short-hold.evemu"), encoding: .utf8)
    let lines = good.split(separator: "\n", omittingEmptySubsequences: false)
    let firstEvent = try #require(lines.firstIndex { $0.hasPrefix("E: ") })
    try (lines[..<firstEvent].joined(separator: "\n") + "\nE: 0.000001 0003 zz 5\n").write(to: bad, atomically: true, encoding: .utf8)
    let run = try TouchTapeBinary.run(["inspect", bad.path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("bad.evemu:\(firstEvent + 1)"), "\(run.stderr)")
    #expect(try TouchTapeBinary.run(["replay", bad.path]).status == 2)
    #expect(try TouchTapeBinary.run(["replay", "--profile", "nope"]).status == 2)
    #expect(try TouchTapeBinary.run(["replay", dir.appendingPathComponent("missing").path]).status == 2)
}

// Issue 21: `convert IN out.evemu --to libinput` exited 0 with a file TouchTape itself could
// not read back. A format the output's name contradicts is refused before anything is
// written; where the name says nothing (a device, standard output) --to decides.
@Test(arguments: [
    (["convert", "IN", "out.evemu", "--to", "libinput"], 2, "its extension says evemu"),
    (["convert", "IN", "out.yml", "--to", "evemu"], 2, "its extension says libinput"),
    (["convert", "IN", "out.txt", "--to", "libinput"], 2, "a file of that extension is read as evemu"),
    (["label", "LIBINPUT", "--note", "n", "-o", "out.txt"], 2, "a file of that extension is read as evemu"),
    (["convert", "IN", "out.txt", "--to", "evemu"], 0, ""),
    (["convert", "IN", "/dev/null", "--to", "libinput"], 0, ""),
    (["convert", "IN", "out.yml"], 0, ""),
])
func aFormatTheOutputsNameContradictsIsRefused(arguments: [String], status: Int32, words: String) throws {
    let dir = try PackagePaths.scratchDirectory("tt-format")
    defer { try? FileManager.default.removeItem(at: dir) }
    let resolved = arguments.map { argument -> String in
        switch argument {
        case "IN": return TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
        case "LIBINPUT": return TouchTapeBinary.bundled("touchpad-two-finger-pan-finish.yml")
        default: return argument
        }
    }
    let run = try TouchTapeBinary.run(resolved, in: dir)
    #expect(run.status == status, "\(arguments): \(run.stderr)")
    #expect(words.isEmpty || run.stderr.contains(words), "\(run.stderr)")
    let written = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    if status == 0, let out = written.first {
        // What was written reads back.
        #expect(try TouchTapeBinary.run(["inspect", out], in: dir).status == 0)
    } else {
        #expect(written.isEmpty, "nothing was written")
    }
}

/// A folder with a file that cannot be read between two that can: the error is said in its
/// place (the damaged range, or the cut line after the device and tracks already shown),
/// the files after it are inspected too, and the command exits 2. The first such file
/// stopped `inspect`, and the files after it went unseen.
@Test func inspectGoesOnPastAFileItCannotRead() throws {
    let dir = try PackagePaths.scratchDirectory("tt-inspect-past")
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = try String(contentsOf: PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu"), encoding: .utf8)
    try original.write(to: dir.appendingPathComponent("a.evemu"), atomically: true, encoding: .utf8)
    try original.replacingOccurrences(of: "A: 36 0 2335 0 0 16\n", with: "A: 36 2335 0 0 0 16\n")
        .write(to: dir.appendingPathComponent("b.evemu"), atomically: true, encoding: .utf8)
    // A malformed event line in the second track: the device and the first track come before the error.
    let damaged = "E: 1.607688 0003 0035 0440"
    #expect(original.contains(damaged + "\t"))
    try original.replacingOccurrences(of: damaged, with: "E: 1.607688 0003 zz35 0440")
        .write(to: dir.appendingPathComponent("c.evemu"), atomically: true, encoding: .utf8)
    try original.write(to: dir.appendingPathComponent("d.evemu"), atomically: true, encoding: .utf8)

    let text = try TouchTapeBinary.run(["inspect", dir.path])
    #expect(text.status == 2, "\(text.stderr)")
    let lines = text.stdout.split(separator: "\n").map(String.init)
    let heads = lines.filter { $0.hasSuffix(".evemu") }
    #expect(heads == ["a.evemu", "b.evemu", "c.evemu", "d.evemu"], "\(text.stdout)")
    let errors = lines.filter { $0.hasPrefix("  could not read: ") }
    #expect(errors.count == 2 && errors[0].contains("b.evemu:") && errors[1].contains("c.evemu:"), "\(errors)")
    #expect(lines.filter { $0.hasPrefix("  events: ") }.count == 2, "a and d are inspected whole")
    let b = try #require(lines.firstIndex(of: "b.evemu")), c = try #require(lines.firstIndex(of: "c.evemu"))
    #expect(lines[b + 1].hasPrefix("  could not read: ") && lines[c + 1].hasPrefix("  device: "), "\(text.stdout)")
    let d = try #require(lines.firstIndex(of: "d.evemu"))
    let cBlock = lines[c..<d]
    #expect(cBlock.contains { $0.hasPrefix("  track 1: ") } && !cBlock.contains { $0.hasPrefix("  track 2: ") }
            && cBlock.last?.hasPrefix("  ") == true && cBlock.contains { $0.hasPrefix("  could not read: ") },
            "c's first track is shown, then the error: \(cBlock)")
    // Said on stderr too, as a single file's error always was (and a summary at the end).
    #expect(text.stderr.contains("b.evemu:") && text.stderr.contains("c.evemu:"), "\(text.stderr)")

    let json = try TouchTapeBinary.run(["inspect", "--format", "json", dir.path])
    #expect(json.status == 2, "\(json.stderr)")
    let files = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(files.count == 4 && files.map { $0["error"] != nil } == [false, true, true, false], "\(json.stdout)")
    let error = try #require(files[1]["error"] as? [String: Any])
    #expect(error["kind"] as? String == "valueOutOfRange" && error["line"] as? Int != nil, "\(error)")

    // Written to a file, the same.
    let out = dir.appendingPathComponent("inspect.txt").path
    let saved = try TouchTapeBinary.run(["inspect", dir.appendingPathComponent("a.evemu").path, dir.appendingPathComponent("b.evemu").path, "-o", out])
    #expect(saved.status == 2 && saved.stderr.contains("could not read") && saved.stderr.contains("b.evemu"), "\(saved.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("could not read: "))
}
