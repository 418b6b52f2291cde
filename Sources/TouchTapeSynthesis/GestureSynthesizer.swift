@_spi(Pipeline) import TouchTapeEvents

/// Turns gesture scripts into the events a Linux kernel would deliver for them on a
/// ``SyntheticDevice``: per-frame `SYN_REPORT`, protocol-B slots with tracking ids
/// (or protocol-A `SYN_MT_REPORT` groups, or single-touch axes), pointer emulation
/// on `ABS_X`/`ABS_Y`, `BTN_TOUCH`, finger tool keys on touchpads — and, like the
/// input core, only values that changed (empty frames are not sent).
///
/// A synthesizer carries its device state across gestures (slot contents, tracking
/// ids, current slot), so several gestures append into one consistent stream.
package struct GestureSynthesizer: Sendable {
    package let device: SyntheticDevice
    private var random: SeededGenerator
    private var nextTrackingID: Int32 = 0
    private var currentSlot = 0
    private var slotValues: [[UInt16: Int32]]
    private var keys: [UInt16: Int32] = [:]
    private var axes: [UInt16: Int32] = [:]

    package init(device: SyntheticDevice, seed: UInt64) {
        self.device = device
        self.random = SeededGenerator(seed: seed)
        self.slotValues = Array(repeating: [:], count: max(device.slotCount, 1))
    }

    /// The events of one gesture whose first finger lands at `start`.
    package mutating func events(for script: GestureScript, startingAt start: EventTime) -> [InputEvent] {
        typealias C = EventCodes
        var events: [InputEvent] = []
        let fingerCount = 1 + script.extraFingers.count
        var trackingIDs = [Int32?](repeating: nil, count: fingerCount)
        var lastTime = start.totalMicroseconds
        let frameCount = Int((script.duration / script.frameInterval).rounded(.up))
        for k in 0...(frameCount + 1) {
            let t = min(Double(k) * script.frameInterval, script.duration)
            let lifting = k == frameCount + 1
            // Which fingers are down in this frame.
            var down = [Bool](repeating: false, count: fingerCount)
            if !lifting {
                down[0] = true
                for (i, extra) in script.extraFingers.enumerated() where t >= extra.down {
                    down[i + 1] = t < (extra.up ?? .infinity) || (extra.up == nil)
                }
            }
            let jitter = k == 0 ? 0 : random.gaussian(standardDeviation: script.timingJitter)
            var stamp = start.totalMicroseconds + UInt64(max(0, (Double(k) * script.frameInterval + jitter) * 1_000_000))
            if k > 0 { stamp = max(stamp, lastTime + 200) }
            lastTime = stamp
            let time = EventTime(totalMicroseconds: stamp)
            let anchor = script.firstFingerPosition(at: t)
            var positions: [(x: Int32, y: Int32)?] = []
            for i in 0..<fingerCount {
                guard down[i] else { positions.append(nil); continue }
                let offset = i == 0 ? Vector2.zero : script.extraFingers[i - 1].offset
                let p = anchor + offset + Vector2(
                    x: random.gaussian(standardDeviation: script.positionNoise),
                    y: random.gaussian(standardDeviation: script.positionNoise))
                positions.append(units(p))
            }
            var frame: [InputEvent] = []
            func emit(_ type: EventType, _ code: UInt16, _ value: Int32) {
                frame.append(InputEvent(time: time, type: type, code: code, value: value))
            }
            switch device {
            case .touchscreen, .touchpad:
                for slot in 0..<fingerCount {
                    var changes: [(UInt16, Int32)] = []
                    if let p = positions[slot] {
                        if trackingIDs[slot] == nil {
                            trackingIDs[slot] = nextTrackingID
                            changes.append((C.ABS_MT_TRACKING_ID, nextTrackingID))
                            nextTrackingID = (nextTrackingID + 1) & 0xffff
                        }
                        changes.append((C.ABS_MT_POSITION_X, p.x))
                        changes.append((C.ABS_MT_POSITION_Y, p.y))
                    } else if trackingIDs[slot] != nil {
                        trackingIDs[slot] = nil
                        changes.append((C.ABS_MT_TRACKING_ID, -1))
                    }
                    // The input core drops unchanged values and sends ABS_MT_SLOT only with a real change.
                    let real = changes.filter { slotValues[slot][$0.0] != $0.1 }
                    guard !real.isEmpty else { continue }
                    if slot != currentSlot {
                        emit(.abs, C.ABS_MT_SLOT, Int32(slot))
                        currentSlot = slot
                    }
                    for (code, value) in real {
                        slotValues[slot][code] = value
                        emit(.abs, code, value)
                    }
                }
            case .protocolATouchscreen:
                for p in positions.compactMap({ $0 }) {
                    emit(.abs, C.ABS_MT_POSITION_X, p.x)
                    emit(.abs, C.ABS_MT_POSITION_Y, p.y)
                    emit(.syn, C.SYN_MT_REPORT, 0)
                }
                if positions.allSatisfy({ $0 == nil }) { emit(.syn, C.SYN_MT_REPORT, 0) }
            case .singleTouchscreen:
                break
            }
            let active = positions.compactMap { $0 }
            var keyChanges: [(UInt16, Int32)] = [(C.BTN_TOUCH, active.isEmpty ? 0 : 1)]
            if device == .touchpad {
                let toolKeys = [C.BTN_TOOL_FINGER, C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP, C.BTN_TOOL_QUADTAP, C.BTN_TOOL_QUINTTAP]
                // Release the old tool key before pressing the new one, as drivers do.
                let wanted = active.isEmpty ? nil : toolKeys[min(active.count, 5) - 1]
                for key in toolKeys where key != wanted { keyChanges.append((key, 0)) }
                if let wanted { keyChanges.append((wanted, 1)) }
            }
            for (code, value) in keyChanges where (keys[code] ?? 0) != value {
                keys[code] = value
                emit(.key, code, value)
            }
            // Pointer emulation: the first finger that is down drives ABS_X/ABS_Y.
            if let p = active.first {
                for (code, value) in [(C.ABS_X, p.x), (C.ABS_Y, p.y)] where axes[code] != value {
                    axes[code] = value
                    emit(.abs, code, value)
                }
            }
            guard !frame.isEmpty else { continue }   // the kernel sends no empty frames
            emit(.syn, C.SYN_REPORT, 0)
            events += frame
        }
        return events
    }

    private func units(_ millimetres: Vector2) -> (x: Int32, y: Int32) {
        let resolution = Double(device.resolution)
        let maximum = device.maximum
        let x = Int32(min(max((millimetres.x * resolution).rounded(), 0), Double(maximum.x)))
        let y = Int32(min(max((millimetres.y * resolution).rounded(), 0), Double(maximum.y)))
        return (x, y)
    }
}
