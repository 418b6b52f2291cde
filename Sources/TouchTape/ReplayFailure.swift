import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapePan
import TouchTapeDismissal
import TouchTapeReplay

/// A failed check on one track, located: the file, the track, the check, the time and
/// the recording frame where it went wrong, and the values that show it — the message a
/// failing test prints.
///
/// ```text
/// Recordings/touchscreen-pan-down-finish.evemu track 1: progress-monotonic failed at t=0.316 s
/// (frame 38 of the track, frame 38 of the recording): progress went from 0.397 to 0.386
/// while the pan moved +13 pt towards the dismiss edge (bottom)
/// ```
public struct ReplayFailure: Hashable, Sendable, CustomStringConvertible {
    /// The recording file, as the report names it.
    public var file: String
    /// The track number (`touchtape inspect` numbers tracks the same way).
    public var track: Int
    /// The check's name (`progress-monotonic`, `threshold`, …).
    public var check: String
    /// Seconds since the track's first frame; `nil` when the failure has no moment (a
    /// completion that never came has the release's).
    public var time: Double?
    /// The frame of the pan sample where it went wrong, counted from 1 within the track and
    /// within the recording (`touchtape inspect` counts a track's frames the same way).
    public var frameInTrack: Int?
    /// See ``frameInTrack``.
    public var frameInRecording: Int?
    /// What went wrong, with the values.
    public var explanation: String
    /// The check's own one-line detail.
    public var detail: String
    /// The probe the failure is on (`threshold+`), with what it did to the track; `nil` on
    /// the recorded track itself. `touchtape replay FILE --probes` shows the same row.
    public var probe: String?

    /// A failure from its parts.
    package init(file: String, track: Int, check: String, time: Double?, frameInTrack: Int?, frameInRecording: Int?,
                explanation: String, detail: String) {
        self.file = file
        self.track = track
        self.check = check
        self.time = time
        self.frameInTrack = frameInTrack
        self.frameInRecording = frameInRecording
        self.explanation = explanation
        self.detail = detail
    }

    /// Locates a failed check on a replayed track.
    package init(check: CheckResult, track: ReplayedTrack) {
        let located = Self.locate(check: check, in: track.transcript)
        let frame = located.time.flatMap { track.frame(at: $0) }
        self.init(file: track.report.file, track: track.report.track, check: check.name, time: located.time,
                  frameInTrack: frame.map { $0.frame - track.firstFrame + 1 }, frameInRecording: frame.map { $0.frame + 1 },
                  explanation: located.explanation ?? check.detail, detail: check.detail)
        if let name = track.report.probe {
            let what = track.transcript.notes.first { $0.hasPrefix("probe \(name): ") }
            probe = what.map { String($0.dropFirst("probe ".count)) } ?? name
        }
    }

    /// One line: `FILE track N: CHECK failed at t=T s (frame F of the track, frame G of the recording): explanation`.
    public var description: String {
        var text = "\(file) track \(track)\(probe.map { " probe \($0.prefix { $0 != ":" })" } ?? ""): \(check) failed"
        if let time { text += " at t=\(Self.format(time, 3)) s" }
        if let frameInTrack, let frameInRecording {
            text += " (frame \(frameInTrack) of the track, frame \(frameInRecording) of the recording)"
        }
        text += ": \(explanation)"
        if !explanation.hasPrefix(detail) { text += " [\(detail)]" }
        if let probe { text += " (probe \(probe))" }
        return text
    }

    // MARK: Locating

    /// The moment a check failed and the values around it, read from the transcript.
    static func locate(check: CheckResult, in t: Transcript) -> (time: Double?, explanation: String?) {
        switch check.name {
        case ProgressRangeCheck().name:
            if let u = t.updates.first(where: { !$0.progress.isFinite || !(0...1).contains($0.progress) }) {
                return (u.time, "progress \(format(u.progress, 3)) is outside 0…1 (the pan is at \(format(t.settings.edge.component(of: sampleTranslation(u.time, t)), 1)) \(t.settings.unit.symbol) towards the dismiss edge)")
            }
        case ProgressMonotonicCheck().name:
            if let step = firstBackwardStep(t) { return step }
        case ProgressValueCheck().name:
            if case .mismatch(let m) = ProgressValueCheck.compare(t) { return (m.time, nil) }
        case CompletionOnceCheck().name:
            if let callback = t.callbacks.last { return (t.decision?.time ?? callback.time, nil) }
        default:
            break
        }
        let release = t.decision?.time ?? t.samples.last { $0.phase == .ended || $0.phase == .cancelled }?.time
        guard let release else { return (nil, nil) }
        let v = t.decision?.velocity ?? .zero
        let along = t.settings.edge.component(of: sampleTranslation(release, t))
        return (release, "\(check.detail); at the release the pan was \(signed(along)) \(t.settings.unit.symbol) towards the dismiss edge (\(t.settings.edge)) at \(signed(t.settings.edge.component(of: v))) \(t.settings.unit.symbol)/s")
    }

    /// The first step between two updates that reached UIKit where progress moved against
    /// the pan (or moved without it), as `ProgressMonotonicCheck` judges.
    static func firstBackwardStep(_ t: Transcript) -> (time: Double?, explanation: String?)? {
        let sent = t.updates.filter(\.sentToUIKit)
        for (a, b) in zip(sent, sent.dropFirst()) {
            let dAxis = t.settings.edge.component(of: sampleTranslation(b.time, t))
                - t.settings.edge.component(of: sampleTranslation(a.time, t))
            let dP = b.progress - a.progress
            let moved = abs(dAxis) > ProgressMonotonicCheck.axisTolerance
            let progressed = abs(dP) > ProgressMonotonicCheck.progressTolerance
            let against = moved && progressed && (dP > 0) != (dAxis > 0)
            let stuck = moved && !progressed && t.settings.progressClamp.contains(b.rawProgress)
                && b.rawProgress != t.settings.progressClamp.lowerBound && b.rawProgress != t.settings.progressClamp.upperBound
            let alone = !moved && progressed
            guard against || stuck || alone else { continue }
            let pan = moved ? "while the pan moved \(signed(dAxis)) \(t.settings.unit.symbol) towards the dismiss edge (\(t.settings.edge))"
                            : "while the pan did not move along \(t.settings.edge)"
            return (b.time, "progress went from \(format(a.progress, 3)) to \(format(b.progress, 3)) \(pan)")
        }
        return nil
    }

    static func sampleTranslation(_ time: Double, _ t: Transcript) -> Vector2 {
        t.samples.first { $0.time == time }?.translation ?? .zero
    }

    static func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + format(value, abs(value) >= 10 ? 0 : 1)
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        return String(format: "%.\(decimals)f", value)
    }
}
