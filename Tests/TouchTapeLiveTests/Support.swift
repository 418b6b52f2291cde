@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay
import TouchTapeTestSupport
@testable import TouchTapeLive

/// A bundled recording read whole: its description and items.
func bundledItems(_ name: String) throws -> (source: RecordingSource, description: DeviceDescription, items: [RecordingItem]) {
    let source = RecordingLocator.source(forPath: PackagePaths.recordings.appendingPathComponent(name).path)
    let stream = try RecordingStream(source)
    var items: [RecordingItem] = []
    while let item = try stream.next() { items.append(item) }
    return (source, stream.description, items)
}

/// A live session over a bundled recording as `--from` makes one (its device's name, kind
/// and protocol, speed 1), and the recording's items to feed it.
func bundledLiveSession(_ name: String, settings: SessionSettings) throws -> (live: LiveSession, items: [RecordingItem]) {
    let (source, description, items) = try bundledItems(name)
    let live = try LiveSession(description: description, file: source.eventsPath,
                               source: .init(deviceName: description.name, kind: description.classification.kind,
                                             protocolName: description.classification.touchProtocol.name, origin: "f", speed: 1),
                               settings: settings)
    return (live, items)
}

/// A live session fed a whole recording as fast as it goes (clock = event time), with
/// the events it emitted.
func liveRun(_ name: String, settings: SessionSettings = SessionSettings(), keysAfter: [LiveKey] = [])
    throws -> (session: LiveSession, events: [LiveEvent]) {
    let (source, description, items) = try bundledItems(name)
    var live = try LiveSession(description: description, file: source.eventsPath,
                               source: .init(deviceName: description.name, kind: description.classification.kind,
                                             protocolName: description.classification.touchProtocol.name, origin: name),
                               settings: settings)
    var events: [LiveEvent] = []
    for item in items {
        switch item {
        case .event(let e): live.feed(e, clock: Int64(e.time.totalMicroseconds)) { events.append($0) }
        case .annotation(let a): live.mark(a)
        }
    }
    live.finish(clock: Int64.max / 4) { events.append($0) }
    for key in keysAfter { _ = live.press(key) { events.append($0) } }
    return (live, events)
}

let bundledNames = [
    "touchpad-two-finger-flick-up-cancel.yml", "touchpad-two-finger-pan-finish.yml",
    "touchscreen-finger-joins-finish.evemu", "touchscreen-flick-down-finish.evemu", "touchscreen-flick-up-cancel.evemu",
    "touchscreen-pan-back-cancel.evemu", "touchscreen-pan-down-finish.evemu",
    "touchscreen-protocol-a-pan-down-finish.evemu", "touchscreen-short-hold.evemu",
    "touchscreen-single-touch-pan-back-cancel.evemu",
]
