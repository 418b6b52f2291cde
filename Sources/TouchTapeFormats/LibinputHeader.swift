@_spi(Pipeline) import TouchTapeEvents
import Yams

/// The part of a libinput record file before a device's `events:`, read with Yams:
/// top-level `version`/`ndevices`/`libinput`/`system`, and the chosen device's
/// `evdev` (name, id, codes, absinfo, properties) as a ``DeviceDescription``.
///
/// Key requirements follow `libinput replay` (fact sheet §2.4): `version` must be 1,
/// `evdev.name`, `evdev.id` (4 numbers) and `evdev.codes` must exist.
struct LibinputHeader {
    var description: DeviceDescription
    var metadata: RecordingMetadata
    /// The device's already-parsed `events` node, when the whole file went through Yams.
    var eventsNode: Node?
    /// Top-level keys TouchTape does not write back (another tool's, or a hand edit's):
    /// `label` does not rewrite such a file in place.
    var unkeptKeys: [String] = []

    /// The top-level keys libinput record writes, which TouchTape writes back.
    static let keptKeys: Set<String> = ["version", "ndevices", "libinput", "system", "devices"]

    /// The extra `evdev` key TouchTape writes for what libinput record has no place
    /// for (LED and switch states), so evemu → libinput → evemu keeps the description.
    static let extraKey = "touchtape"

    /// The most YAML read before a device's events (or, for files not in libinput
    /// record's own layout, the whole file): 16 MiB. A real header is a few KB per
    /// device (its longest part, a HID descriptor, is under 25 KB), and Yams holds the
    /// whole text and its node tree in memory, so a hostile file must stop here.
    static let maximumSize = 16 * 1024 * 1024

    /// How a header alone is read: no tags resolved. A header's numbers and strings are
    /// taken from each scalar's text (Yams' `Node.int` and `Node.string` do not look at the
    /// tag), and Yams' default resolver compiles its eight regular expressions through
    /// Foundation on first use: 9 M instructions, some 3 ms of every process that reads a
    /// libinput record file (issue 26). Marks, which hold a boolean, keep the default.
    static let headerResolver = Resolver.basic

    /// A sequence node's items; none for a missing node or any other kind. (Not
    /// `node?.sequence ?? []`: that empty `Node.Sequence` is tagged by the default resolver,
    /// which compiles its expressions for it.)
    static func elements(of node: Node?) -> [Node] {
        guard let sequence = node?.sequence else { return [] }
        return Array(sequence)
    }

    static func tooLarge(file: String, line: Int) -> RecordingError {
        RecordingError(kind: .tooLarge, file: file, line: line,
                       expected: "a libinput record header of at most \(maximumSize / 1024 / 1024) MiB",
                       found: "more", hint: "no real header is this large; a file not in libinput record's own layout is read whole and must stay under the same limit")
    }

    /// Reads the header (or the whole file) `yaml`. `eventsIncluded`: the text holds the
    /// device's events too (a file not in libinput record's own layout, read whole), whose
    /// marks' `cut-short: true` needs YAML's booleans.
    static func parse(yaml: String, file: String, deviceIndex: Int, complete: Bool, eventsIncluded: Bool = true) throws(RecordingError) -> LibinputHeader {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml, eventsIncluded ? .default : headerResolver)
        } catch {
            throw yamlError(error, file: file, complete: complete)
        }
        func fail(_ kind: RecordingError.Kind, _ expected: String, _ found: String?, _ node: Node?, _ hint: String) -> RecordingError {
            RecordingError(kind: kind, file: file, line: node?.mark?.line, expected: expected,
                           found: found.map { RecordingError.excerpt($0) }, hint: hint)
        }
        guard let root, root.mapping != nil else {
            throw fail(.wrongHeader, "version: 1", yaml.split(separator: "\n").first.map { RecordingError.excerpt(String($0)) }, root,
                       "a libinput record file is a YAML map starting with 'version: 1'; is this a libinput recording?")
        }
        guard let versionNode = root["version"] else {
            throw fail(.wrongHeader, "version: 1", "no 'version' key", root,
                       "a libinput record file starts with '# libinput record' and 'version: 1'")
        }
        guard versionNode.int == 1 else {
            throw fail(.wrongHeader, "version: 1", "version: \(versionNode.string ?? "?")", versionNode,
                       "only libinput record file version 1 exists; this file is not one")
        }
        guard let devices = root["devices"]?.sequence else {
            throw fail(complete ? .malformedYAML : .truncated, "devices: [ … ]", "no 'devices' list", root,
                       "the file has no device section")
        }
        let count = root["ndevices"]?.int ?? devices.count
        guard deviceIndex < devices.count else {
            if deviceIndex < count || !complete {
                throw fail(.truncated, "device \(deviceIndex) of ndevices: \(count)", "\(devices.count) device(s)", root,
                           "the file ends before device \(deviceIndex); it was cut short")
            }
            throw fail(.unknownDevice, "a device index below \(count)", "device index \(deviceIndex)", root["ndevices"] ?? root,
                       "this recording holds \(count) device(s), numbered from 0: choose one with --device N")
        }
        let device = devices[deviceIndex]
        guard let evdev = device["evdev"], evdev.mapping != nil else {
            throw fail(.malformedYAML, "evdev: { name, id, codes, absinfo, properties }", "no 'evdev' map", device,
                       "every device item needs its evdev description")
        }
        guard let name = evdev["name"]?.string else {
            throw fail(.malformedYAML, "evdev.name", "no name", evdev, "libinput replay needs the device name")
        }
        guard let idNodes = evdev["id"]?.sequence, idNodes.count == 4 else {
            throw fail(.malformedYAML, "evdev.id: [bustype, vendor, product, version]", nil, evdev["id"] ?? evdev,
                       "the id is a list of four numbers")
        }
        var idParts: [UInt16] = []
        for node in idNodes {
            guard let v = node.int, let part = UInt16(exactly: v) else {
                throw fail(.nonNumericField, "a number 0…65535", node.string, node, "id entries are decimal numbers")
            }
            idParts.append(part)
        }
        var codes: [UInt16: Set<UInt16>] = [:]
        guard let codesMap = evdev["codes"]?.mapping else {
            throw fail(.malformedYAML, "evdev.codes: { <type>: [<code>, …] }", nil, evdev, "libinput replay needs the supported codes")
        }
        for (key, value) in codesMap {
            guard let type = key.int.flatMap(UInt16.init(exactly:)) else {
                throw fail(.nonNumericField, "an event type number", key.string, key, "codes keys are decimal event types")
            }
            guard type <= EventType.max.rawValue else {
                throw fail(.valueOutOfRange, "an event type 0…\(EventType.max.rawValue) (EV_MAX)", key.string, key,
                           "event type \(type) does not exist in Linux (EV_MAX is 31); evemu and the kernel cannot hold it")
            }
            var set = Set<UInt16>()
            for node in Self.elements(of: value) {
                guard let code = node.int.flatMap(UInt16.init(exactly:)) else {
                    throw fail(.nonNumericField, "an event code number", node.string, node, "codes are decimal numbers")
                }
                set.insert(code)
            }
            codes[type] = set
        }
        var absInfo: [UInt16: AbsInfo] = [:]
        var absInfoLines: [UInt16: Int] = [:]
        for (key, value) in evdev["absinfo"]?.mapping ?? Node.Mapping([]) {
            guard let code = key.int.flatMap(UInt16.init(exactly:)) else {
                throw fail(.nonNumericField, "an axis code number", key.string, key, "absinfo keys are decimal axis codes")
            }
            let numbers = Self.elements(of: value).compactMap { $0.int.flatMap(Int32.init(exactly:)) }
            guard numbers.count == 5 else {
                throw fail(.malformedYAML, "[min, max, fuzz, flat, resolution]", value.string, value, "absinfo entries hold five numbers")
            }
            absInfo[code] = AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3], resolution: numbers[4])
            absInfoLines[code] = key.mark?.line
        }
        var properties = Set<UInt16>()
        for node in Self.elements(of: evdev["properties"]) {
            guard let p = node.int.flatMap(UInt16.init(exactly:)) else {
                throw fail(.nonNumericField, "a property number", node.string, node, "properties are decimal INPUT_PROP numbers")
            }
            properties.insert(p)
        }
        var leds: [UInt16: Int32] = [:]
        var switches: [UInt16: Int32] = [:]
        if let extra = evdev[extraKey] {
            for (key, value) in extra["leds"]?.mapping ?? Node.Mapping([]) {
                if let code = key.int.flatMap(UInt16.init(exactly:)), let state = value.int.flatMap(Int32.init(exactly:)) { leds[code] = state }
            }
            for (key, value) in extra["switches"]?.mapping ?? Node.Mapping([]) {
                if let code = key.int.flatMap(UInt16.init(exactly:)), let state = value.int.flatMap(Int32.init(exactly:)) { switches[code] = state }
            }
        }
        var description = DeviceDescription(
            name: name, id: InputID(bustype: idParts[0], vendor: idParts[1], product: idParts[2], version: idParts[3]),
            properties: properties, codes: codes, absInfo: absInfo, ledStates: leds, switchStates: switches)
        // libinput record lists the quirks libinput applies to the device (`quirks: [Name=value]`).
        description.quirks = Self.elements(of: device["quirks"]).compactMap(\.string)
        var metadata = RecordingMetadata(formatVersion: "1", deviceIndex: deviceIndex, deviceCount: count)
        metadata.writtenByTouchTape = root["libinput"]?["version"]?.string == RecordingEndMark.libinputVersion
        // libinput record lists the udev properties libinput reads (`udev: properties: [KEY=value]`);
        // those TouchTape wrote for a device recorded without any are not the device's.
        // Files TouchTape writes say which (`udev: touchtape: derived|recorded`); in its older
        // files, the derived list itself is the sign.
        let udev = Self.elements(of: device["udev"]?["properties"]).compactMap(\.string)
        let marker = device["udev"]?[Self.extraKey]?.string
        let derived = marker.map { $0 == LibinputRecordFormatter.derivedMarker }
            ?? (metadata.writtenByTouchTape && udev == LibinputRecordFormatter.derivedUdevProperties(description))
        if !derived { description.udevProperties = udev }
        metadata.kernel = root["system"]?["kernel"]?.string
        metadata.dmi = root["system"]?["dmi"]?.string
        metadata.operatingSystem = root["system"]?["os"]?.string
        metadata.recorder = root["libinput"]?["version"]?.string.map { "libinput " + $0 }
        metadata.deviceNode = device["node"]?.string
        metadata.absInfoLines = absInfoLines
        var header = LibinputHeader(description: description, metadata: metadata, eventsNode: device["events"])
        header.unkeptKeys = root.mapping?.keys.compactMap(\.string).filter { !keptKeys.contains($0) } ?? []
        return header
    }

    static func yamlError(_ error: any Error, file: String, complete: Bool) -> RecordingError {
        var line: Int?
        var problem = String(describing: error)
        if let yaml = error as? YamlError {
            switch yaml {
            case .scanner(_, let p, let mark, _), .parser(_, let p, let mark, _), .composer(_, let p, let mark, _):
                line = mark.line
                problem = p
            case .reader(let p, _, _, _):
                problem = p
                return RecordingError(kind: .binary, file: file, expected: "UTF-8 text", found: RecordingError.excerpt(problem),
                                      hint: "this is not a text recording; libinput record files are YAML text")
            case .duplicatedKeysInMapping(let duplicates, let context):
                return RecordingError(kind: .malformedYAML, file: file, line: context.mark.line,
                                      expected: "each key once in a map",
                                      found: "duplicate key " + duplicates.sorted().map { "'" + RecordingError.excerpt($0) + "'" }.joined(separator: ", "),
                                      hint: "remove the repeated key; YAML maps hold each key once")
            default:
                break
            }
        }
        return RecordingError(kind: complete ? .malformedYAML : .truncated, file: file, line: line,
                              expected: "valid YAML (libinput record layout)", found: RecordingError.excerpt(problem),
                              hint: complete ? "fix the YAML at that line, or re-record" : "the file ends inside its header; it was cut short")
    }

    /// Reads one annotation map (`{expect: finish, note: "…", cut-short: true}`). A key it
    /// does not know, or a value its key cannot take, is an error at its line, as in evemu's
    /// `# touchtape:` comments: read as no label, a typo (`expect: finsh`) skipped the
    /// expected-outcome check and the track passed.
    ///
    /// - Parameter line: the line of the item in the file when `node` was read from that
    ///   line alone (its marks count from 1 there); `nil`: `node`'s own marks are the file's.
    static func annotation(from node: Node, file: String, line: Int?, eventIndex: Int?) throws(RecordingError) -> TrackAnnotation {
        func refuse(_ at: Node, _ found: String, _ hint: String) -> RecordingError {
            RecordingError(kind: .malformedYAML, file: file, line: line ?? at.mark?.line, eventIndex: eventIndex,
                           expected: "- touchtape: {expect: finish|cancel|none, note: \"…\", cut-short: true}",
                           found: RecordingError.excerpt(found), hint: hint)
        }
        guard let map = node.mapping else {
            if let text = node.string, text.isEmpty || text == "~" || text == "null" { return TrackAnnotation() }
            throw refuse(node, node.string ?? "a list", "the touchtape item is a map of expect, note and cut-short")
        }
        var annotation = TrackAnnotation()
        for (key, value) in map {
            switch key.string {
            case "expect":
                guard let text = value.string, let outcome = ExpectedOutcome(rawValue: text) else {
                    throw refuse(value, "expect: \(value.string ?? "a list or map")", "expect takes finish, cancel or none")
                }
                annotation.expected = outcome
            case "note":
                guard value.scalar != nil, let text = value.string else {
                    throw refuse(value, "note: a list or map", "note takes one line of text, in quotes")
                }
                annotation.note = text
            case "cut-short":
                guard let flag = value.bool else {
                    throw refuse(value, "cut-short: \(value.string ?? "a list or map")", "cut-short takes true or false")
                }
                annotation.cutShort = flag
            default:
                throw refuse(key, key.string ?? "a key that is not text", "the touchtape item's keys are expect, note and cut-short")
            }
        }
        return annotation
    }
}
