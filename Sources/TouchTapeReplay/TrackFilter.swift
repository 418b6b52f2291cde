@_spi(Pipeline) import TouchTapeEvents

/// Which tracks of the recordings to hold a controller to, by their label.
///
/// ```swift
/// let result = ControllerReplay(rules: rules) { CardDismissal() }.run(recordings, tracks: .labelled(.finish))
/// ```
public struct TrackFilter: Sendable {
    /// Whether a track with this label (expected outcome, note) is replayed.
    package var includes: @Sendable (TrackAnnotation) -> Bool

    /// A filter from a predicate on the track's label.
    package init(_ includes: @escaping @Sendable (TrackAnnotation) -> Bool) {
        self.includes = includes
    }

    /// Every track.
    public static let all = TrackFilter { _ in true }
    /// Tracks labelled with an expected outcome.
    public static let labelled = TrackFilter { $0.expected != nil }
    /// Tracks labelled with this expected outcome.
    public static func labelled(_ outcome: ExpectedOutcome) -> TrackFilter { TrackFilter { $0.expected == outcome } }
    /// Tracks without an expected outcome.
    public static let unlabelled = TrackFilter { $0.expected == nil }
    /// Tracks whose note contains `text`.
    public static func note(containing text: String) -> TrackFilter {
        TrackFilter { ($0.note ?? "").contains(text) }
    }
}
