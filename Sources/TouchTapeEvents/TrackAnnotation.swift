/// What a person who recorded a gesture says it should do.
///
/// Lives in the vocabulary module because both the file formats (which store it)
/// and the tracks (which carry it) speak it.
public enum ExpectedOutcome: String, Hashable, Sendable, CaseIterable, Codable {
    case finish
    case cancel
}

/// Per-track notes stored inside a recording in a way the formats' own tools accept.
public struct TrackAnnotation: Hashable, Sendable {
    /// The outcome the recorder expects; `nil` when the track is unlabelled.
    public var expected: ExpectedOutcome?
    /// Free text (one line).
    public var note: String?
    /// The recorder stopped (signal, unplug, full disk) while this gesture was in progress.
    public var cutShort: Bool

    /// A value from its parts.
    public init(expected: ExpectedOutcome? = nil, note: String? = nil, cutShort: Bool = false) {
        self.expected = expected
        self.note = note
        self.cutShort = cutShort
    }

    /// No label, no note, not cut short.
    public var isEmpty: Bool { expected == nil && (note ?? "").isEmpty && !cutShort }
}
