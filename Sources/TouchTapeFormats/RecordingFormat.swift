/// The two text formats TouchTape reads and writes.
///
/// evemu is what `evemu-record` writes and `evemu-device`/`evemu-play` replay;
/// libinput record is the YAML that `libinput record` writes and `libinput replay`
/// and `libinput analyze` read. Both map onto one ``Recording``.
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable, Codable {
    case evemu
    case libinputRecord

    /// The format a file name's extension says, or `nil` when it says neither.
    ///
    /// `evemu`, `events`, `event` (whot/evemu-devices and evemu's own `data/` use all
    /// three) and `desc` (a split-layout description) are evemu; `yml`/`yaml` are
    /// libinput record, the extension `libinput record -o` users pick.
    ///
    /// ```swift
    /// RecordingFormat(pathExtension: "events") // .evemu
    /// ```
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "evemu", "events", "event", "desc": self = .evemu
        case "yml", "yaml": self = .libinputRecord
        default: return nil
        }
    }

    /// The extension a new file of this format gets.
    public var preferredPathExtension: String {
        switch self {
        case .evemu: return "evemu"
        case .libinputRecord: return "yml"
        }
    }
}
