import TouchTapeEvents
import TouchTapeDismissal

/// One row of a replay report: a track's identity, its release, its outcome and its checks.
public struct TrackReport: Sendable {
    public var file: String
    public var track: Int
    public var deviceName: String
    public var deviceKind: DeviceKind
    public var touchProtocol: TouchProtocol
    public var fingers: Int
    /// The fraction UIKit held at release; `nil` when no transition started.
    public var releaseProgress: Double?
    /// Points per second at release; `nil` when the pan never began.
    public var releaseVelocity: Vector2?
    public var outcome: Outcome
    public var reason: DecisionReason
    public var expected: ExpectedOutcome?
    public var checks: [CheckResult]
    public var notes: [String]
    /// Why the outcome is what it is, and the release's margins to the threshold and the flick velocity.
    public var explanation: OutcomeExplanation
    /// The recorder's (user's) note, apart from the tool's diagnostics.
    public var userNote: String?
    /// Assumptions the tool made for this track's file (e.g. a resolution); the same for every
    /// track of a file, so the text report says them once per file.
    public var assumptions: [String] = []

    public var passed: Bool { checks.allSatisfy(\.passed) }
    public var failedChecks: [CheckResult] { checks.filter { !$0.passed } }

    public init(transcript t: Transcript, deviceName: String, checks: [CheckResult]) {
        file = t.file
        track = t.track
        self.deviceName = deviceName
        deviceKind = t.deviceKind
        touchProtocol = t.touchProtocol
        fingers = t.fingers
        releaseProgress = t.decision?.progress
        releaseVelocity = t.decision?.velocity ?? t.samples.last(where: { $0.phase == .ended || $0.phase == .cancelled })?.velocity
        outcome = t.outcome
        reason = t.reason
        expected = t.annotation.expected
        self.checks = checks
        notes = t.notes
        explanation = OutcomeExplanation(transcript: t)
        userNote = t.annotation.note.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The tool's own diagnostics: ``notes`` less the user's note and the assumptions.
    public var diagnostics: [String] {
        notes.filter { !$0.hasPrefix("note: ") && !assumptions.contains($0) }
    }

    /// Checks that did not apply to this track.
    public var skippedChecks: [CheckResult] { checks.filter(\.skipped) }
}
