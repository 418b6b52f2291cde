import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames

extension QuirkDatabase {
    /// Where libinput keeps its quirks: the shipped files, then the machine's overrides.
    package static let installedFolders = ["/usr/share/libinput", "/etc/libinput"]

    /// The quirks installed on this machine (`*.quirks` of each folder, by file name, as
    /// libinput reads them); empty where libinput is not installed. Unreadable files are
    /// left out: a quirk is a hint, never a reason to refuse a replay.
    package static func installed(folders: [String] = installedFolders) -> QuirkDatabase {
        var sections: [Section] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.filter({ $0.hasSuffix(".quirks") }).sorted() {
                let path = folder + "/" + name
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                sections += parse(text, file: name)
            }
        }
        return QuirkDatabase(sections: sections)
    }
}

extension HardwareDatabase {
    /// Where udev's hwdb sources live, in systemd-hwdb's order of precedence for a file name
    /// (`/etc` over `/run` over the shipped ones; Debian's `/lib` is `/usr/lib`).
    package static let localFolders = ["/etc/udev/hwdb.d", "/run/udev/hwdb.d"]
    /// The shipped hwdb sources.
    package static let shippedFolders = ["/usr/lib/udev/hwdb.d", "/lib/udev/hwdb.d"]

    /// The hwdb records installed on this machine that can hold axis fixes: every file of the
    /// local folders (`/etc`, `/run`, where `61-evdev-local.hwdb` goes), and the shipped files
    /// named `*evdev*` (`60-evdev.hwdb`). The shipped vendor tables (about 10 MB of PCI, USB
    /// and OUI names) hold no `EVDEV_ABS_*` and are not read. Files in name order, a name in
    /// an earlier folder hiding the same name in a later one, as systemd-hwdb does.
    /// Unreadable files are left out: a fix is a hint, never a reason to refuse a replay.
    package static func installed(localFolders: [String] = localFolders, shippedFolders: [String] = shippedFolders) -> HardwareDatabase {
        var chosen: [String: String] = [:]
        for folder in localFolders + shippedFolders {
            let local = localFolders.contains(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasSuffix(".hwdb") && (local || name.contains("evdev")) && chosen[name] == nil {
                chosen[name] = folder + "/" + name
            }
        }
        var records: [Record] = []
        for name in chosen.keys.sorted() {
            guard let text = try? String(contentsOfFile: chosen[name]!, encoding: .utf8) else { continue }
            records += parse(text, file: name)
        }
        return HardwareDatabase(records: records)
    }
}

extension InstalledDeviceHints {
    /// The quirks and hwdb installed on this machine.
    package static func installed() -> InstalledDeviceHints {
        InstalledDeviceHints(quirks: .installed(), hardware: .installed())
    }
}
