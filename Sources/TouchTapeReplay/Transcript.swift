@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal
import Foundation

/// Everything that happened when one track went through the pipeline: the pan samples,
/// what the controller made of each, its decision, the completion animation's frames and
/// the callbacks, on the virtual clock. Checks read only this (and the settings the
/// controller claims to follow), so any controller can be checked the same way.
///
/// A transcript is `Codable`, and ``snapshotJSON()`` is its stable text for snapshot tests:
/// the same track replayed into the same controller gives the same bytes on every run and
/// machine (keys sorted, settings' sets written in order, numbers in Swift's shortest
/// round-trip form).
///
/// ```swift
/// let run = replay.run(track)
/// let json = run.tracks[0].transcript.snapshotJSON()
/// #expect(json == (try String(contentsOf: snapshotURL, encoding: .utf8)))
/// #expect(try Transcript(snapshotJSON: json) == run.tracks[0].transcript)
/// ```
public struct Transcript: Hashable, Sendable, Codable {
    /// Which recording and track this is.
    public var file: String
    /// The track number within its file, from 1.
    public var track: Int
    /// Touchscreen, touchpad or other.
    package var deviceKind: DeviceKind
    /// The multitouch protocol: A, B (with slots) or single touch.
    package var touchProtocol: TouchProtocol
    /// The most fingers down at once in the track.
    package var fingers: Int
    /// The recorder's label and note, if any.
    package var annotation: TrackAnnotation
    /// `true`: the expected outcome in ``annotation`` is what the declared rules say of these
    /// samples (a probe's), not a recorder's label, and the checks' words say so. `nil` for
    /// a recorded track, so its snapshot keeps its bytes.
    package var expectationFromRules: Bool?
    /// The rules the controller claims to follow: the checks' oracle.
    package var settings: DismissalSettings
    /// The profile (or controller) name reports carry.
    package var profileName: String

    /// The pan samples, in time order.
    package var samples: [PanSample]
    /// One per sample handed to the controller while a transition existed.
    package var updates: [ProgressUpdate]
    /// The decision at the release; `nil` when none was made.
    package var decision: Decision?
    /// Finish, cancel or none.
    public var outcome: Outcome
    /// Which rule decided (or why nothing was decided).
    package var reason: DecisionReason
    /// The completion animation's frames on the virtual clock.
    package var completionFrames: [CompletionFrame]
    /// The finish/cancel and `completeTransition` calls, in time order.
    package var callbacks: [DismissalCallback]
    /// Facts a reader of the report needs (assumed resolution, pointer-only motion, …).
    package var notes: [String]
    /// Every call the controller made on its transition (`begin`, `update`, `finish`, …)
    /// with its virtual time.
    package var calls: [TransitionCall]

    /// A value from its parts.
    package init(
        file: String, track: Int, deviceKind: DeviceKind, touchProtocol: TouchProtocol, fingers: Int,
        annotation: TrackAnnotation, settings: DismissalSettings, profileName: String,
        samples: [PanSample], updates: [ProgressUpdate], decision: Decision?, outcome: Outcome,
        reason: DecisionReason, completionFrames: [CompletionFrame], callbacks: [DismissalCallback],
        notes: [String] = [], calls: [TransitionCall] = []
    ) {
        self.file = file
        self.track = track
        self.deviceKind = deviceKind
        self.touchProtocol = touchProtocol
        self.fingers = fingers
        self.annotation = annotation
        self.settings = settings
        self.profileName = profileName
        self.samples = samples
        self.updates = updates
        self.decision = decision
        self.outcome = outcome
        self.reason = reason
        self.completionFrames = completionFrames
        self.callbacks = callbacks
        self.notes = notes
        self.calls = calls
    }

    /// The completion callbacks (`completeTransition`) only.
    /// The sample the decision was made at (the release, or the cut-off); `nil` without a decision.
    package var releaseSample: PanSample? {
        decision.flatMap { d in samples.last { ($0.phase == .ended || $0.phase == .cancelled) && $0.time == d.time } }
    }

    package var completionCalls: [DismissalCallback] { callbacks.filter { $0.kind == .completeTransition } }
}

extension Transcript {
    /// The transcript as pretty-printed JSON with sorted keys, ending in a newline: the
    /// stable form to compare with a stored snapshot. Non-finite numbers (an unbounded
    /// progress range) are written as the strings `"inf"`, `"-inf"` and `"nan"`.
    public func snapshotJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Every part is plain data with finite-or-named numbers, so encoding cannot fail.
        let data = try! encoder.encode(self)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A transcript read back from ``snapshotJSON()``'s text.
    /// - Throws: `DecodingError` when the text is not a transcript snapshot.
    public init(snapshotJSON text: String) throws {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        self = try decoder.decode(Transcript.self, from: Data(text.utf8))
    }
}
