@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
@testable import TouchTapePan

/// Frames start far from time zero, so every test also checks that sample times are
/// measured from the first frame handed to the recognizer.
let baseTime = EventTime(seconds: 1_700_000_000, microseconds: 250_000)

/// A frame `ms` milliseconds after `baseTime` with the given fingers (id, x mm, y mm).
func frame(_ index: Int, ms: Int, _ fingers: [(id: Int, x: Double, y: Double)],
           fingerCount: Int? = nil, followsGap: Bool = false) -> Frame {
    let contacts = fingers
        .map { Contact(id: $0.id, slot: $0.id, rawX: Int32($0.x * 10), rawY: Int32($0.y * 10), position: Vector2(x: $0.x, y: $0.y)) }
        .sorted { $0.id < $1.id }
    return Frame(index: index, time: baseTime.adding(microseconds: Int64(ms) * 1000), eventRange: index..<(index + 1),
                 contacts: contacts, fingerCount: fingerCount ?? contacts.count, followsGap: followsGap)
}

/// The frame in which every finger has lifted.
func lift(_ index: Int, ms: Int) -> Frame { frame(index, ms: ms, []) }

/// One finger (id 1, x = 0) moving straight down `step` mm every `interval` ms, frames 0..<count.
func straightDown(step: Double, count: Int, interval: Int = 10) -> [Frame] {
    (0..<count).map { k in frame(k, ms: k * interval, [(1, 0, Double(k) * step)]) }
}

/// Scale 1 pt/mm, so millimetres and points are the same numbers; touchscreen slop 10 pt = 10 mm.
let unitScale = PanSettings(scale: 1)

/// Feeds frames one by one, returning every sample and the recognizer afterwards.
func run(_ frames: [Frame], kind: DeviceKind = .touchscreen, settings: PanSettings = unitScale) -> (samples: [PanSample], recognizer: PanRecognizer) {
    var recognizer = PanRecognizer(deviceKind: kind, settings: settings)
    let samples = frames.flatMap { recognizer.handle($0) }
    return (samples, recognizer)
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
func isClose(_ a: Vector2, _ b: Vector2, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}
