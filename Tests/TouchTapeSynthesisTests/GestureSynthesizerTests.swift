import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeSynthesis

private typealias C = EventCodes

/// Splits an event list at each SYN_REPORT.
private func frames(_ events: [InputEvent]) -> [[InputEvent]] {
    var result: [[InputEvent]] = [], current: [InputEvent] = []
    for e in events {
        current.append(e)
        if e.isSynReport { result.append(current); current = [] }
    }
    #expect(current.isEmpty, "events after the last SYN_REPORT")
    return result
}

@Test func seededGeneratorIsDeterministicAndSeedSensitive() {
    var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42), c = SeededGenerator(seed: 43)
    let sa = (0..<5).map { _ in a.next() }, sb = (0..<5).map { _ in b.next() }, sc = (0..<5).map { _ in c.next() }
    #expect(sa == sb)
    #expect(sa != sc)
}

@Test func smoothStrokeIsHalfwayAtHalfTime() {
    // Minimum jerk: 10s³ − 15s⁴ + 6s⁵ at s = ½ is 10/8 − 15/16 + 6/32 = 0.5.
    let script = GestureScript(start: Vector2(x: 10, y: 20), strokes: [
        .move(displacement: Vector2(x: 0, y: 40), duration: 1, profile: .smooth),
        .hold(duration: 0.5),
    ])
    #expect(script.firstFingerPosition(at: 0) == Vector2(x: 10, y: 20))
    #expect(abs(script.firstFingerPosition(at: 0.5).y - 40) < 1e-12)
    #expect(script.firstFingerPosition(at: 1.2) == Vector2(x: 10, y: 60))
    #expect(script.duration == 1.5)
}

@Test func touchscreenGestureLooksLikeKernelOutput() throws {
    var synth = GestureSynthesizer(device: .touchscreen, seed: 1)
    let script = GestureScript(start: Vector2(x: 30, y: 30), strokes: [
        .move(displacement: Vector2(x: 0, y: 30), duration: 0.2, profile: .constant),
    ], positionNoise: 0)
    let events = synth.events(for: script, startingAt: EventTime(seconds: 0, microseconds: 1))
    let f = frames(events)
    let first = try #require(f.first), last = try #require(f.last)
    // Touch down: a new tracking id and both positions, BTN_TOUCH 1; slot 0 is current, so no ABS_MT_SLOT.
    #expect(first.contains { $0.type == 3 && $0.code == C.ABS_MT_TRACKING_ID && $0.value == 0 })
    #expect(first.contains { $0.type == 1 && $0.code == C.BTN_TOUCH && $0.value == 1 })
    #expect(!events.contains { $0.code == C.ABS_MT_SLOT && $0.type == 3 })
    // 30 mm at 16 units/mm from y = 30 mm: 480 → 960 units.
    #expect(first.contains { $0.code == C.ABS_MT_POSITION_Y && $0.value == 480 })
    #expect(events.contains { $0.code == C.ABS_MT_POSITION_Y && $0.value == 960 })
    // Lift: tracking id −1 and BTN_TOUCH 0 in the last frame.
    #expect(last.contains { $0.code == C.ABS_MT_TRACKING_ID && $0.value == -1 })
    #expect(last.contains { $0.type == 1 && $0.code == C.BTN_TOUCH && $0.value == 0 })
    // No empty frames, times never go back.
    #expect(f.allSatisfy { $0.count > 1 })
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
}

@Test func touchpadTwoFingersUseDoubletapAndTwoSlots() {
    var synth = GestureSynthesizer(device: .touchpad, seed: 3)
    let script = GestureScript(start: Vector2(x: 30, y: 10), strokes: [
        .move(displacement: Vector2(x: 0, y: 20), duration: 0.2, profile: .smooth),
    ], extraFingers: [GestureScript.ExtraFinger(offset: Vector2(x: 15, y: 0))])
    let events = synth.events(for: script, startingAt: .zero)
    // Both fingers land together, so DOUBLETAP goes down and FINGER never does.
    #expect(events.contains { $0.type == 1 && $0.code == C.BTN_TOOL_DOUBLETAP && $0.value == 1 })
    #expect(!events.contains { $0.type == 1 && $0.code == C.BTN_TOOL_FINGER && $0.value == 1 })
    #expect(events.contains { $0.code == C.ABS_MT_SLOT && $0.type == 3 && $0.value == 1 })
    #expect(events.filter { $0.code == C.ABS_MT_TRACKING_ID && $0.value >= 0 }.count == 2)
}

@Test func protocolAFramesCarryOneMTReportPerFinger() {
    var synth = GestureSynthesizer(device: .protocolATouchscreen, seed: 4)
    let script = GestureScript(start: Vector2(x: 30, y: 10), strokes: [
        .move(displacement: Vector2(x: 0, y: 20), duration: 0.1, profile: .constant),
    ], extraFingers: [GestureScript.ExtraFinger(offset: Vector2(x: 20, y: 0))])
    let f = frames(synth.events(for: script, startingAt: .zero))
    for frame in f.dropLast() {
        #expect(frame.filter(\.isSynMTReport).count == 2)
    }
    // The lift frame is an empty contact list: one bare SYN_MT_REPORT.
    #expect(f.last.map { $0.filter(\.isSynMTReport).count } == 1)
    #expect(f.last?.contains { $0.code == C.ABS_MT_POSITION_X && $0.type == 3 } == false)
}

@Test func bundledPlansAreLabelledOrExplained() {
    #expect(!RecordingPlan.bundled.isEmpty)
    let names = RecordingPlan.bundled.map(\.fileName)
    #expect(Set(names).count == names.count, "file names must be unique")
    for plan in RecordingPlan.bundled {
        for gesture in plan.gestures {
            // A gesture either carries a label or its note says why it has none.
            #expect(gesture.annotation.expected != nil || !(gesture.annotation.note ?? "").isEmpty)
        }
    }
    // Every expectation (finish, cancel, must not dismiss), both device kinds and both file
    // formats are represented.
    let expectations = Set(RecordingPlan.bundled.flatMap { $0.gestures.compactMap(\.annotation.expected) })
    #expect(expectations == [.finish, .cancel, .none])
    #expect(Set(RecordingPlan.bundled.map { $0.device.description.classification.kind }) == [.touchscreen, .touchpad])
    #expect(Set(RecordingPlan.bundled.map(\.format)) == [.evemu, .libinput])
}

@Test func syntheticDevicesClassifyAsIntended() {
    #expect(SyntheticDevice.touchscreen.description.classification.touchProtocol == .multitouchB(slots: 10))
    #expect(SyntheticDevice.touchpad.description.classification.kind == .touchpad)
    #expect(SyntheticDevice.touchpad.description.classification.toolFingerCapacity == 5)
    #expect(SyntheticDevice.protocolATouchscreen.description.classification.touchProtocol == .multitouchA)
    #expect(SyntheticDevice.singleTouchscreen.description.classification.touchProtocol == .singleTouch)
    #expect(SyntheticDevice.singleTouchscreen.description.classification.kind == .touchscreen)
}
