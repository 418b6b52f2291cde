import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames

/// What udev knows of a device node, read as libudev reads it: the database file udevd
/// writes for each device (`/run/udev/data/c<major>:<minor>`; one `E:KEY=value` line per
/// property), so `record` can store the properties `libinput record` stores.
///
/// Where udevd does not run (a container, a minimal VM) there is no such file; `record` then
/// stores the axis fixes the installed hwdb has for the device on this machine (see
/// ``recordedProperties(devicePath:description:)``).
package enum UdevDatabase {
    /// udevd's database folder.
    package static let folder = "/run/udev/data"
    /// The properties libinput record keeps (`tools/libinput-record.c`, `print_udev_properties`).
    package static let recordedPrefixes = ["ID_INPUT", "LIBINPUT", "EVDEV_ABS", "MOUSE_DPI", "POINTINGSTICK_"]
    /// Where the kernel shows the machine's firmware identity (libinput record's `dmi:`).
    package static let dmiModaliasPath = "/sys/class/dmi/id/modalias"

    /// The recorded properties of a database file's text, sorted by name as libudev lists them.
    package static func properties(inDatabase text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("E:") else { return nil }
            let property = String(line.dropFirst(2))
            return recordedPrefixes.contains { property.hasPrefix($0) } && property.contains("=") ? property : nil
        }.sorted()
    }

    /// The recorded properties of the character device at `path`, or `nil` when udev has no
    /// entry for it (udevd not running) or `path` is not a character device.
    package static func properties(ofDevice path: String, folder: String = folder) -> [String]? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFCHR else { return nil }
        // glibc's gnu_dev_major / gnu_dev_minor, spelt out (they are macros in C).
        let rdev = UInt64(info.st_rdev)
        let major = ((rdev >> 8) & 0xfff) | ((rdev >> 32) & ~UInt64(0xfff))
        let minor = (rdev & 0xff) | ((rdev >> 12) & ~UInt64(0xff))
        guard let text = try? String(contentsOfFile: "\(folder)/c\(major):\(minor)", encoding: .utf8) else { return nil }
        return properties(inDatabase: text)
    }

    /// This machine's DMI modalias (`dmi:bvn…:svn…:pn…`), or `nil` where the kernel shows none.
    package static func machineModalias(path: String = dmiModaliasPath) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? nil : line
    }

    /// The udev properties `record` stores for the device at `devicePath` on this machine:
    /// udev's own, else (no udev database) the `EVDEV_ABS_*` fixes udev would have applied,
    /// from the installed hwdb matched with this machine's DMI modalias `dmi`.
    package static func recordedProperties(devicePath: String, description: DeviceDescription, dmi: String?,
                                           folder: String = folder, hardware: HardwareDatabase? = nil) -> [String] {
        if let own = properties(ofDevice: devicePath, folder: folder) { return own }
        return (hardware ?? .installed()).axisFixes(for: description, dmi: dmi).properties
    }
}
