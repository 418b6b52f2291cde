import TouchTapeEvents

// STOPGAP: the smallest evemu writer and reader `record`/`play` need while the
// formats module (TouchTapeFormats: EvemuFormatter, RecordingReader) is not in the
// tree yet. Delete this file once the commands use the formats module.

/// Writes evemu 1.3 text: the description lines, then `E:` lines; annotations as
/// `# touchtape-track:` comments, which evemu's own reader skips.
public struct StopgapEvemuWriter: RecordingTextFormatter {
    public let description: DeviceDescription

    public init(description: DeviceDescription) { self.description = description }

    public func header() -> String {
        let d = description
        var lines = ["# EVEMU 1.3", "# Recorded by touchtape (times relative: first event at 0.000001)", "N: \(d.name)",
                     "I: \(hex(d.id.bustype, 4)) \(hex(d.id.vendor, 4)) \(hex(d.id.product, 4)) \(hex(d.id.version, 4))"]
        lines += maskLines(prefix: "P:", bits: d.properties, maxCode: InputProperty.max)
        for type in d.supportedTypes {
            lines += maskLines(prefix: "B: \(hex(type, 2))", bits: d.codes[type] ?? [], maxCode: max(EventType(rawValue: type).maxCode, (d.codes[type]?.max() ?? 0)))
        }
        for code in (d.codes[EventType.abs.rawValue] ?? []).sorted() {
            let a = d.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            lines.append("A: \(hex(code, 2)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public mutating func format(frame events: [InputEvent]) -> String {
        events.map { "E: \($0.time) \(hex($0.type, 4)) \(hex($0.code, 4)) \($0.value)\n" }.joined()
    }

    public mutating func format(annotation: TrackAnnotation) -> String {
        var parts = ["expect=\(annotation.expected?.rawValue ?? "none")"]
        if annotation.cutShort { parts.append("cut-short") }
        if let note = annotation.note, !note.isEmpty { parts.append("note=\(note.replacingNewlines())") }
        return "# touchtape-track: " + parts.joined(separator: " ") + "\n"
    }

    public func footer() -> String { "" }

    private func maskLines(prefix: String, bits: Set<UInt16>, maxCode: UInt16) -> [String] {
        let count = (Int(maxCode) + 1 + 7) / 8
        var bytes = [UInt8](repeating: 0, count: ((count + 7) / 8) * 8)
        for bit in bits { bytes[Int(bit) / 8] |= 1 << (bit % 8) }
        return stride(from: 0, to: bytes.count, by: 8).map { start in
            prefix + bytes[start..<start + 8].map { " " + hex(UInt16($0), 2) }.joined()
        }
    }

    private func hex(_ v: UInt16, _ width: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}

/// A parsed evemu file: description, events, and the `# touchtape-track:` marks (each
/// with the number of events before it).
public struct StopgapEvemuRecording: Sendable {
    public var description: DeviceDescription
    public var events: [InputEvent]
    public var marks: [(eventCount: Int, annotation: TrackAnnotation)]

    /// Reads `text`; `eventsText` is the `.events` half of a split `.desc` + `.events` pair.
    public init(text: String, eventsText: String? = nil) throws(StopgapEvemuError) {
        var d = DeviceDescription(name: "", id: InputID(bustype: 0, vendor: 0, product: 0, version: 0))
        var events: [InputEvent] = []
        var marks: [(Int, TrackAnnotation)] = []
        var maskOffsets: [UInt16: Int] = [:]
        var propertyOffset = 0
        var sawName = false
        let all = text + "\n" + (eventsText ?? "")
        for (number, raw) in all.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.hasPrefix("# touchtape-track:") {
                var a = TrackAnnotation()
                for word in line.dropFirst(18).split(separator: " ") {
                    if word == "expect=finish" { a.expected = .finish }
                    if word == "expect=cancel" { a.expected = .cancel }
                    if word == "cut-short" { a.cutShort = true }
                }
                if let range = line.firstRange(of: "note=") { a.note = String(line[range.upperBound...]) }
                marks.append((events.count, a))
                continue
            }
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let tag = fields.first else { continue }
            func num(_ i: Int, _ radix: Int) throws(StopgapEvemuError) -> Int64 {
                guard i < fields.count, let v = Int64(fields[i], radix: radix) else { throw StopgapEvemuError(line: number + 1, text: String(line)) }
                return v
            }
            switch tag {
            case "N:" where !sawName:
                d.name = String(line.dropFirst(3)); sawName = true
            case "I:":
                d.id = InputID(bustype: UInt16(truncatingIfNeeded: try num(1, 16)), vendor: UInt16(truncatingIfNeeded: try num(2, 16)),
                               product: UInt16(truncatingIfNeeded: try num(3, 16)), version: UInt16(truncatingIfNeeded: try num(4, 16)))
            case "P:":
                for i in 1..<fields.count {
                    let byte = try num(i, 16)
                    for bit in 0..<8 where byte & (1 << bit) != 0 { d.properties.insert(UInt16(propertyOffset * 8 + bit)) }
                    propertyOffset += 1
                }
            case "B:":
                let type = UInt16(try num(1, 16))
                var offset = maskOffsets[type] ?? 0
                for i in 2..<fields.count {
                    let byte = try num(i, 16)
                    for bit in 0..<8 where byte & (1 << bit) != 0 { d.enable(type: type, code: UInt16(offset * 8 + bit)) }
                    offset += 1
                }
                maskOffsets[type] = offset
            case "A:":
                let code = UInt16(try num(1, 16))
                d.absInfo[code] = AbsInfo(minimum: Int32(try num(2, 10)), maximum: Int32(try num(3, 10)),
                                          fuzz: Int32(try num(4, 10)), flat: Int32(try num(5, 10)),
                                          resolution: fields.count > 6 ? Int32(try num(6, 10)) : 0)
            case "E:":
                let time = fields.count > 1 ? fields[1].split(separator: ".") : []
                guard time.count == 2, let s = UInt64(time[0]), let us = UInt32(time[1]), us < 1_000_000 else {
                    throw StopgapEvemuError(line: number + 1, text: String(line))
                }
                events.append(InputEvent(time: EventTime(seconds: s, microseconds: us), type: UInt16(try num(2, 16)),
                                         code: UInt16(try num(3, 16)), value: Int32(truncatingIfNeeded: try num(4, 10))))
            default:
                continue
            }
        }
        guard sawName || eventsText == nil else { throw StopgapEvemuError(line: 1, text: "no N: line") }
        description = d
        self.events = events
        self.marks = marks
    }
}

public struct StopgapEvemuError: Error, Sendable, CustomStringConvertible {
    public var line: Int
    public var text: String
    public var description: String { "line \(line): cannot parse '\(text)'" }
}

private extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" || $0 == "\r" ? " " : $0 }) }
}
