import ArgumentParser
import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
import TouchTapeReplay
import TouchTapeTracks

/// `touchtape inspect`: device, kind, protocol, axes and the gesture tracks of recordings.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a recording's device (kind, protocol, axes) and its gesture tracks.",
        discussion: "FILE may be an evemu or libinput-record file; a .desc followed by an events file (`inspect DESC EVENTS`) pairs an old split evemu layout explicitly.")

    @Argument(help: "Recordings (or a .desc followed by its events file).")
    var files: [String]

    @Option(help: "text or json.")
    var format: String = "text"

    @Option(parsing: .unconditional, help: "Device index in a libinput recording with several devices (0-based).",
            transform: { try IntegerOption.device.parse($0) })
    var device: Int?

    @Option(name: [.short, .customLong("output")], help: "Write the report to this file instead of standard output.")
    var output: String?

    func run() async throws {
        guard format == "text" || format == "json" else { throw fail("--format must be text or json, not '\(RecordingError.excerpt(format))'") }
        let sources = RecordingArguments.sources(files, deviceIndex: device)
        try refuseAliasing(outputs: [("-o", output)], inputs: inputPaths(sources))
        var out = ""
        var json: [String] = []
        for source in sources {
            let recording: Recording
            do { recording = try RecordingReader.read(source, locking: readLocking); try recording.requireTouchDevice() }
            catch { throw fail(error) }
            let d = recording.description
            let c = d.classification
            let units = MillimetreConversion(description: d)
            let tracks = recording.tracks(units: units)
            if format == "text" {
                out += "\(source.displayName)\n"
                out += "  device: \(d.name) (bus \(d.id.busName), vendor 0x\(hex(d.id.vendor)), product 0x\(hex(d.id.product)))\n"
                if let label = recording.metadata.deviceLabel(name: d.name) { out += "  taken: \(label)\n" }
                out += "  kind: \(c.kind.rawValue), protocol \(c.touchProtocol.name)"
                if case .multitouchB(let slots) = c.touchProtocol { out += " (\(slots) slots)" }
                out += c.toolFingerCapacity > 0 ? ", finger tool keys up to \(c.toolFingerCapacity)\n" : "\n"
                for code in d.absInfo.keys.sorted() {
                    let a = d.absInfo[code]!
                    let mm = a.lengthInMillimetres.map { ", \(round1($0)) mm" } ?? ""
                    out += "  axis \(EventCodes.codeName(type: 3, code: code)): \(a.minimum)..\(a.maximum), resolution \(a.resolution)\(mm)\n"
                }
                if let note = units.assumption { out += "  note: \(note)\n" }
                for note in recording.notes { out += "  note: \(note)\n" }
                out += "  events: \(recording.events.count), tracks: \(tracks.count)\n"
                for t in tracks {
                    var line = "  track \(t.number): start \(t.startTime), \(round1(t.duration * 1000)) ms, fingers \(t.maxFingers), frames \(t.frameCount), events \(t.eventCount)"
                    if let e = t.annotation.expected { line += ", expect \(e.rawValue)" }
                    if let n = t.annotation.note, !n.isEmpty { line += ", note \"\(n)\"" }
                    if t.annotation.cutShort || t.endsWithContactsDown { line += ", cut short" }
                    out += line + "\n"
                }
            } else {
                let tr = tracks.map { t in
                    "{\"track\": \(t.number), \"start\": \"\(t.startTime)\", \"duration\": \(t.duration), \"fingers\": \(t.maxFingers), \"frames\": \(t.frameCount), \"events\": \(t.eventCount), \"expected\": \(t.annotation.expected.map { "\"\($0.rawValue)\"" } ?? "null")}"
                }
                json.append("{\"file\": \(quote(source.displayName)), \"device\": {\"name\": \(quote(d.name)), \"kind\": \"\(c.kind.rawValue)\", \"protocol\": \"\(c.touchProtocol.name)\"}, \"events\": \(recording.events.count), \"tracks\": [\(tr.joined(separator: ", "))]}")
            }
        }
        let text = format == "json" ? "[" + json.joined(separator: ",\n") + "]\n" : out
        if let output { try writeOutput(text, to: output) } else { try writeStandardOutput(text) }
    }

    private func hex(_ v: UInt16) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: max(0, 4 - s.count)) + s }
    private func round1(_ v: Double) -> String { String((v * 10).rounded() / 10) }
    private func quote(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
}
