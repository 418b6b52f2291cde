/// What a person who recorded a gesture says it should do.
///
/// Lives in the vocabulary module because both the file formats (which store it)
/// and the tracks (which carry it) speak it.
///
/// Spelled as in files (`expect=none`), options (`label --expect none`, `record --expect
/// none`) and the live view's `n` key. A track with no expected outcome at all is
/// *unlabelled* (`TrackAnnotation.expected == nil`): nothing is expected of it.
public enum ExpectedOutcome: String, Hashable, Sendable, CaseIterable, Codable {
    /// The released pan completes the dismissal.
    case finish
    /// The released pan rolls the dismissal back.
    case cancel
    /// No transition may start at all: the gesture must not dismiss (a pan up on a
    /// card dismissed downwards, a pan that starts sideways, a one-finger touchpad motion).
    case none
}

/// Per-track notes stored inside a recording in a way the formats' own tools accept.
package struct TrackAnnotation: Hashable, Sendable, Codable {
    /// The outcome the recorder expects; `nil` when the track is unlabelled.
    package var expected: ExpectedOutcome?
    /// Free text (one line).
    package var note: String?
    /// The recorder stopped (signal, unplug, full disk) while this gesture was in progress.
    package var cutShort: Bool

    /// A value from its parts.
    package init(expected: ExpectedOutcome? = nil, note: String? = nil, cutShort: Bool = false) {
        self.expected = expected
        self.note = note
        self.cutShort = cutShort
    }

    /// No label, no note, not cut short.
    package var isEmpty: Bool { expected == nil && (note ?? "").isEmpty && !cutShort }
}
