@_spi(Pipeline) import TouchTapeEvents

/// One thing a ``RecordingStream`` yields, in file order.
package enum RecordingItem: Hashable, Sendable {
    case event(InputEvent)
    /// A track annotation; it belongs after the events yielded before it.
    case annotation(TrackAnnotation)
}
