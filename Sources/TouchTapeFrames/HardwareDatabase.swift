@_spi(Pipeline) import TouchTapeEvents

/// systemd's hardware database (hwdb) as values: the records of `*.hwdb` source files, and
/// the `evdev:` lookups of udev's `60-evdev.rules`, so a device that reports resolution 0 can
/// take the axis fixes (`EVDEV_ABS_<axis>=min:max:res:fuzz:flat`) udev would apply to it.
///
/// The source format (systemd's `hwdb-util.c`, `import_file`): a record is one or more match
/// lines at column 0 (fnmatch globs), then property lines indented by a space (`␠KEY=value`);
/// an empty line ends the record; `#` at column 0 starts a comment. Every record whose
/// patterns match a lookup key contributes its properties; later files and later records
/// win for the same key.
///
/// `60-evdev.rules` looks a device up under three keys, least specific first:
/// `evdev:input:b<bus>v<vendor>p<product>e<version>-<capabilities>` (the kernel's input
/// modalias, ``InputModalias``), `evdev:name:<name>:<dmi modalias>` and
/// `evdev:name:<name>:phys:<phys>:ev:<ev>:<dmi modalias>`. The second and third depend on the
/// machine (its firmware's DMI string, the device's physical path): ``evdevKeys(for:dmi:)``
/// makes them only when the DMI string is given, which `record` does for the machine it
/// records on; a replay matches the modalias only, as ``QuirkDatabase`` skips DMI sections.
package struct HardwareDatabase: Hashable, Sendable {
    /// One record: its match patterns and properties, and where it was read.
    package struct Record: Hashable, Sendable {
        /// The match lines (fnmatch globs).
        package var patterns: [String]
        /// `KEY=value` properties, in file order.
        package var properties: [String]
        /// The file's name (for notes).
        package var file: String
        /// The line of the record's first pattern (1-based).
        package var line: Int
    }

    /// All records, in the order they apply (later ones win).
    package var records: [Record]

    /// A database from its records.
    package init(records: [Record] = []) { self.records = records }

    /// The records of one `.hwdb` file's text, in order.
    package static func parse(_ text: String, file: String) -> [Record] {
        var records: [Record] = []
        var current: Record?
        var inProperties = false
        func close() {
            if let record = current, !record.properties.isEmpty { records.append(record) }
            current = nil
            inProperties = false
        }
        // As bytes (``TextLines``): a line's trailing spaces, tabs and `\r`s dropped.
        TextLines.forEach(in: text) { raw, number in
            var end = raw.count
            while end > 0, raw[end - 1] == UInt8(ascii: " ") || raw[end - 1] == UInt8(ascii: "\t") || raw[end - 1] == UInt8(ascii: "\r") {
                end -= 1
            }
            let line = UnsafeBufferPointer(rebasing: raw[..<end])
            if line.first == UInt8(ascii: "#") { return }
            if line.isEmpty { close(); return }
            if line.first == UInt8(ascii: " ") {
                // A property; one before any pattern is ignored, as systemd-hwdb ignores it.
                guard current != nil else { return }
                let start = line.firstIndex { $0 != UInt8(ascii: " ") } ?? line.count
                let property = UnsafeBufferPointer(rebasing: line[start...])
                if property.contains(UInt8(ascii: "=")) { current!.properties.append(TextLines.string(property)) }
                inProperties = true
            } else {
                // A pattern; one after properties without an empty line starts a new record
                // (systemd-hwdb warns and drops the line; taking it as a new record loses less).
                if inProperties { close() }
                if current == nil { current = Record(patterns: [], properties: [], file: file, line: number) }
                current!.patterns.append(TextLines.string(line))
            }
        }
        close()
        return records
    }

    /// The lookup keys of `60-evdev.rules`, least specific first; the name keys only when
    /// the machine's DMI modalias is given.
    package static func evdevKeys(for device: DeviceDescription, dmi: String?) -> [String] {
        var keys = ["evdev:" + InputModalias.string(for: device)]
        if let dmi, !dmi.isEmpty { keys.append("evdev:name:\(device.name):\(dmi)") }
        return keys
    }

    /// The properties the records give `keys` (looked up in order, later overriding
    /// earlier), as `KEY=value`, with the records they came from (`file:line`).
    package func properties(forKeys keys: [String]) -> (properties: [String], sources: [String]) {
        var found: [String: (value: String, source: String)] = [:]
        var order: [String] = []
        for key in keys {
            for record in records where record.patterns.contains(where: { Glob.matches($0, key) }) {
                for property in record.properties {
                    let eq = property.firstIndex(of: "=")!
                    let name = String(property[..<eq])
                    if found[name] == nil { order.append(name) }
                    found[name] = (String(property[property.index(after: eq)...]), "\(record.file):\(record.line)")
                }
            }
        }
        var sources: [String] = []
        for name in order where !sources.contains(found[name]!.source) { sources.append(found[name]!.source) }
        return (order.map { "\($0)=\(found[$0]!.value)" }, sources)
    }

    /// The axis fixes (`EVDEV_ABS_*`) udev would apply to `device` on the machine `dmi`
    /// names (the modalias match alone when `dmi` is `nil`).
    package func axisFixes(for device: DeviceDescription, dmi: String?) -> (properties: [String], sources: [String]) {
        let all = properties(forKeys: Self.evdevKeys(for: device, dmi: dmi))
        let fixes = all.properties.filter { $0.hasPrefix(AxisFix.propertyPrefix) }
        return (fixes, fixes.isEmpty ? [] : all.sources)
    }
}

/// One `EVDEV_ABS_<axis>=<min>:<max>:<res>:<fuzz>:<flat>` property: udev's fix of an axis's
/// `struct input_absinfo`, each field optional (`::45` sets only the resolution, 45 units/mm).
package struct AxisFix: Hashable, Sendable {
    /// `EVDEV_ABS_`.
    package static let propertyPrefix = "EVDEV_ABS_"

    /// The axis (`EV_ABS` code, two hex digits in the name).
    package var axis: UInt16
    /// The resolution it sets (units per mm), if it sets one.
    package var resolution: Int32?
    /// The property as written (`EVDEV_ABS_35=::15`).
    package var text: String

    /// The fix `property` states, or `nil` when it is not an axis fix or its numbers are not numbers.
    package init?(_ property: String) {
        guard property.hasPrefix(Self.propertyPrefix), let eq = property.firstIndex(of: "=") else { return nil }
        let name = property[property.index(property.startIndex, offsetBy: Self.propertyPrefix.count)..<eq]
        guard let axis = UInt16(name, radix: 16) else { return nil }
        let fields = property[property.index(after: eq)...].split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count <= 5 else { return nil }
        var numbers: [Int32?] = []
        for field in fields {
            if field.isEmpty { numbers.append(nil); continue }
            guard let number = Int32(field) else { return nil }
            numbers.append(number)
        }
        self.axis = axis
        self.resolution = numbers.count > 2 ? numbers[2] : nil
        self.text = property
    }

    /// The resolution a positive fix among `properties` sets for `axis`.
    package static func resolution(of axis: UInt16, in properties: [String]) -> AxisFix? {
        properties.compactMap(AxisFix.init).last { $0.axis == axis && ($0.resolution ?? 0) > 0 }
    }
}

/// The kernel's input modalias (`drivers/input/input.c`, `input_print_modalias`):
/// `input:b%04Xv%04Xp%04Xe%04X-` then, for each bit array, its letter and every set bit as
/// `%X,`: `e` event types, `k` keys from `KEY_MIN_INTERESTING` (0x71, `KEY_MUTE`), `r`, `a`,
/// `m`, `l`, `s`, `f`, `w`. hwdb's `evdev:input:` patterns match it.
package enum InputModalias {
    /// The kernel's first key worth listing (`KEY_MIN_INTERESTING`, `KEY_MUTE`).
    static let firstKey: UInt16 = 0x71

    /// The modalias of `device`.
    package static func string(for device: DeviceDescription) -> String {
        func hex4(_ v: UInt16) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - s.count)) + s
        }
        func bits(_ letter: String, _ codes: some Sequence<UInt16>) -> String {
            letter + codes.sorted().map { String($0, radix: 16, uppercase: true) + "," }.joined()
        }
        let id = device.id
        var text = "input:b\(hex4(id.bustype))v\(hex4(id.vendor))p\(hex4(id.product))e\(hex4(id.version))-"
        // EV_SYN is always set on a registered device.
        text += bits("e", Set(device.supportedTypes).union([0]))
        text += bits("k", (device.codes[0x01] ?? []).filter { $0 >= firstKey })
        for (letter, type) in [("r", UInt16(0x02)), ("a", 0x03), ("m", 0x04), ("l", 0x11), ("s", 0x12), ("f", 0x15), ("w", 0x05)] {
            text += bits(letter, device.codes[type] ?? [])
        }
        return text
    }
}
