import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// Everything that happened when one track went through the pipeline: the pan samples,
/// what the controller made of each, its decision, the completion animation's frames and
/// the callbacks, on the virtual clock. Checks read only this (and the settings the
/// controller claims to follow), so any controller can be checked the same way.
public struct Transcript: Sendable {
    /// Which recording and track this is.
    public var file: String
    public var track: Int
    public var deviceKind: DeviceKind
    public var touchProtocol: TouchProtocol
    /// The most fingers down at once in the track.
    public var fingers: Int
    /// The recorder's label and note, if any.
    public var annotation: TrackAnnotation
    /// The rules the controller claims to follow: the checks' oracle.
    public var settings: DismissalSettings
    public var profileName: String

    public var samples: [PanSample]
    /// One per sample handed to the controller while a transition existed.
    public var updates: [ProgressUpdate]
    public var decision: Decision?
    public var outcome: Outcome
    public var reason: DecisionReason
    public var completionFrames: [CompletionFrame]
    public var callbacks: [DismissalCallback]
    /// Facts a reader of the report needs (assumed resolution, pointer-only motion, …).
    public var notes: [String]

    public init(
        file: String, track: Int, deviceKind: DeviceKind, touchProtocol: TouchProtocol, fingers: Int,
        annotation: TrackAnnotation, settings: DismissalSettings, profileName: String,
        samples: [PanSample], updates: [ProgressUpdate], decision: Decision?, outcome: Outcome,
        reason: DecisionReason, completionFrames: [CompletionFrame], callbacks: [DismissalCallback],
        notes: [String] = []
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
    }

    /// The completion callbacks (`completeTransition`) only.
    public var completionCalls: [DismissalCallback] { callbacks.filter { $0.kind == .completeTransition } }
}
