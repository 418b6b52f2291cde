/// What one frame means for gesture splitting, as ``TrackSplitter/feed(frame:)`` reports it.
package enum TrackBoundary: Hashable, Sendable {
    /// The first frame with something down: a gesture begins at this frame
    /// (its ``Frame/index`` and first source event index).
    case began(frameIndex: Int, eventIndex: Int)
    /// The frame in which the last contact lifted: the gesture is complete and may be
    /// flushed. The span includes this frame.
    case ended(TrackSpan)
}
