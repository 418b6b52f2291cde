/// Facts a recording's header gives beyond the device description.
///
/// All optional: old evemu files carry no version line, events-only files carry
/// nothing, and a hand-written libinput file may lack `system:`.
package struct RecordingMetadata: Hashable, Sendable {
    /// The file-format version as read, e.g. `"1.3"`, `"1.1"`, `"1.0"` (evemu, no
    /// version line means 1.0) or `"1"` (libinput record).
    package var formatVersion: String?
    /// `uname -r` of the recording machine (evemu `# Kernel:`, libinput `system.kernel`).
    package var kernel: String?
    /// The DMI modalias of the recording machine (evemu `# DMI:`, libinput `system.dmi`).
    package var dmi: String?
    /// The operating system (libinput `system.os`, e.g. `"debian:12"`).
    package var operatingSystem: String?
    /// The recording tool and its version, e.g. `"libinput 1.22.1"`.
    package var recorder: String?
    /// The device node recorded from (libinput `node:`).
    package var deviceNode: String?
    /// Which device of a multi-device libinput recording was taken (0-based).
    package var deviceIndex: Int?
    /// How many devices the recording holds (libinput `ndevices`).
    package var deviceCount: Int?
    /// The header says TouchTape wrote the file (evemu `# touchtape: recording`, libinput
    /// `libinput.version: "touchtape"`), so it must end with ``RecordingEndMark/endLine``.
    package var writtenByTouchTape = false
    /// Where each axis's range was read: its line in the file that holds the description
    /// (counted from 1), so that a refusal of a range can name it. An evemu `A:` line, a
    /// libinput record `absinfo` entry, a getevent listing's axis line; empty where a
    /// recording was not read from a file.
    package var absInfoLines: [UInt16: Int] = [:]

    /// A value from its parts.
    package init(
        formatVersion: String? = nil, kernel: String? = nil, dmi: String? = nil,
        operatingSystem: String? = nil, recorder: String? = nil, deviceNode: String? = nil,
        deviceIndex: Int? = nil, deviceCount: Int? = nil
    ) {
        self.formatVersion = formatVersion
        self.kernel = kernel
        self.dmi = dmi
        self.operatingSystem = operatingSystem
        self.recorder = recorder
        self.deviceNode = deviceNode
        self.deviceIndex = deviceIndex
        self.deviceCount = deviceCount
    }

    /// `"device 1 of 3: <name>"` (1-based, for people) when the recording named a
    /// device index, else `nil`; reports print it so a user sees which device of a
    /// multi-device recording was replayed.
    package func deviceLabel(name: String) -> String? {
        // A file of one device has no choice to name.
        guard let deviceIndex, deviceCount.map({ $0 > 1 }) ?? true else { return nil }
        let count = deviceCount.map(String.init) ?? "?"
        // Counted from 0, as --device takes it (it said "device 1 of 1" for --device 0).
        return "--device \(deviceIndex) (of \(count), counted from 0): \(name)"
    }
}
