import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeTestSupport

// Issue 25, real sizes: a touchscreen recorded at resolution 0 (EP0430M09: 0…1279 ×
// 0…767, no resolution) with libinput's size quirk stored in the recording is replayed at
// the quirk's size, not the 100 mm fallback, and the report says where the size came from;
// --device-size gives the same size by hand and wins over everything.

/// A new empty folder under the temporary directory (the caller removes it).
private func scratchFolder(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("touchtape-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private func track(_ arguments: [String]) throws -> (progress: Double?, outcome: String, notes: [String]) {
    let run = try TouchTapeBinary.run(["replay"] + arguments + ["--profile", "easytransitions", "--edge", "top", "--no-flick",
                                                               "--threshold", "0.25", "--format", "json", "--no-config"])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
    let first = try #require((report["tracks"] as? [[String: Any]])?.first)
    return (first["releaseProgress"] as? Double, try #require(first["outcome"] as? String), first["notes"] as? [String] ?? [])
}

@Test func aStoredSizeQuirkSizesAResolutionZeroRecordingAndSaysSo() throws {
    var recording = try RecordingReader.read(path: TouchTapeBinary.peer("EP0430M09.2-finger-scroll-down.events"))
    let folder = try scratchFolder("size")
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = folder.appendingPathComponent("plain.yml").path
    try recording.formatted(as: .libinputRecord).write(toFile: plain, atomically: true, encoding: .utf8)
    recording.description.quirks = ["AttrSizeHint=155x93"]
    let quirked = folder.appendingPathComponent("quirked.yml").path
    try recording.formatted(as: .libinputRecord).write(toFile: quirked, atomically: true, encoding: .utf8)

    let fallback = try track([plain]), stored = try track([quirked]), given = try track([plain, "--device-size", "155x93mm"])
    #expect(fallback.notes.contains { $0.contains("longer axis = 100 mm") })
    #expect(stored.notes.contains { $0.contains("libinput quirk AttrSizeHint=155x93") }, "\(stored.notes)")
    #expect(given.notes.contains { $0.contains("155x93mm from --device-size") }, "\(given.notes)")
    // 155 mm is wider than the 100 mm guessed: the same fingers travel a larger share.
    let a = try #require(fallback.progress), b = try #require(stored.progress), c = try #require(given.progress)
    #expect(b > a * 1.4 && abs(b - c) < 1e-9)
    #expect(fallback.outcome == "cancel" && stored.outcome == "finish", "the size flips the outcome")
}

/// The real bcm5974 recording (an Apple touchpad on USB, resolution 0) replayed on a machine
/// with libinput installed takes libinput's own size for it, and says which quirk it was.
@Test func aRealResolutionZeroTouchpadTakesTheInstalledQuirksSize() throws {
    let quirks = "/usr/share/libinput/50-system-apple.quirks"
    #expect(FileManager.default.fileExists(atPath: quirks), "libinput's quirks are installed by tools/install-deps --test")
    let run = try TouchTapeBinary.run(["replay", TouchTapeBinary.peer("bcm5974.event"), "--format", "json", "--no-config"])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
    let notes = try #require(report["tracks"] as? [[String: Any]]).flatMap { $0["notes"] as? [String] ?? [] }
    #expect(notes.contains { $0.contains("installed libinput quirk AttrSizeHint=104x75 (50-system-apple.quirks") }, "\(notes)")
}

/// The same resolution-0 screen with udev's hwdb fix stored (`EVDEV_ABS_35/36`, as `record`
/// stores udev's properties): the fix gives the resolution, before any quirk, and the note
/// names it.
@Test func aStoredHwdbFixSizesAResolutionZeroRecordingBeforeAQuirk() throws {
    var recording = try RecordingReader.read(path: TouchTapeBinary.peer("EP0430M09.2-finger-scroll-down.events"))
    let folder = try scratchFolder("hwdb")
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = folder.appendingPathComponent("plain.evemu").path
    try recording.formatted(as: .evemu).write(toFile: plain, atomically: true, encoding: .utf8)
    // 1279 units over 155 mm: 8.25 units/mm (a quirk that says otherwise is not used).
    recording.description.udevProperties = ["EVDEV_ABS_35=::8", "EVDEV_ABS_36=::8", "ID_INPUT=1"]
    recording.description.quirks = ["AttrSizeHint=50x30"]
    let fixed = folder.appendingPathComponent("fixed.evemu").path
    try recording.formatted(as: .evemu).write(toFile: fixed, atomically: true, encoding: .utf8)

    let fallback = try track([plain]), stored = try track([fixed])
    #expect(stored.notes.contains { $0.contains("8 × 8 units/mm from the recording's hwdb fix EVDEV_ABS_35=::8, EVDEV_ABS_36=::8") }, "\(stored.notes)")
    let a = try #require(fallback.progress), b = try #require(stored.progress)
    #expect(b > a * 1.4)
    #expect(fallback.outcome == "cancel" && stored.outcome == "finish", "the fix flips the outcome")
}

/// A resolution-0 recording of a device the installed hwdb knows (the Pinebook Pro's touchpad
/// ids, `evdev:input:b0003v258Ap001E*` in systemd's 60-evdev.hwdb: 15 units/mm) takes the fix
/// on replay, naming the file and line it came from.
@Test func aResolutionZeroRecordingTakesTheInstalledHwdbFix() throws {
    let hwdb = "/lib/udev/hwdb.d/60-evdev.hwdb"
    #expect(FileManager.default.fileExists(atPath: hwdb), "udev's hwdb is installed by tools/install-deps --test")
    var recording = try RecordingReader.read(path: TouchTapeBinary.peer("EP0430M09.2-finger-scroll-down.events"))
    recording.description.id = .init(bustype: 0x03, vendor: 0x258a, product: 0x001e, version: 0x0110)
    let folder = try scratchFolder("hwdb")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("pinebook.evemu").path
    try recording.formatted(as: .evemu).write(toFile: path, atomically: true, encoding: .utf8)
    let notes = try track([path]).notes
    #expect(notes.contains { $0.contains("15 × 15 units/mm from the installed hwdb fix EVDEV_ABS_35=::15, EVDEV_ABS_36=::15 (60-evdev.hwdb:") }, "\(notes)")
}

/// inspect says what a replay here would size a device from, and lists what the recording
/// stores beside the device (udev's properties, libinput's quirks), in text and JSON.
@Test func inspectShowsTheStoredHintsAndTheSizeAReplayWouldUse() throws {
    let real = try TouchTapeBinary.run(["inspect", TouchTapeBinary.peer("bcm5974.event")])
    #expect(real.stdout.contains("  note: resolution not reported; size from the installed libinput quirk AttrSizeHint=104x75 (50-system-apple.quirks"),
            "\(real.stdout)")
    var recording = try RecordingReader.read(path: TouchTapeBinary.peer("EP0430M09.2-finger-scroll-down.events"))
    recording.description.udevProperties = ["EVDEV_ABS_35=::8", "EVDEV_ABS_36=::8"]
    recording.description.quirks = ["AttrSizeHint=155x93"]
    let folder = try scratchFolder("inspect")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("stored.yml").path
    try recording.formatted(as: .libinputRecord).write(toFile: path, atomically: true, encoding: .utf8)
    let text = try TouchTapeBinary.run(["inspect", path]).stdout
    #expect(text.contains("  udev: EVDEV_ABS_35=::8\n  udev: EVDEV_ABS_36=::8\n  quirk: AttrSizeHint=155x93\n"), "\(text)")
    #expect(text.contains("  note: resolution not reported; 8 × 8 units/mm from the recording's hwdb fix"), "\(text)")
    let json = try TouchTapeBinary.run(["inspect", path, "--format", "json"]).stdout
    let files = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], "\(json)")
    let device = try #require(files.first?["device"] as? [String: Any])
    #expect(device["udevProperties"] as? [String] == ["EVDEV_ABS_35=::8", "EVDEV_ABS_36=::8"])
    #expect(device["quirks"] as? [String] == ["AttrSizeHint=155x93"])
    let plain = try TouchTapeBinary.run(["inspect", TouchTapeBinary.peer("EP0430M09.2-finger-scroll-down.events"), "--format", "json"]).stdout
    #expect(!plain.contains("udevProperties") && !plain.contains("quirks"), "nothing stored: the keys are left out")
}

/// `convert` (which streams, not through `Recording`) refuses a stored property an evemu
/// comment line cannot hold as it stands, as every other writer does; libinput record keeps it.
@Test func convertRefusesAPropertyACommentLineCannotHold() throws {
    var recording = try RecordingReader.read(path: TouchTapeBinary.peer("EP0430M09.2-finger-scroll-down.events"))
    recording.description.udevProperties = ["LIBINPUT_MODEL=\"quoted\""]
    let folder = try scratchFolder("convert")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.yml").path
    try recording.formatted(as: .libinputRecord).write(toFile: input, atomically: true, encoding: .utf8)
    let evemu = try TouchTapeBinary.run(["convert", input, folder.appendingPathComponent("out.evemu").path])
    #expect(evemu.status == 2 && evemu.stderr.contains("udev properties and libinput quirks a one-line comment can hold"), "\(evemu.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.evemu").path))
    let yml = try TouchTapeBinary.run(["convert", input, folder.appendingPathComponent("out.yml").path])
    #expect(yml.status == 0, "\(yml.stderr)")
}
