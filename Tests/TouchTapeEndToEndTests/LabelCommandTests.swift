import Foundation
import Testing
import TouchTapeTestSupport

private func scratch() throws -> URL { try PackagePaths.scratchDirectory("tt-label") }
private func bundled(_ name: String) -> String { TouchTapeBinary.bundled(name) }

@Test func relabellingOneTrackChangesOnlyItsMarkAndReplayNoticesIt() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = bundled("touchscreen-pan-down-finish.evemu")
    let copy = dir.appendingPathComponent("pan.evemu").path
    try FileManager.default.copyItem(atPath: original, toPath: copy)

    let run = try TouchTapeBinary.run(["label", copy, "--track", "2", "--expect", "cancel", "--note", "judged later"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("track 2: expect cancel, note \"judged later\" (was: expect finish, note "))
    let before = try String(contentsOfFile: original, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let after = try String(contentsOfFile: copy, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(before.count == after.count)
    let changed = zip(before, after).filter { $0 != $1 }
    #expect(changed.count == 1)
    #expect(changed.first?.1 == "# touchtape: expect=cancel note=\"judged later\"")

    // The replay holds track 2 to its new label: it finishes, so the check fails.
    let replay = try TouchTapeBinary.run(["replay", copy])
    #expect(replay.status == 1)
    #expect(replay.stdout.hasSuffix("1 passed, 1 failed\n"))

    // Copying the labels back restores the file byte for byte.
    #expect(try TouchTapeBinary.run(["label", copy, "--from", original]).status == 0)
    #expect(FileManager.default.contentsEqual(atPath: copy, andPath: original))
}

@Test func removingLabelsAndWritingAnotherFormatKeepsTheEvents() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = bundled("touchpad-two-finger-flick-up-cancel.yml")
    let out = dir.appendingPathComponent("flick.evemu").path
    let run = try TouchTapeBinary.run(["label", original, "--clear", "-o", out])
    #expect(run.status == 0)
    #expect(run.stdout.hasSuffix("wrote \(out)\n"))
    let inspected = try TouchTapeBinary.run(["inspect", out])
    #expect(inspected.status == 0)
    #expect(inspected.stdout.contains("tracks: 2"))
    #expect(!inspected.stdout.contains("expect ") && !inspected.stdout.contains("note \""))
    // Same events as a plain conversion, which keeps the labels.
    let converted = dir.appendingPathComponent("converted.evemu").path
    #expect(try TouchTapeBinary.run(["convert", original, converted]).status == 0)
    let eventLines = { (path: String) in
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("E: ") }
    }
    #expect(try eventLines(out) == eventLines(converted))
    #expect(try eventLines(out).count > 100)
}

@Test func labelRefusesWhatItCannotDoAndLeavesTheFileAlone() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let copy = dir.appendingPathComponent("flick.evemu").path
    try FileManager.default.copyItem(atPath: bundled("touchscreen-flick-down-finish.evemu"), toPath: copy)
    let pristine = try Data(contentsOf: URL(fileURLWithPath: copy))

    let noTrack = try TouchTapeBinary.run(["label", copy, "--track", "3", "--expect", "cancel"])
    #expect(noTrack.status == 2)
    #expect(noTrack.stderr.contains("has 1 track(s); there is no track 3"))

    let mismatch = try TouchTapeBinary.run(["label", copy, "--from", bundled("touchscreen-pan-down-finish.evemu")])
    #expect(mismatch.status == 2)
    #expect(mismatch.stderr.contains("has 1 track(s) but"))

    // Usage errors exit 2 like every other bad input (not ArgumentParser's 64).
    for arguments in [["label", copy], ["label", copy, "--expect", "maybe"], ["label", copy, "--track", "0", "--expect", "finish"],
                      ["label", copy, "--from", copy, "--expect", "finish"], ["label", copy, "--note", "two\nlines"]] {
        let run = try TouchTapeBinary.run(arguments)
        #expect(run.status == 2, "\(arguments)")
        #expect(run.stderr.contains("Error: "), "\(arguments)")
    }

    let unwritable = try TouchTapeBinary.run(["label", copy, "--expect", "cancel", "-o", dir.appendingPathComponent("no/such/dir.evemu").path])
    #expect(unwritable.status == 3)
    #expect(unwritable.stderr.contains("cannot write"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == pristine)
}

@Test func anEventsOnlyFileIsNotRewrittenInPlace() throws {
    let events = TouchTapeBinary.peer("N-Trig MultiTouch.1-finger-drag-NW-SE.events")
    let refused = try TouchTapeBinary.run(["label", events, "--expect", "finish"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("give -o OUT"))

    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("ntrig.evemu").path
    #expect(try TouchTapeBinary.run(["label", events, "--expect", "finish", "-o", out]).status == 0)
    let inspected = try TouchTapeBinary.run(["inspect", out])
    #expect(inspected.stdout.contains("N-Trig"))
    #expect(inspected.stdout.contains("expect finish"))
}

@Test func aMultiDeviceLibinputRecordingIsNotRewrittenInPlace() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    // Two devices: the bundled touchpad recording with its device listed twice.
    let text = try String(contentsOfFile: bundled("touchpad-two-finger-pan-finish.yml"), encoding: .utf8)
    let device = try #require(text.range(of: "\n- node:"))
    let twoDevices = text.replacingOccurrences(of: "ndevices: 1", with: "ndevices: 2") + String(text[device.lowerBound...]).dropFirst()
    let path = dir.appendingPathComponent("two.yml").path
    try twoDevices.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try TouchTapeBinary.run(["inspect", path, "--device", "1"]).stdout.contains("--device 1 (of 2, counted from 0)"))

    let refused = try TouchTapeBinary.run(["label", path, "--device", "1", "--expect", "cancel"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("holds 2 devices"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == twoDevices)

    let out = dir.appendingPathComponent("second.yml").path
    #expect(try TouchTapeBinary.run(["label", path, "--device", "1", "--expect", "cancel", "-o", out]).status == 0)
    #expect(try TouchTapeBinary.run(["inspect", out]).stdout.contains("expect cancel"))
}
