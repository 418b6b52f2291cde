@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
#if canImport(Glibc)
import Glibc
#endif

/// Which device a command means, from what the user typed or answered: the one place
/// `record` and `live` turn a DEVICE argument (or none) into an event node.
package enum DeviceRequest {
    /// The node `query` names: a path (starting `/` or `.`) as given, else the one input
    /// device whose name contains it (case-insensitive).
    package static func resolve(_ query: String, enumerator: DeviceEnumerator = DeviceEnumerator()) throws(DeviceRequestError) -> String {
        if query.hasPrefix("/") || query.hasPrefix(".") { return query }
        let listings = enumerator.list()
        switch DeviceSelection.resolve(query, among: listings) {
        case .path(let path):
            return path
        case .ambiguous(let query, let candidates):
            throw DeviceRequestError(message: "\"\(query)\" matches \(candidates.count) devices: " + candidates.joined(separator: ", "),
                                     hint: "give more of the name or the /dev/input/eventN path")
        case .noMatch(let query, let unreadable):
            var hint = "'touchtape devices' lists the devices"
            if unreadable > 0 {
                hint += "; \(unreadable) device(s) could not be opened, so their names are unknown: "
                    + DeviceError.permissionDenied(path: "").hint
            }
            let why = listings.isEmpty ? " (no input devices on this machine)" : ""
            throw DeviceRequestError(message: "no input device name contains \"\(query)\"\(why)", hint: hint)
        }
    }

    /// No DEVICE given: lists the touchscreens and touchpads (through `say`) and takes the
    /// event number `answer` reads, as evemu-record asks. `echo`: say the answer too (it
    /// came from a pipe, so no terminal echoed it).
    package static func choose(from listings: [DeviceListing], say: (String) -> Void, echo: Bool,
                               answer: () -> String?) throws(DeviceRequestError) -> String {
        let choice = DeviceChoice(listings: listings)
        guard !choice.candidates.isEmpty else {
            var hint = "'touchtape devices' lists every input device"
            if choice.unreadable > 0 {
                hint += "; \(choice.unreadable) could not be opened: " + DeviceError.permissionDenied(path: "").hint
            }
            throw DeviceRequestError(message: "no touchscreen or touchpad to record from", hint: hint)
        }
        say("Touch devices:\n" + choice.menu + choice.prompt)
        guard let text = answer() else {
            say("\n")
            throw DeviceRequestError(message: "no device chosen (standard input ended)",
                                     hint: "give the DEVICE: a /dev/input/eventN path or part of its name")
        }
        if echo { say(TextExcerpt.terminalSafe(text) + "\n") }
        guard let path = choice.pick(text) else {
            throw DeviceRequestError(message: "\"\(TextExcerpt.terminalSafe(text))\" is none of the listed devices",
                                     hint: "answer with an event number from the list, or give the DEVICE")
        }
        return path
    }

    /// What a recording made from `devicePath` says about where it came from: this
    /// machine's kernel release and the recorder (`touchtape VERSION`).
    package static func metadata(devicePath: String, recorder: String) -> RecordingMetadata {
        var info = utsname()
        uname(&info)
        let kernel = withUnsafeBytes(of: info.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return RecordingMetadata(formatVersion: nil, kernel: kernel.isEmpty ? nil : kernel, recorder: recorder, deviceNode: devicePath)
    }

    /// The local time as `YYYYMMDD-HHMMSS`, for a default recording name.
    package static func localStamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }
}

/// A DEVICE that names no device, or several, or a choice not on the list: the user's to
/// change (exit 2), with what to do.
package struct DeviceRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var hint: String

    /// A value from its parts.
    package init(message: String, hint: String) {
        self.message = message
        self.hint = hint
    }

    package var description: String { message }
}

extension DeviceError {
    /// Whether the user named the wrong thing (exit 2: no such node, not an event device)
    /// rather than the device or the system failing (exit 3).
    package var isUsersFault: Bool {
        switch self {
        case .notFound, .notEvdev: return true
        case .permissionDenied, .gone, .noUInput, .grabFailed, .system: return false
        }
    }
}
