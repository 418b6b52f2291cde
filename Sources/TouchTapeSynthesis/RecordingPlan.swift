@_spi(Pipeline) import TouchTapeEvents

/// One file of the project's own `Recordings/`: a synthetic device, its gestures and
/// what each should do. The plan is data, so the generator, the README table and the
/// tests that check the labels all read the same list.
package struct RecordingPlan: Hashable, Sendable {
    package enum FileFormat: String, Hashable, Sendable {
        case evemu
        case libinput
        package var pathExtension: String { self == .evemu ? "evemu" : "yml" }
    }

    package struct Gesture: Hashable, Sendable {
        package var script: GestureScript
        package var annotation: TrackAnnotation

        package init(_ script: GestureScript, expect: ExpectedOutcome?, note: String) {
            self.script = script
            self.annotation = TrackAnnotation(expected: expect, note: note)
        }
    }

    package var name: String
    package var device: SyntheticDevice
    package var format: FileFormat
    package var gestures: [Gesture]
    package var seed: UInt64

    package var fileName: String { "\(name).\(format.pathExtension)" }

    /// Seconds of no contact between two gestures in one file.
    package static let pauseBetweenGestures = 0.6

    /// All gestures' events in one stream, the first event at `0.000001` (as evemu-record writes).
    package func events() -> [(events: [InputEvent], annotation: TrackAnnotation)] {
        var synthesizer = GestureSynthesizer(device: device, seed: seed)
        var start = EventTime(seconds: 0, microseconds: 1)
        var result: [(events: [InputEvent], annotation: TrackAnnotation)] = []
        for gesture in gestures {
            let events = synthesizer.events(for: gesture.script, startingAt: start)
            result.append((events, gesture.annotation))
            let end = events.last?.time ?? start
            start = end.adding(microseconds: Int64(Self.pauseBetweenGestures * 1_000_000))
        }
        return result
    }
}

extension RecordingPlan {
    /// The project's bundled recordings (see README "Recordings"). Distances are in
    /// millimetres on the device; at the default scale (≈6.42 pt/mm) the touchscreen is
    /// about 436 × 937 pt, like a phone. Labels hold for all three profiles unless a
    /// gesture is deliberately left unlabelled (its note says why).
    package static let bundled: [RecordingPlan] = [
        RecordingPlan(name: "touchscreen-pan-down-finish", device: .touchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 34, y: 25), strokes: [
                .move(displacement: Vector2(x: 3, y: 75), duration: 0.6, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: 6), duration: 0.15, profile: .constant),
            ]), expect: .finish, note: "long pan down, released while still moving down"),
            Gesture(GestureScript(start: Vector2(x: 30, y: 20), strokes: [
                .move(displacement: Vector2(x: -5, y: 62), duration: 0.5, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: 7), duration: 0.12, profile: .constant),
            ]), expect: .finish, note: "pan down past half the screen with a little drift"),
        ], seed: 1),
        RecordingPlan(name: "touchscreen-flick-down-finish", device: .touchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 34, y: 30), strokes: [
                .move(displacement: Vector2(x: 0, y: 2), duration: 0.05, profile: .constant),
                .move(displacement: Vector2(x: 1, y: 18), duration: 0.09, profile: .accelerating),
            ]), expect: .finish, note: "short fast flick down: the flick finishes what the distance would not"),
        ], seed: 2),
        RecordingPlan(name: "touchscreen-pan-back-cancel", device: .touchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 34, y: 25), strokes: [
                .move(displacement: Vector2(x: 2, y: 70), duration: 0.5, profile: .smooth),
                .hold(duration: 0.05),
                .move(displacement: Vector2(x: -2, y: -60), duration: 0.45, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: -5), duration: 0.1, profile: .constant),
            ]), expect: .cancel, note: "pan down, then back up, released moving up"),
        ], seed: 3),
        RecordingPlan(name: "touchscreen-flick-up-cancel", device: .touchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 34, y: 25), strokes: [
                .move(displacement: Vector2(x: 0, y: 80), duration: 0.5, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: -15), duration: 0.08, profile: .accelerating),
            ]), expect: .cancel, note: "past the threshold, then a flick back up: the flick cancels"),
        ], seed: 4),
        RecordingPlan(name: "touchscreen-short-hold", device: .touchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 34, y: 30), strokes: [
                .move(displacement: Vector2(x: 0, y: 20), duration: 0.25, profile: .smooth),
                .hold(duration: 0.3),
            ]), expect: nil, note: "short pan, held still, lifted: transition and easytransitions cancel (below threshold, no velocity); photozoom finishes (no threshold), so no single label"),
        ], seed: 5),
        RecordingPlan(name: "touchscreen-finger-joins-finish", device: .touchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 26, y: 20), strokes: [
                .move(displacement: Vector2(x: 0, y: 40), duration: 0.35, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: 35), duration: 0.35, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: 6), duration: 0.12, profile: .constant),
            ], extraFingers: [GestureScript.ExtraFinger(offset: Vector2(x: 16, y: 4), down: 0.35)]),
            expect: .finish, note: "a second finger joins mid-pan; the translation must not jump"),
        ], seed: 6),
        RecordingPlan(name: "touchpad-two-finger-pan-finish", device: .touchpad, format: .libinput, gestures: [
            Gesture(GestureScript(start: Vector2(x: 40, y: 8), strokes: [
                .move(displacement: Vector2(x: 1, y: 48), duration: 0.5, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: 5), duration: 0.12, profile: .constant),
            ], extraFingers: [GestureScript.ExtraFinger(offset: Vector2(x: 18, y: 1))],
            frameInterval: 1.0 / 80.0), expect: .finish, note: "two-finger pan down the pad, released moving"),
        ], seed: 7),
        RecordingPlan(name: "touchpad-two-finger-flick-up-cancel", device: .touchpad, format: .libinput, gestures: [
            Gesture(GestureScript(start: Vector2(x: 40, y: 10), strokes: [
                .move(displacement: Vector2(x: 0, y: 35), duration: 0.4, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: -12), duration: 0.08, profile: .accelerating),
            ], extraFingers: [GestureScript.ExtraFinger(offset: Vector2(x: 18, y: 0))],
            frameInterval: 1.0 / 80.0), expect: .cancel, note: "two-finger pan down, then a flick back up"),
            Gesture(GestureScript(start: Vector2(x: 30, y: 10), strokes: [
                .move(displacement: Vector2(x: 10, y: 40), duration: 0.5, profile: .smooth),
            ], frameInterval: 1.0 / 80.0), expect: ExpectedOutcome.none,
            note: "one finger: pointer motion, not a pan: no transition may start"),
        ], seed: 8),
        RecordingPlan(name: "touchscreen-protocol-a-pan-down-finish", device: .protocolATouchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 70, y: 10), strokes: [
                .move(displacement: Vector2(x: 0, y: 68), duration: 0.55, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: 6), duration: 0.12, profile: .constant),
            ], frameInterval: 1.0 / 100.0), expect: .finish, note: "protocol-A screen: pan down, released moving"),
        ], seed: 9),
        RecordingPlan(name: "touchscreen-single-touch-pan-back-cancel", device: .singleTouchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 45, y: 15), strokes: [
                .move(displacement: Vector2(x: 0, y: 60), duration: 0.45, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: -50), duration: 0.4, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: -5), duration: 0.1, profile: .constant),
            ], frameInterval: 1.0 / 60.0), expect: .cancel, note: "single-touch screen: down and back up"),
        ], seed: 10),
        RecordingPlan(name: "touchscreen-two-finger-rest-then-drag-finish", device: .touchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 26, y: 15), strokes: [
                .hold(duration: 0.15),
                .move(displacement: Vector2(x: 0, y: 50), duration: 0.5, profile: .constant),
                .move(displacement: Vector2(x: 0, y: 6), duration: 0.1, profile: .constant),
            ], extraFingers: [GestureScript.ExtraFinger(offset: Vector2(x: 16, y: 2))], positionNoise: 0),
            expect: .finish, note: "two fingers rest 150 ms, then pan about 350 pt down: at .began the handler sees the moving fingers"),
        ], seed: 11),
        // Gestures that must not dismiss (issue 23): a controller that begins on them fails
        // `expected-outcome`. Under rules that begin on every pan (photozoom) they begin by
        // design and must then cancel, so each is released moving up.
        RecordingPlan(name: "touchscreen-refusals-none", device: .touchscreen, format: .evemu, gestures: [
            Gesture(GestureScript(start: Vector2(x: 34, y: 90), strokes: [
                .move(displacement: Vector2(x: 1, y: -45), duration: 0.4, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: -5), duration: 0.1, profile: .constant),
            ]), expect: ExpectedOutcome.none, note: "pan up, away from the bottom edge: no transition may start"),
            Gesture(GestureScript(start: Vector2(x: 15, y: 50), strokes: [
                .move(displacement: Vector2(x: 20, y: -2), duration: 0.2, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: 14), duration: 0.25, profile: .smooth),
                .move(displacement: Vector2(x: 0, y: -20), duration: 0.3, profile: .smooth),
            ], positionNoise: 0), expect: ExpectedOutcome.none,
            note: "starts sideways (the direction is chosen then), turns down, comes back up: no transition may start"),
        ], seed: 12),
    ]
}
