@_spi(Pipeline) import TouchTapeEvents

/// libinput's quirks database (`/usr/share/libinput/*.quirks`, then `/etc/libinput/local-overrides.quirks`)
/// as values: sections of `Match*` keys and `Attr*`/`Model*` values, matched against a
/// device description the way libinput matches them, so a device recorded at resolution 0
/// can take its size from the machine's installed quirks (`AttrSizeHint`, `AttrResolutionHint`).
///
/// Matching (libinput's `quirks.c`): every `Match*` key of a section must hold; `MatchName`
/// is a shell glob on the device name; `MatchBus` a bus name (`usb`, `bluetooth`, `ps2`,
/// `i2c`, `spi`, `rmi`); `MatchVendor`, `MatchProduct`, `MatchVersion` hexadecimal ids (a
/// product list separated by `;`); `MatchUdevType` the device's kind. Sections that match on
/// the machine's firmware (`MatchDMIModalias`) or device tree (`MatchDeviceTree`) are not
/// taken: a recording does not say which machine it came from. Later sections and later
/// files win, as in libinput.
package struct QuirkDatabase: Hashable, Sendable {
    /// One `[Section]`.
    package struct Section: Hashable, Sendable {
        package var name: String
        package var file: String
        package var matches: [String: String]
        package var values: [(key: String, value: String)]

        package static func == (a: Section, b: Section) -> Bool {
            a.name == b.name && a.file == b.file && a.matches == b.matches
                && a.values.map { "\($0.key)=\($0.value)" } == b.values.map { "\($0.key)=\($0.value)" }
        }
        package func hash(into hasher: inout Hasher) { hasher.combine(name); hasher.combine(file) }
    }

    package var sections: [Section]

    package init(sections: [Section] = []) { self.sections = sections }

    /// The sections of one `.quirks` file's text, in order (`file` names them in notes).
    /// Read as bytes (``TextLines``); every `\r` of a line is dropped, so a file with
    /// `\r\n` line ends reads as one with `\n`.
    package static func parse(_ text: String, file: String) -> [Section] {
        var sections: [Section] = []
        func take(_ line: UnsafeBufferPointer<UInt8>) {
            guard let first = line.first, first != UInt8(ascii: "#") else { return }
            if first == UInt8(ascii: "["), line.last == UInt8(ascii: "]") {
                sections.append(Section(name: TextLines.string(line, 1, line.count - 1), file: file, matches: [:], values: []))
                return
            }
            guard let eq = line.firstIndex(of: UInt8(ascii: "=")), !sections.isEmpty else { return }
            let key = TextLines.string(line, 0, eq), value = TextLines.string(line, eq + 1, line.count)
            if key.hasPrefix("Match") { sections[sections.count - 1].matches[key] = value } else {
                sections[sections.count - 1].values.append((key, value))
            }
        }
        TextLines.forEach(in: text) { line, _ in
            if line.contains(UInt8(ascii: "\r")) {
                let kept = line.filter { $0 != UInt8(ascii: "\r") }
                kept.withUnsafeBufferPointer(take)
            } else {
                take(line)
            }
        }
        return sections
    }

    /// The size quirks (`AttrSizeHint=…`, `AttrResolutionHint=…`) that apply to `device`,
    /// as `Name=value`, each from the last matching section; and which sections those were.
    package func sizeQuirks(for device: DeviceDescription) -> (quirks: [String], sections: [String]) {
        var found: [String: (value: String, section: String)] = [:]
        for section in sections where Self.matches(section, device) {
            for (key, value) in section.values where key == "AttrSizeHint" || key == "AttrResolutionHint" {
                found[key] = (value, "\(section.file) [\(section.name)]")
            }
        }
        let keys = ["AttrResolutionHint", "AttrSizeHint"].filter { found[$0] != nil }
        return (keys.map { "\($0)=\(found[$0]!.value)" }, keys.map { found[$0]!.section })
    }

    static func matches(_ section: Section, _ device: DeviceDescription) -> Bool {
        guard !section.matches.isEmpty else { return false }
        for (key, value) in section.matches {
            switch key {
            case "MatchName":
                guard Glob.matches(value, device.name) else { return false }
            case "MatchBus":
                guard let bus = busNumbers[value.lowercased()], bus == device.id.bustype else { return false }
            case "MatchVendor":
                guard hex(value) == device.id.vendor else { return false }
            case "MatchProduct":
                guard value.split(separator: ";").contains(where: { hex(String($0)) == device.id.product }) else { return false }
            case "MatchVersion":
                guard hex(value) == device.id.version else { return false }
            case "MatchUdevType":
                let kind = device.classification.kind
                guard (value == "touchpad" && kind == .touchpad) || (value == "touchscreen" && kind == .touchscreen) else { return false }
            default:
                return false   // MatchDMIModalias, MatchDeviceTree: the recording does not say
            }
        }
        return true
    }

    /// libinput's bus names (`quirks.c`, `parse_match`) and the kernel's `BUS_*` numbers.
    static let busNumbers: [String: UInt16] = ["usb": 0x03, "bluetooth": 0x05, "ps2": 0x11, "i2c": 0x18, "spi": 0x1C, "rmi": 0x1D]

    static func hex(_ text: String) -> UInt16? {
        let digits = text.lowercased().hasPrefix("0x") ? String(text.dropFirst(2)) : text
        return UInt16(digits, radix: 16)
    }
}

/// A shell glob (`*`, `?`, `[…]` taken literally) as fnmatch(3) without flags reads it.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] { pi += 1; ti += 1 }
            else if pi < p.count, p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
