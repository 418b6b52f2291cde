import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeReplay

/// One finished gesture as the history shows it: its report row (the same checks as
/// `touchtape replay`), where its label came from, whether it was saved, the settings it
/// ran under and, when the settings changed since, its outcome under the ones now in force.
///
/// It keeps its run and its events, so a selected gesture can be labelled, saved and
/// decided again long after newer ones came.
package struct LiveHistoryEntry: Sendable {
    /// Where a gesture's expected outcome came from.
    package enum LabelSource: String, Hashable, Sendable {
        /// No label yet: checked without `expected-outcome`.
        case none
        /// The recording's own mark (`--from FILE`).
        case file
        /// The `f` / `c` / `n` keys.
        case key
    }

    package var gesture: Int
    package var report: TrackReport
    package var labelSource: LabelSource
    /// The edge the gesture was decided for (the release velocity is shown along it).
    package var edge: DismissEdge
    /// The file it was appended to with `s`.
    package var savedTo: String?
    /// A recording's gesture whose mark (its label) is read only when the next gesture
    /// begins or the recording ends: until then its checks are not final, and the view says
    /// so (`...`) rather than `ok`.
    package var labelPending = false
    /// The settings it ran under (the session's when it began).
    package var settings: SessionSettings
    /// Its run (for checks under a new label).
    package var run: TrackRun?
    /// Its label and note now (the recording's mark, or a key's).
    package var annotation = TrackAnnotation()
    /// Its events, playable alone (for `s` and for deciding it again).
    package var events: [InputEvent] = []
    /// Its outcome under the settings now in force, when they differ from ``settings``
    /// (`nil`: the same settings, the outcome is ``report``'s).
    package var now: Outcome?

    package init(gesture: Int, report: TrackReport, labelSource: LabelSource, edge: DismissEdge, savedTo: String? = nil,
                 settings: SessionSettings = SessionSettings(), run: TrackRun? = nil) {
        self.gesture = gesture
        self.report = report
        self.labelSource = labelSource
        self.edge = edge
        self.savedTo = savedTo
        self.settings = settings
        self.run = run
    }

    /// Whether the settings now in force would decide it the other way.
    package var flips: Bool { now.map { $0 != report.outcome } ?? false }

    package var passed: Bool { report.passed }
    /// The release velocity along the dismiss axis (points/s), when there was a release.
    package var releaseVelocity: Double? { report.releaseVelocity.map { edge.component(of: $0) } }
}

/// Time from an event's read to the controller's would-be decision, per frame.
package struct ProcessingTimes: Hashable, Sendable {
    package private(set) var count = 0
    package private(set) var lastMicroseconds: Int64 = 0
    package private(set) var maximumMicroseconds: Int64 = 0
    private var totalMicroseconds: Int64 = 0

    package init() {}

    package mutating func record(microseconds: Int64) {
        let value = max(0, microseconds)
        count += 1
        lastMicroseconds = value
        maximumMicroseconds = max(maximumMicroseconds, value)
        totalMicroseconds += value
    }

    package var meanMicroseconds: Double { count == 0 ? 0 : Double(totalMicroseconds) / Double(count) }
}
