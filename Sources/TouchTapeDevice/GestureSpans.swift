import TouchTapeEvents

/// Where each gesture lies in an event stream: from the first event of the frame in
/// which a contact lands to the `SYN_REPORT` of the frame in which the last one lifts
/// (``TouchActivity`` decides). Frames between gestures belong to none.
///
/// STOPGAP for `play --track N` until the tracks module's splitter is in the tree.
public enum GestureSpans {
    public static func split(_ events: [InputEvent], touchProtocol: TouchProtocol) -> [Range<Int>] {
        var activity = TouchActivity(touchProtocol: touchProtocol)
        var spans: [Range<Int>] = []
        var frameStart = 0
        var gestureStart: Int?
        for (index, event) in events.enumerated() {
            guard let fingers = activity.feed(event) else { continue }
            if fingers > 0, gestureStart == nil { gestureStart = frameStart }
            if fingers == 0, let start = gestureStart {
                spans.append(start..<(index + 1))
                gestureStart = nil
            }
            frameStart = index + 1
        }
        if let start = gestureStart { spans.append(start..<events.count) }
        return spans
    }
}
