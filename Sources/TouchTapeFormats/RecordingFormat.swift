/// The three text formats TouchTape reads and writes.
///
/// evemu is what `evemu-record` writes and `evemu-device`/`evemu-play` replay;
/// libinput record is the YAML that `libinput record` writes and `libinput replay`
/// and `libinput analyze` read; getevent is what Android's `adb shell getevent -lp` /
/// `-lt` print (docs/getevent-format.md). All map onto one ``Recording``.
package enum RecordingFormat: String, Hashable, Sendable, CaseIterable, Codable {
    case evemu
    case libinputRecord
    case getevent

    /// The format a file name's extension names (`pan.yml`: libinput record), or `nil`.
    package init?(path: String) { self.init(pathExtension: RecordingPath.pathExtension(path)) }

    /// The format a file name's extension says, or `nil` when it says neither.
    ///
    /// `evemu`, `events`, `event` (whot/evemu-devices and evemu's own `data/` use all
    /// three) and `desc` (a split-layout description) are evemu; `yml`/`yaml` are
    /// libinput record, the extension `libinput record -o` users pick; `getevent` is an
    /// Android getevent capture (or its `-lp` description, which pairs with captures as a
    /// `.desc` does).
    ///
    /// ```swift
    /// RecordingFormat(pathExtension: "events") // .evemu
    /// ```
    package init?(pathExtension: String) {
        // The cases are ``readExtensions``; a test holds the two equal.
        switch pathExtension.lowercased() {
        case "evemu", "events", "event", "desc": self = .evemu
        case "yml", "yaml": self = .libinputRecord
        case "getevent": self = .getevent
        default: return nil
        }
    }

    /// Every extension ``init(pathExtension:)`` knows, for shell completion.
    package static let readExtensions = ["evemu", "events", "event", "desc", "yml", "yaml", "getevent"]

    /// The format a recording written to `path` is in: `requested` (`--to`, `--format`),
    /// else what the extension says, else evemu (what a file of another extension is read
    /// as). The one way every writing command tells it (`convert`, `record`, `label -o`,
    /// `live --save`).
    ///
    /// A regular file whose extension says one format cannot be written in the other:
    /// TouchTape (and every other tool) would read it back as the extension says and fail
    /// (`convert IN out.evemu --to libinput` exited 0 with such a file). Standard output,
    /// devices and FIFOs have no extension to contradict.
    package static func forOutput(_ path: String, requested: RecordingFormat?, option: String) throws(RecordingFormatConflict) -> RecordingFormat {
        let name = RecordingPath.lastComponent(path)
        let ext = name.hasPrefix(".") && !name.dropFirst().contains(".") ? "" : RecordingPath.pathExtension(path)
        let implied = RecordingFormat(pathExtension: ext)
        guard let requested else { return implied ?? .evemu }
        guard path != "-", case .regularFile? = try? OutputTarget.resolve(path) else { return requested }
        let readAs = implied ?? .evemu
        if readAs != requested {
            throw RecordingFormatConflict(path: path, option: option, requested: requested, readAs: readAs, extensionKnown: implied != nil)
        }
        return requested
    }

    /// The name a user types for it (`evemu`, `libinput`).
    package var argument: String {
        switch self {
        case .evemu: return "evemu"
        case .libinputRecord: return "libinput"
        case .getevent: return "getevent"
        }
    }

    /// The extension a new file of this format gets.
    package var preferredPathExtension: String {
        switch self {
        case .evemu: return "evemu"
        case .libinputRecord: return "yml"
        case .getevent: return "getevent"
        }
    }
}
