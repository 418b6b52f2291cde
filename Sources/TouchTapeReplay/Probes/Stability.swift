@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapePan
import TouchTapeDismissal

/// How easily a track's outcome flips: the share of realistic perturbations of its frames
/// (the recording as another finger, device or day might have made it) after which the
/// same controller decides otherwise. Probes stand on the boundaries; stability says how
/// far from them the real gesture was, beyond any single anchor.
///
/// The perturbations act on the frames (contacts in millimetres, kernel times), so the
/// pan recognizer and its velocity estimate run again on them, as they would on a new
/// recording: 8 time warps (× 0.8 … 1.25), 6 report rates (60 … 240 Hz, the frames
/// resampled), 25 position noises (±0.2 mm, uniform, seeds 1 … 25) and the last frame
/// before lift-off dropped: 40 in all, the same for every track and every run.
package struct Stability: Hashable, Sendable {
    /// One perturbation, by name (`time x0.8`, `rate 60 Hz`, `noise 0.2 mm #7`, `last frame dropped`).
    package struct Perturbation: Hashable, Sendable {
        /// What was done.
        package var name: String
        /// How far from the recording it is, to name the smallest that flips: |warp − 1|,
        /// |rate − the recording's| / the recording's, noise 0.2 mm.
        package var size: Double
    }

    /// Perturbations made.
    package var total: Int
    /// Those after which the outcome differs from the track's.
    package var flips: [Perturbation]

    /// The smallest perturbation that flips the outcome, `nil` when none does.
    package var worst: Perturbation? { flips.min { ($0.size, $0.name) < ($1.size, $1.name) } }
    /// Whether any perturbation flips it.
    package var isFragile: Bool { !flips.isEmpty }

    /// `fragile: 7 of 40 perturbations flip it (the smallest: time x0.95)` or `stable: none of 40 …`.
    package var summary: String {
        guard let worst else { return "stable: none of \(total) perturbations flips it" }
        return "fragile: \(flips.count) of \(total) perturbations flip it (the smallest: \(worst.name))"
    }

    /// The stability of a track: its `frames` perturbed, each through the pan recognizer and
    /// a fresh controller, against `outcome`.
    package static func analyse<Controller: InteractiveDismissalController>(
        frames: [Frame], deviceKind: DeviceKind, outcome: Outcome, configuration: ReplayConfiguration,
        makeController: (ReplayConfiguration) -> Controller
    ) -> Stability {
        var flips: [Perturbation] = []
        let variants = perturbations(of: frames)
        for (perturbation, perturbed) in variants {
            let samples = PanRecognizer.samples(for: perturbed, deviceKind: deviceKind, settings: configuration.pan)
            let run = DismissalRun.run(controller: makeController(configuration), settings: configuration.dismissal,
                                       samples: samples)
            if run.outcome != outcome { flips.append(perturbation) }
        }
        return Stability(total: variants.count, flips: flips)
    }

    /// The 40 perturbed copies of `frames`, in a fixed order.
    static func perturbations(of frames: [Frame]) -> [(Perturbation, [Frame])] {
        guard let first = frames.first else { return [] }
        var out: [(Perturbation, [Frame])] = []
        for factor in [0.8, 0.85, 0.9, 0.95, 1.05, 1.1, 1.2, 1.25] {
            out.append((Perturbation(name: "time x\(factor)", size: abs(factor - 1)), warped(frames, from: first.time, by: factor)))
        }
        let span = Double(frames.last!.time.microseconds(since: first.time)) / 1_000_000
        let recordedRate = frames.count > 1 && span > 0 ? Double(frames.count - 1) / span : 100
        for rate in [60.0, 90, 120, 144, 180, 240] {
            out.append((Perturbation(name: "rate \(Int(rate)) Hz", size: abs(rate - recordedRate) / recordedRate),
                        resampled(frames, at: rate)))
        }
        for seed in 1...25 {
            out.append((Perturbation(name: "noise 0.2 mm #\(seed)", size: 0.2), noisy(frames, millimetres: 0.2, seed: UInt64(seed))))
        }
        out.append((Perturbation(name: "last frame dropped", size: 0.01), droppingLastFrameBeforeLift(frames)))
        return out
    }

    /// Times from the first frame × `factor`.
    static func warped(_ frames: [Frame], from start: EventTime, by factor: Double) -> [Frame] {
        frames.map { f in
            var f = f
            let offset = Double(f.time.microseconds(since: start)) * factor
            f.time = EventTime(totalMicroseconds: start.totalMicroseconds &+ UInt64(max(0, offset.rounded())))
            return f
        }
    }

    /// Frames at `rate` Hz from the first to the last, each contact's position interpolated
    /// between the recorded frames around it (a contact in only one of them is taken from
    /// the earlier); the lift frame is kept last, so the gesture still ends.
    static func resampled(_ frames: [Frame], at rate: Double) -> [Frame] {
        guard let first = frames.first, let last = frames.last, frames.count > 2 else { return frames }
        let total = Double(last.time.microseconds(since: first.time))
        let step = 1_000_000 / rate
        var out: [Frame] = []
        var index = 0
        var t = 0.0
        while t < total {
            while index + 1 < frames.count, Double(frames[index + 1].time.microseconds(since: first.time)) <= t { index += 1 }
            var f = frames[index]
            if index + 1 < frames.count {
                let a = frames[index], b = frames[index + 1]
                let ta = Double(a.time.microseconds(since: first.time)), tb = Double(b.time.microseconds(since: first.time))
                let w = tb > ta ? (t - ta) / (tb - ta) : 0
                f.contacts = a.contacts.map { c in
                    guard let next = b.contacts.first(where: { $0.id == c.id }) else { return c }
                    var c = c
                    c.position = c.position + (next.position - c.position) * w
                    return c
                }
            }
            f.time = EventTime(totalMicroseconds: first.time.totalMicroseconds &+ UInt64(t.rounded()))
            f.index = out.count
            out.append(f)
            t += step
        }
        var end = last
        end.index = out.count
        out.append(end)
        return out
    }

    /// Every contact moved by up to ±`millimetres` on each axis, uniformly, from a fixed seed.
    static func noisy(_ frames: [Frame], millimetres: Double, seed: UInt64) -> [Frame] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next() -> Double {   // SplitMix64 → [-1, 1)
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 52) - 1
        }
        return frames.map { f in
            var f = f
            f.contacts = f.contacts.map { c in
                var c = c
                c.position = c.position + Vector2(x: next() * millimetres, y: next() * millimetres)
                return c
            }
            return f
        }
    }

    /// The last frame with contacts before the lift frame removed.
    static func droppingLastFrameBeforeLift(_ frames: [Frame]) -> [Frame] {
        guard let lift = frames.lastIndex(where: { $0.contacts.isEmpty }), lift > 0,
              let before = frames[..<lift].lastIndex(where: { !$0.contacts.isEmpty }) else { return frames }
        var out = frames
        out.remove(at: before)
        return out
    }
}
