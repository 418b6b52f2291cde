@_spi(Pipeline) import TouchTapeEvents

/// A ``TrackAnnotation`` at its place in the event stream.
///
/// The mark stands AFTER `eventIndex` events, i.e. right after the last event of
/// the track it describes: a recorder appends it when a gesture ends, and the track
/// splitter gives each track the mark found between its last event and the next
/// track's first event. `convert` copies marks as it streams.
package struct AnnotationMark: Hashable, Sendable {
    /// How many events precede the mark.
    package var eventIndex: Int
    /// The recorder's label (expected outcome) and note.
    package var annotation: TrackAnnotation

    /// A value from its parts.
    package init(eventIndex: Int, annotation: TrackAnnotation) {
        self.eventIndex = eventIndex
        self.annotation = annotation
    }
}
