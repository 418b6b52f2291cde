import PropertyBased
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
@testable import TouchTapePan

/// The pan translation is continuous when fingers join or lift: between two samples of
/// one pan it moves by no more than the fingers present in consecutive frames moved
/// (the mean of their deltas, ``ContinuousCentroid``), however far from the others a
/// finger lands and whichever finger lifts.
@Suite struct PanRecognizerPropertyTests {
    /// Frames every 10 ms from steps: bits 0–1 pick an event (0–1 all fingers move,
    /// 2 a finger lands up to ±60 mm away, 3 the oldest finger lifts), bits 2–9 and
    /// 10–17 the motion (−4…4 mm per axis, spread over the fingers by id).
    static func frames(steps: [UInt32]) -> [Frame] {
        var fingers: [Int: Vector2] = [1: Vector2(x: 50, y: 50)]
        var nextID = 2
        var frames: [Frame] = []
        for (k, step) in steps.enumerated() {
            let dx = Double(Int(step >> 2 & 0xff) - 128) / 32, dy = Double(Int(step >> 10 & 0xff) - 128) / 32
            switch step & 3 {
            case 2:
                fingers[nextID] = Vector2(x: 50 + dx * 15, y: 50 + dy * 15)
                nextID += 1
            case 3:
                if let oldest = fingers.keys.min() { fingers[oldest] = nil }
            default:
                for id in fingers.keys { fingers[id]! += Vector2(x: dx * Double(id % 3 + 1) / 3, y: dy * Double(id % 2 + 1) / 2) }
            }
            let contacts = fingers.keys.sorted().map { id in
                Contact(id: id, slot: id, rawX: Int32(fingers[id]!.x * 10), rawY: Int32(fingers[id]!.y * 10), position: fingers[id]!)
            }
            frames.append(Frame(index: k, time: EventTime(totalMicroseconds: 1_000_000 + UInt64(k) * 10_000),
                                eventRange: k..<(k + 1), contacts: contacts, fingerCount: contacts.count))
        }
        return frames
    }

    /// The largest move of a finger down in both `a` and `b`, mm (0 when none is).
    static func largestCommonMove(_ a: Frame, _ b: Frame) -> Double {
        let before = Dictionary(uniqueKeysWithValues: a.contacts.map { ($0.id, $0.position) })
        return b.contacts.compactMap { c in before[c.id].map { (c.position - $0).length } }.max() ?? 0
    }

    @Test(arguments: [DeviceKind.touchscreen, .touchpad])
    func translationIsContinuousWhenFingersJoinOrLift(kind: DeviceKind) async {
        await propertyCheck(count: 300, input: Gen<UInt32>.value().array(of: 2...60)) { steps in
            let frames = Self.frames(steps: steps)
            var recognizer = PanRecognizer(deviceKind: kind, settings: PanSettings(scale: 1))
            var last: (sample: PanSample, frame: Int)?
            for (k, frame) in frames.enumerated() {
                for sample in recognizer.handle(frame) {
                    if let previous = last, sample.phase != .began {
                        let bound = (previous.frame..<k).map { Self.largestCommonMove(frames[$0], frames[$0 + 1]) }.reduce(0, +)
                        let jump = (sample.translation - previous.sample.translation).length
                        #expect(jump <= bound + 1e-9, "frame \(k): translation jumped \(jump) mm, fingers moved at most \(bound)")
                    }
                    last = sample.phase == .ended || sample.phase == .cancelled ? nil : (sample, k)
                }
            }
        }
    }
}
