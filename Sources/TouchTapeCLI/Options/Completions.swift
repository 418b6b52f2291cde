import ArgumentParser
import TouchTapeDevice
import TouchTapeFormats

/// What the shell completes for each kind of argument: recordings by their extensions
/// (folders too, for the commands that search them), output files as any file, and input
/// devices as their `/dev/input/event*` nodes.
enum Completions {
    /// The extensions TouchTape reads: evemu (`.evemu`, a split pair's `.desc`/`.events`,
    /// `.event`), libinput record (`.yml`, `.yaml`) and Android getevent (`.getevent`).
    static let recordingExtensions = RecordingFormat.readExtensions

    /// A recording (the shell also offers folders to descend into).
    static let recording = CompletionKind.file(extensions: recordingExtensions)

    /// An event device node, for `record` and `live`.
    /// (`/dev/input/event*` in numeric order, as `touchtape devices` lists them.)
    static let device = CompletionKind.custom { _, _, prefix in
        DeviceEnumerator().nodePaths().filter { $0.hasPrefix(prefix) }
    }
}
