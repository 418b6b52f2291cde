@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames

/// Frames → gestures. A track runs from the first frame where anything is down
/// (``Frame/hasTouch``: a contact, a counted `BTN_TOOL_*` finger or `BTN_TOUCH`) to the
/// first frame after it where nothing is, inclusive. Frames in between gestures
/// (timestamp-only frames, button events with nothing down) belong to no track.
///
/// Incremental, so the live recorder can flush a gesture the moment it ends:
/// ```swift
/// var splitter = TrackSplitter()
/// if case .ended(let span) = splitter.feed(frame: frame) { flush(span.eventRange) }
/// ...
/// if let open = splitter.finish() { flush(open.eventRange) }   // stream ended mid-gesture
/// ```
/// ``tracks(from:description:units:annotations:)`` does the whole job for a recording.
package struct TrackSplitter: Sendable {
    enum Phase: Hashable, Sendable {
        case idle
        case inGesture(firstFrame: Int, firstEvent: Int, lastFrame: Int, lastEventEnd: Int, maxFingers: Int)
    }

    private(set) var phase: Phase = .idle

    /// A fresh instance.
    package init() {}

    /// True between ``TrackBoundary/began(frameIndex:eventIndex:)`` and ``TrackBoundary/ended(_:)``.
    package var isInGesture: Bool {
        switch phase {
        case .idle: return false
        case .inGesture: return true
        }
    }

    /// Feeds the next frame; returns a boundary when a gesture begins or ends here.
    package mutating func feed(frame: Frame) -> TrackBoundary? {
        let fingers = max(frame.fingerCount, frame.touchKeyDown ? 1 : 0)
        switch phase {
        case .idle:
            guard frame.hasTouch else { return nil }
            phase = .inGesture(firstFrame: frame.index, firstEvent: frame.eventRange.lowerBound, lastFrame: frame.index,
                               lastEventEnd: frame.eventRange.upperBound, maxFingers: fingers)
            return .began(frameIndex: frame.index, eventIndex: frame.eventRange.lowerBound)
        case .inGesture(let firstFrame, let firstEvent, _, _, let maxFingers):
            let most = max(maxFingers, fingers)
            guard frame.hasTouch else {
                phase = .idle
                return .ended(TrackSpan(frameRange: firstFrame..<(frame.index + 1),
                                        eventRange: firstEvent..<frame.eventRange.upperBound,
                                        maxFingers: most, endsWithContactsDown: false))
            }
            phase = .inGesture(firstFrame: firstFrame, firstEvent: firstEvent, lastFrame: frame.index,
                               lastEventEnd: frame.eventRange.upperBound, maxFingers: most)
            return nil
        }
    }

    /// The stream ended: the open gesture, if any, as a span marked
    /// ``TrackSpan/endsWithContactsDown`` (through the last complete frame).
    package mutating func finish() -> TrackSpan? {
        switch phase {
        case .idle:
            return nil
        case .inGesture(let firstFrame, let firstEvent, let lastFrame, let lastEventEnd, let maxFingers):
            phase = .idle
            return TrackSpan(frameRange: firstFrame..<(lastFrame + 1), eventRange: firstEvent..<lastEventEnd,
                             maxFingers: maxFingers, endsWithContactsDown: true)
        }
    }
}
