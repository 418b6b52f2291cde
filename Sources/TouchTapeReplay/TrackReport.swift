@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// One row of a replay report: a track's identity, its release, its outcome and its checks.
package struct TrackReport: Sendable {
    /// The recording file the track came from, as reports name it.
    package var file: String
    /// The track number within its file, from 1.
    package var track: Int
    /// The device's name.
    package var deviceName: String
    /// Touchscreen, touchpad or other.
    package var deviceKind: DeviceKind
    /// The multitouch protocol: A, B (with slots) or single touch.
    package var touchProtocol: TouchProtocol
    /// The most fingers down at once in the track.
    package var fingers: Int
    /// The fraction UIKit held at release; `nil` when no transition started.
    package var releaseProgress: Double?
    /// Points per second at release; `nil` when the pan never began.
    package var releaseVelocity: Vector2?
    /// The sample the decision was made at, for deciding it again under other settings
    /// (``SettingsRegion``); `nil` without a decision.
    package var release: PanSample?
    /// Finish, cancel or none.
    package var outcome: Outcome
    /// Which rule decided (or why nothing was decided).
    package var reason: DecisionReason
    /// The label's expected outcome; `nil` for an unlabelled track.
    package var expected: ExpectedOutcome?
    /// The check results, in report order.
    package var checks: [CheckResult]
    /// Facts a reader of the report needs (assumed resolution, cut short, …).
    package var notes: [String]
    /// Why the outcome is what it is, and the release's margins to the threshold and the flick velocity.
    package var explanation: OutcomeExplanation
    /// The recorder's (user's) note, apart from the tool's diagnostics.
    package var userNote: String?
    /// Assumptions the tool made for this track's file (e.g. a resolution); the same for every
    /// track of a file, so the text report says them once per file.
    package var assumptions: [String] = []
    /// The probe this row is (``Probe/name``: `threshold+`), `nil` for the recorded track itself.
    package var probe: String?
    /// The line of its recording where the track's first frame starts (its first event's
    /// line), for annotations that point into the file (`--format github`); `nil` where the
    /// reader cannot say. Not part of the text, JSON or JUnit reports.
    package var line: Int?
    /// How easily the outcome flips (``ReplayEngine/stability``), `nil` when not analysed.
    package var stability: Stability?
    /// The unit of every distance and velocity in the row (the profile's).
    package var unit: PlatformUnit = .points

    /// No check failed.
    package var passed: Bool { checks.allSatisfy(\.passed) }
    /// The checks that failed.
    package var failedChecks: [CheckResult] { checks.filter { !$0.passed } }

    /// A value from its parts.
    package init(transcript t: Transcript, deviceName: String, checks: [CheckResult]) {
        self.init(transcript: t, deviceName: deviceName, checks: checks, explanation: OutcomeExplanation(transcript: t))
    }

    /// A row whose explanation was made already (with the pan settings in force), so it is
    /// not made twice per track (nor per probe).
    package init(transcript t: borrowing Transcript, deviceName: String, checks: [CheckResult], explanation: OutcomeExplanation) {
        file = t.file
        track = t.track
        unit = t.settings.unit
        self.deviceName = deviceName
        deviceKind = t.deviceKind
        touchProtocol = t.touchProtocol
        fingers = t.fingers
        releaseProgress = t.decision?.progress
        releaseVelocity = t.decision?.velocity ?? t.samples.last(where: { $0.phase == .ended || $0.phase == .cancelled })?.velocity
        release = t.releaseSample
        outcome = t.outcome
        reason = t.reason
        expected = t.annotation.expected
        self.checks = checks
        notes = t.notes
        self.explanation = explanation
        userNote = t.annotation.note.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The tool's own diagnostics: ``notes`` less the user's note and the assumptions.
    package var diagnostics: [String] {
        notes.filter { !$0.hasPrefix("note: ") && !assumptions.contains($0) }
    }

    /// Checks that did not apply to this track.
    package var skippedChecks: [CheckResult] { checks.filter(\.skipped) }
}
