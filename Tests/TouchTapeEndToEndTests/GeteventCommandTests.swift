import Foundation
import Testing
import TouchTapeTestSupport

/// getevent through the binary: `convert` both ways, and `record --adb` against a fake
/// `adb` on PATH that prints what Debian's adb prints for no phone, an unauthorised phone
/// and a phone with a touchscreen (a real phone is not attached to the test machine).
@Suite struct GeteventCommandTests {
    static func scratch() throws -> URL { try PackagePaths.scratchDirectory("touchtape-getevent") }

    /// `touchtape ARGS` with `dir` first on PATH (where the fake adb is); `dir` nil: a PATH
    /// with no adb at all (not even a real one in /usr/bin).
    static func run(_ arguments: [String], path dir: URL?, in directory: URL) throws -> Run {
        let path = dir.map { $0.path + ":/usr/bin:/bin" } ?? "/nonexistent"
        return try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["PATH=" + path, TouchTapeBinary.executable.path] + arguments,
                                  in: directory, input: FileHandle.nullDevice)
    }

    /// A fake `adb` that lists `devices` and, for `-s emulator-5554 shell WORDS`, does what
    /// adb does: joins WORDS with blanks into one line for the phone's shell (here `sh`),
    /// where `getevent -lp` prints `listing` and `getevent -t NODE` prints `events` and
    /// waits, as a phone's getevent does until it is stopped.
    static func fakeAdb(in dir: URL, devices: String, listing: String = "", events: String = "",
                        node: String = "/dev/input/event4") throws {
        try listing.write(to: dir.appendingPathComponent("listing.txt"), atomically: true, encoding: .utf8)
        try events.write(to: dir.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        try node.write(to: dir.appendingPathComponent("node.txt"), atomically: true, encoding: .utf8)
        let script = """
        #!/bin/sh
        d=$(dirname "$0")
        if [ "$*" = devices ]; then printf '\(devices)'; exit 0; fi
        if [ "$1 $2 $3" != "-s emulator-5554 shell" ]; then echo "fake adb: unexpected $*" >&2; exit 1; fi
        shift 3
        getevent() {
            if [ $# = 1 ] && [ "$1" = -lp ]; then cat "$d/listing.txt"; exit 0; fi
            if [ $# = 2 ] && [ "$1" = -t ] && [ "$2" = "$(cat "$d/node.txt")" ]; then cat "$d/events.txt"; exec sleep 30; fi
            echo "fake getevent: unexpected $# words: $*" >&2; exit 1
        }
        eval "$*"

        """
        let adb = dir.appendingPathComponent("adb")
        try script.write(to: adb, atomically: true, encoding: .utf8)
        chmod(adb.path, 0o755)
    }

    @Test func convertToGeteventAndBackIsExact() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = TouchTapeBinary.bundled("touchscreen-pan-back-cancel.evemu")
        for args in [[source, "a.evemu"], [source, "pan.getevent"], ["pan.getevent", "b.evemu"], ["b.evemu", "--to", "getevent", "-o", "pan2.getevent"]] {
            let run = try Self.run(["convert"] + args, path: nil, in: dir)
            #expect(run.status == 0, "\(args): \(run.stderr)")
        }
        let read = { (name: String) in try Data(contentsOf: dir.appendingPathComponent(name)) }
        #expect(try read("a.evemu") == read("b.evemu"))
        #expect(try read("pan.getevent") == read("pan2.getevent"))
        #expect(try String(decoding: read("pan.getevent"), as: UTF8.self).contains("EV_ABS       ABS_MT_POSITION_Y    "))
        let bad = try Self.run(["convert", source, "x.out", "--to", "android"], path: nil, in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("--to must be evemu, libinput or getevent"))
    }

    @Test func adbMissingNoPhoneAndUnauthorisedExit3Quickly() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let started = Date()
        let missing = try Self.run(["record", "--adb", "-o", "x.getevent"], path: nil, in: dir)
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("adb is not installed") && missing.stderr.contains("apt-get install adb"), "\(missing.stderr)")
        try Self.fakeAdb(in: dir, devices: "List of devices attached\\n\\n")
        let none = try Self.run(["record", "--adb", "-o", "x.getevent"], path: dir, in: dir)
        #expect(none.status == 3)
        #expect(none.stderr.contains("no phone attached") && none.stderr.contains("USB debugging"), "\(none.stderr)")
        try Self.fakeAdb(in: dir, devices: "List of devices attached\\nR58M123ABC\\tunauthorized\\n\\n")
        let unauthorised = try Self.run(["record", "--adb", "-o", "x.getevent"], path: dir, in: dir)
        #expect(unauthorised.status == 3)
        #expect(unauthorised.stderr.contains("unauthorized") && unauthorised.stderr.contains("Allow USB debugging"), "\(unauthorised.stderr)")
        let wrongSerial = try Self.run(["record", "--adb", "0123", "-o", "x.getevent"], path: dir, in: dir)
        #expect(wrongSerial.status == 3 && wrongSerial.stderr.contains("adb lists no phone '0123'"), "\(wrongSerial.stderr)")
        try Self.fakeAdb(in: dir, devices: "List of devices attached\\nA\\tdevice\\nB\\tdevice\\n\\n")
        let several = try Self.run(["record", "--adb", "-o", "x.getevent"], path: dir, in: dir)
        #expect(several.status == 2 && several.stderr.contains("record --adb SERIAL"), "\(several.stderr)")
        for option in ["--grab", "--stats"] {
            let refused = try Self.run(["record", "--adb", option, "-o", "x.getevent"], path: dir, in: dir)
            #expect(refused.status == 2 && refused.stderr.contains("adb"), "\(option): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.getevent").path))
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// The events of an evemu file as `getevent -t NODE` prints them: `[   SEC.USEC] TYPE
    /// CODE VALUE` in hex, nothing before the first (docs/getevent-format.md §1, §4).
    static func geteventT(_ evemu: String) throws -> [String] {
        try String(contentsOfFile: evemu, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("E: ") }.map { line in
            let f = line.split(separator: " ")
            let time = f[1].split(separator: ".")
            let value = String(UInt32(bitPattern: Int32(f[4].prefix { $0 != "\t" })!), radix: 16)
            return "[" + String(repeating: " ", count: max(0, 8 - time[0].count)) + time[0] + "." + time[1] + "] "
                + f[2] + " " + f[3] + " " + String(repeating: "0", count: 8 - value.count) + value
        }
    }

    /// `getevent -lp` of a phone with keys and a touchscreen (at `node`, the description of
    /// `evemu`, named `name` when given).
    static func phoneListing(of evemu: String, in dir: URL, name: String? = nil, node: String = "/dev/input/event4") throws -> String {
        #expect(try run(["convert", evemu, "phone.getevent"], path: nil, in: dir).status == 0)
        let touch = try String(contentsOf: dir.appendingPathComponent("phone.getevent"), encoding: .utf8)
            .replacingOccurrences(of: "add device 1: /dev/input/event0", with: "add device 2: \(node)")
            .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("[") }
            .map { line in name.map { line.hasPrefix("  name:") ? "  name:     \"\($0)\"" : String(line) } ?? String(line) }
        let keys = "add device 1: /dev/input/event3\n  name:     \"gpio-keys\"\n  events:\n    KEY (0001): KEY_VOLUMEDOWN        KEY_POWER\n  input props:\n    <none>\n"
        return keys + touch.joined(separator: "\n") + "\n"
    }

    /// A phone with keys and a touchscreen: the listing picks the touchscreen, its events
    /// (CRLF, as through a pty) are recorded gesture by gesture with the mark. What adb
    /// sends besides events is passed over: a message, and a device header (single-device
    /// getevent prints none, docs/getevent-format.md §1, but a header line starts with a
    /// blank, which trapped the recorder until 43688e1); a line that is no event TouchTape
    /// reads is not recorded, with a warning and a count.
    @Test func recordsThePhonesTouchscreen() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu")
        var events = try Self.geteventT(source)
        #expect(events.count > 20 && events[0] == "[       0.000001] 0003 0039 00000000", "\(events.prefix(1))")
        events.insert("[       0.050000] EV_ABS       ABS_MT_POSITON_X     0000021d", at: 20)
        try Self.fakeAdb(in: dir, devices: "List of devices attached\\nemulator-5554\\tdevice\\n\\n",
                         listing: try Self.phoneListing(of: source, in: dir),
                         events: "could not get driver version for /dev/input/mouse0, Not a typewriter\r\n"
                             + "add device 1: /dev/input/event4\r\n  name:     \"TouchTape Synthetic Touchscreen\"\r\n"
                             + events.joined(separator: "\r\n") + "\r\n")
        let run = try Self.run(["record", "--adb", "--gestures", "1", "--expect", "finish", "-o", "phone.evemu"], path: dir, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("(adb emulator-5554 /dev/input/event4, touchscreen, protocol B)"), "\(run.stderr)")
        let recorded = try String(contentsOf: dir.appendingPathComponent("phone.evemu"), encoding: .utf8)
        let original = try String(contentsOfFile: source, encoding: .utf8)
        let eventLines = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("E:") } }
        #expect(eventLines(recorded) == eventLines(original))
        #expect(!eventLines(recorded).isEmpty)
        #expect(recorded.contains("# touchtape: expect=finish"))
        #expect(run.stderr.contains("warning: adb sent a line that is no event TouchTape reads; it is not in the file: "
                                    + "'[       0.050000] EV_ABS       ABS_MT_POSITON_X     0000021d' (unknown code name 'ABS_MT_POSITON_X')"),
                "\(run.stderr)")
        #expect(run.stderr.contains("1 complete gesture(s) in phone.evemu, 1 line(s) from adb not read"), "\(run.stderr)")
        // Recording again to the same file is refused before anything is written: it replaced
        // the recording, even when nothing came.
        let again = try Self.run(["record", "--adb", "--gestures", "1", "-o", "phone.evemu"], path: dir, in: dir)
        #expect(again.status == 2 && again.stderr.contains("-o: phone.evemu already exists"), "\(again.stderr)")
        #expect(again.stderr.contains("hint: give -o a new file"), "\(again.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("phone.evemu"), encoding: .utf8) == recorded)
    }

    /// A touchscreen node whose path the phone's shell would split (a blank) or read as
    /// syntax (a quote, `;`): `adb shell` joins its words into one line for that shell, so
    /// the path reaches getevent as one word only when quoted. Without the quoting the
    /// fake phone's getevent gets three words, and the recording never starts.
    @Test func aNodePathThePhonesShellWouldSplitReachesGeteventWhole() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu")
        let node = "/dev/input/by-name/o'brien touch;x"
        try Self.fakeAdb(in: dir, devices: "List of devices attached\\nemulator-5554\\tdevice\\n\\n",
                         listing: try Self.phoneListing(of: source, in: dir, node: node),
                         events: try Self.geteventT(source).joined(separator: "\n") + "\n", node: node)
        let run = try Self.run(["record", "--adb", "--gestures", "1", "-o", "phone.evemu"], path: dir, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("(adb emulator-5554 \(node), touchscreen"), "\(run.stderr)")
        let recorded = try String(contentsOf: dir.appendingPathComponent("phone.evemu"), encoding: .utf8)
        #expect(recorded.split(separator: "\n").filter { $0.hasPrefix("E:") }.count > 20)
    }

    /// A phone whose name evemu's `N:` line would not give back (it drops leading blanks):
    /// refused before anything is written, naming the format to record with instead; that
    /// format records it, and the name reads back as the phone gave it.
    @Test func aPhoneNameEvemuCannotHoldIsRefusedBeforeWriting() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu")
        try Self.fakeAdb(in: dir, devices: "List of devices attached\\nemulator-5554\\tdevice\\n\\n",
                         listing: try Self.phoneListing(of: source, in: dir, name: "  Phone Touch"),
                         events: try Self.geteventT(source).joined(separator: "\n") + "\n")
        let refused = try Self.run(["record", "--adb", "--gestures", "1", "-o", "phone.evemu"], path: dir, in: dir)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("drops blanks before the name") && refused.stderr.contains("record with --format libinput"),
                "\(refused.stderr)")
        #expect(!refused.stderr.contains("recording \""), "refused before recording: \(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("phone.evemu").path))
        let recorded = try Self.run(["record", "--adb", "--gestures", "1", "-o", "phone.yml"], path: dir, in: dir)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let inspected = try Self.run(["inspect", "phone.yml"], path: nil, in: dir)
        #expect(inspected.stdout.contains("device:   Phone Touch (bus"), "\(inspected.stdout)")
        // A --note YAML would not keep: refused before adb is asked, naming the option.
        let note = try Self.run(["record", "--adb", "--note", "\u{FEFF}flick", "-o", "note.yml"], path: dir, in: dir)
        #expect(note.status == 2 && note.stderr.contains("hint: --note: it starts with U+FEFF")
                && note.stderr.contains("record with --format evemu or getevent instead"), "\(note.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("note.yml").path))
    }
}
