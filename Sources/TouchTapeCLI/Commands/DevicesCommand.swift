import ArgumentParser
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeReplay

/// `touchtape devices`: what can be recorded on this machine, and why not where not.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the input devices (/dev/input/event*) and whether you may record them.",
        discussion: """
        Shows each node's name, kind (touchscreen, touchpad, other), multitouch protocol, \
        axes with their resolution, and whether this user may open it; a node that cannot \
        be opened is shown with the reason and what to do. No devices is not an error: \
        it is said plainly and the exit status is 0.
        """ + HelpExamples.block("devices")
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: .hidden)
    var directory: String = DeviceEnumerator.defaultDirectory

    @Option(name: [.short, .customLong("output")], help: "Write the list to this file instead of standard output.")
    var output: String?

    func run() async throws {
        try refuseAliasing(outputs: [("-o", output)], inputs: [])
        let enumerator = DeviceEnumerator(directory: directory)
        let listings = enumerator.list()
        let text: String
        switch format {
        case .text:
            text = listings.isEmpty ? DeviceListText.noDevices(directory: directory, directoryExists: enumerator.directoryExists)
                                    : DeviceListText.render(listings)
        case .json:
            text = Self.json(listings, directoryExists: enumerator.directoryExists).rendered() + "\n"
        }
        if let output { try writeOutput(text, to: output, option: "-o") } else { try writeStandardOutput(text) }
    }

    static func json(_ listings: [DeviceListing], directoryExists: Bool) -> JSONValue {
        .object([
            ("directoryExists", .bool(directoryExists)),
            ("devices", .array(listings.map(json))),
        ])
    }

    static func json(_ listing: DeviceListing) -> JSONValue {
        switch listing.result {
        case .failure(let error):
            return .object([
                ("path", .string(listing.path)), ("readable", .bool(false)),
                ("error", .string(error.message)), ("hint", .string(error.hint)),
            ])
        case .success(let d):
            let c = d.classification
            var slots: JSONValue = .null
            if case .multitouchB(let n) = c.touchProtocol { slots = .integer(n) }
            let axes: [JSONValue] = DeviceListText.shownAxes.compactMap { code in
                guard d.supports(type: .abs, code: code), let info = d.absInfo[code] else { return nil }
                return .object([
                    ("code", .string(EventCodes.codeName(type: EventType.abs.rawValue, code: code))),
                    ("minimum", .integer(Int(info.minimum))), ("maximum", .integer(Int(info.maximum))),
                    ("resolution", .integer(Int(info.resolution))),
                    ("millimetres", info.lengthInMillimetres.map { .number($0) } ?? .null),
                ])
            }
            return .object([
                ("path", .string(listing.path)), ("readable", .bool(true)), ("name", .string(d.name)),
                ("kind", .string(c.kind.rawValue)), ("protocol", .string(c.touchProtocol.name)),
                ("slots", slots), ("toolFingerCapacity", .integer(c.toolFingerCapacity)),
                ("notATouchDevice", c.nonTouchReason.map { .string($0.condition) } ?? .null),
                ("bus", .string(d.id.busName)), ("vendor", .integer(Int(d.id.vendor))), ("product", .integer(Int(d.id.product))),
                ("axes", .array(axes)),
            ])
        }
    }
}
