@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats

/// `touchtape record` with no DEVICE, as evemu-record does it: the touchscreens and
/// touchpads are listed by event number, and the answer (`5`, `event5` or the node's path)
/// picks one. Everything here is pure: the command reads the answer and prints the menu.
package struct DeviceChoice: Sendable {
    /// The touch devices, by event number.
    package let candidates: [(number: Int, path: String, description: DeviceDescription)]
    /// Devices that could not be opened (their kind is unknown; usually a permission).
    package let unreadable: Int

    package init(listings: [DeviceListing]) {
        var candidates: [(number: Int, path: String, description: DeviceDescription)] = []
        var unreadable = 0
        for listing in listings {
            guard case .success(let description) = listing.result else { unreadable += 1; continue }
            let kind = description.classification.kind
            guard kind == .touchscreen || kind == .touchpad,
                  let number = DeviceEnumerator.eventNumber(String(listing.path.split(separator: "/").last ?? "")) else { continue }
            candidates.append((number, listing.path, description))
        }
        self.candidates = candidates.sorted { $0.number < $1.number }
        self.unreadable = unreadable
    }

    /// One line per candidate: `  5  /dev/input/event5  "Name"  touchscreen, protocol B`.
    package var menu: String {
        candidates.map { c in
            let kind = c.description.classification
            return "  \(c.number)  \(c.path)  \"\(TextExcerpt.terminalSafe(c.description.name))\"  \(kind.kind.rawValue), protocol \(kind.touchProtocol.name)\n"
        }.joined()
    }

    /// The question after the menu.
    package var prompt: String {
        guard let first = candidates.first?.number, let last = candidates.last?.number else { return "" }
        return first == last ? "Select the device event number [\(first)]: " : "Select the device event number [\(first)-\(last)]: "
    }

    /// The candidate `answer` names: its event number, `eventN`, or its path; `nil` for
    /// anything else (a device that is not a candidate included).
    package func pick(_ answer: String) -> String? {
        let text = answer.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        let number = Int(text) ?? DeviceEnumerator.eventNumber(String(text.split(separator: "/").last ?? ""))
        return candidates.first { $0.number == number || $0.path == text }?.path
    }
}

/// The file `record` writes when no `-o` is given: `touchtape-YYYYMMDD-HHMMSS.evemu` (or
/// `.yml`) in the current folder, with `-2`, `-3`, … when that name is taken, so an
/// earlier recording is never replaced.
package enum DefaultRecordingName {
    /// `stamp` is the local time as `YYYYMMDD-HHMMSS`; `exists` says whether a name is taken.
    package static func make(stamp: String, format: RecordingFormat, exists: (String) -> Bool) -> String {
        let ext = format.preferredPathExtension
        var name = "touchtape-\(stamp).\(ext)"
        var n = 2
        while exists(name) {
            name = "touchtape-\(stamp)-\(n).\(ext)"
            n += 1
        }
        return name
    }
}
