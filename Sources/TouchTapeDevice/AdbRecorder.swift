import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
#if canImport(Glibc)
import Glibc
#endif

/// Why `record --adb` could not record from a phone: adb missing, no phone, a phone that
/// has not allowed this computer, adb not answering. Every wait is bounded.
package struct AdbError: Error, Equatable {
    package enum Kind: Equatable {
        /// No `adb` on `PATH`.
        case missing
        /// `adb devices` lists no phone (or not the serial asked for).
        case noDevice
        /// The phone has not allowed USB debugging from this computer.
        case unauthorized
        /// Listed, but offline, or adb may not open it (udev permissions).
        case unavailable
        /// Several phones and no serial: the user must choose (exit 2).
        case severalDevices
        /// adb did not answer within the bounded wait.
        case timeout
        /// adb or getevent failed (its message is in ``message``), or the phone went away.
        case failed
    }
    package var kind: Kind
    package var message: String
    package var hint: String
    /// The user must change the command (exit 2), not fix the phone or adb (exit 3).
    package var isUsersFault: Bool { kind == .severalDevices }
}

/// The adb side of `record --adb`: finds `adb`, the phone and its touchscreen, and runs
/// `getevent -t` on it (docs/getevent-format.md §8).
package struct AdbCapture {
    /// How long any one adb call may take before TouchTape gives up (never `adb wait-for-device`).
    package static let waitSeconds: Double = 10
    /// The adb executable.
    package var adb: String
    /// The phone's serial (`adb devices`).
    package var serial: String

    /// Finds adb on `PATH` and the phone: `serial`, or the only one attached.
    package static func connect(serial: String?, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(AdbError) -> AdbCapture {
        let candidates = (path ?? "/usr/bin:/bin").split(separator: ":").map { String($0) + "/adb" }
        guard let adb = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw AdbError(kind: .missing, message: "adb is not installed (no adb on PATH)",
                           hint: "install it: sudo apt-get install adb (Debian's adb package); then connect the phone with USB debugging on")
        }
        let listed = try run(adb, ["devices"])
        let devices = parseDevices(listed.stdout)
        let chosen: (serial: String, state: String)
        if let serial {
            guard let found = devices.first(where: { $0.serial == serial }) else {
                throw AdbError(kind: .noDevice, message: "adb lists no phone '\(serial)'" + (devices.isEmpty ? " (no phone at all)" : ""),
                               hint: devices.isEmpty ? noPhoneHint : "attached: " + devices.map { "\($0.serial) (\($0.state))" }.joined(separator: ", "))
            }
            chosen = found
        } else {
            guard let first = devices.first else {
                throw AdbError(kind: .noDevice, message: "no phone attached ('adb devices' lists none)", hint: noPhoneHint)
            }
            guard devices.count == 1 else {
                throw AdbError(kind: .severalDevices, message: "\(devices.count) phones attached",
                               hint: "choose one: touchtape record --adb SERIAL (" + devices.map(\.serial).joined(separator: ", ") + ")")
            }
            chosen = first
        }
        switch chosen.state {
        case "device": return AdbCapture(adb: adb, serial: chosen.serial)
        case "unauthorized", "authorizing":
            throw AdbError(kind: .unauthorized, message: "the phone \(chosen.serial) has not allowed USB debugging from this computer (unauthorized)",
                           hint: "unlock the phone, accept 'Allow USB debugging?' (tick 'Always allow'), then run the command again")
        default:
            throw AdbError(kind: .unavailable, message: "the phone \(chosen.serial) is \(chosen.state)",
                           hint: chosen.state.hasPrefix("no permissions")
                               ? "adb may not open the USB device: add a udev rule for it (Debian: the android-sdk-platform-tools-common package) and replug"
                               : "replug the USB cable or run 'adb kill-server', then try again")
        }
    }

    static let noPhoneHint = "connect the phone by USB, turn on USB debugging (Settings > Developer options), accept the prompt on the phone, and check that 'adb devices' lists it as 'device'"

    /// `SERIAL<TAB>STATE` lines after `List of devices attached`.
    package static func parseDevices(_ text: String) -> [(serial: String, state: String)] {
        var listing = false
        var devices: [(serial: String, state: String)] = []
        for raw in text.split(separator: "\n") {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.hasPrefix("List of devices attached") { listing = true; continue }
            guard listing, let tab = line.firstIndex(of: "\t") else { continue }
            devices.append((String(line[..<tab]), String(line[line.index(after: tab)...]).trimmingCharacters(in: .whitespaces)))
        }
        return devices
    }

    /// `getevent -lp` on the phone, written to `file`: the listing of every input device.
    package func writeListing(to file: String) throws(AdbError) {
        let result = try Self.run(adb, ["-s", serial, "shell", "getevent", "-lp"])
        guard result.status == 0, result.stdout.contains("add device") else {
            throw AdbError(kind: .failed, message: "'adb shell getevent -lp' failed (exit \(result.status)): "
                           + RecordingError.excerpt(result.stderr.isEmpty ? result.stdout : result.stderr),
                           hint: "check that 'adb shell getevent -lp' lists the phone's input devices")
        }
        // Through the one writer, as every file TouchTape writes.
        do { try OutputFile.write(result.stdout, to: file) } catch {
            throw AdbError(kind: .failed, message: "cannot write the phone's device listing to \(file): \(error.message)",
                           hint: "check the temporary folder")
        }
    }

    /// Starts `adb shell getevent -t PATH`; its events arrive on the child's ``ChildProcess/output``.
    /// Numbers, not labels (`-l`): no label table is involved, so a code newer than
    /// TouchTape's tables, or a label cut to getevent's column width that several names
    /// share, still reads as its number.
    func startEvents(path: String) throws(AdbError) -> ChildProcess {
        guard let child = ChildProcess.spawn(adb, ["-s", serial, "shell", "getevent", "-t", Self.phoneShellWord(path)],
                                             captureErrors: false) else {
            throw AdbError(kind: .failed, message: "cannot run \(adb): \(String(cString: strerror(errno)))", hint: "check the adb installation")
        }
        return child
    }

    /// `text` as one word of the phone's shell. `adb shell` joins its arguments with blanks
    /// into one line that the phone's shell reads, so a node path holding a blank or a shell
    /// character would be split or run there. A path of letters, digits and `/._-` (every
    /// `/dev/input/eventN`) is passed as it is; any other is put in single quotes, a quote
    /// in it written `'\''` (POSIX sh, as Android's mksh and toybox sh read it).
    static func phoneShellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): true
            default: false
            }
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs adb and waits at most ``waitSeconds``; a wait past it kills adb and throws.
    static func run(_ adb: String, _ arguments: [String]) throws(AdbError) -> (status: Int32, stdout: String, stderr: String) {
        guard let child = ChildProcess.spawn(adb, arguments, captureErrors: true) else {
            throw AdbError(kind: .failed, message: "cannot run \(adb): \(String(cString: strerror(errno)))", hint: "check the adb installation")
        }
        guard let result = child.collect(seconds: waitSeconds) else {
            throw AdbError(kind: .timeout, message: "adb did not answer within \(Int(waitSeconds)) s ('adb \(arguments.joined(separator: " "))')",
                           hint: "unlock the phone and check its USB connection; 'adb kill-server' restarts a stuck adb")
        }
        return (result.status, String(decoding: result.output, as: UTF8.self), String(decoding: result.errors, as: UTF8.self))
    }
}
