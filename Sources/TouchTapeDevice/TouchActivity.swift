import TouchTapeEvents

/// Follows, frame by frame, how many fingers are on the surface, so the recorder
/// knows when a gesture starts and when its last contact lifts.
///
/// Finger count after each `SYN_REPORT` is the largest of: slots with a tracking id
/// (protocol B), contacts reported in the frame (protocol A: `SYN_MT_REPORT`s that
/// carried MT data), the `BTN_TOOL_*` finger count (touchpads track fewer slots than
/// fingers), and 1 for `BTN_TOUCH` down (single-touch devices). A gesture is the run
/// of frames with a count above zero.
///
/// Assumes the surface is untouched when recording starts (the recorder cannot know
/// which touches began earlier); a touch already down shows up as a gesture whose
/// first frames lack their touch-down events.
public struct TouchActivity: Sendable {
    private var slot = 0
    private var activeSlots: Set<Int> = []
    private var frameMTReports = 0
    private var mtDataSinceReport = false
    private var toolFingers: [UInt16: Bool] = [:]
    private var touchDown = false

    /// Fingers down after the last complete frame.
    public private(set) var fingers = 0

    private let usesSlots: Bool

    /// `touchProtocol` decides whether tracking ids are per slot (B) or incidental (A).
    public init(touchProtocol: TouchProtocol) {
        if case .multitouchB = touchProtocol { usesSlots = true } else { usesSlots = false }
    }

    /// Feeds one event; returns the finger count when the event ends a frame.
    public mutating func feed(_ event: InputEvent) -> Int? {
        switch event.eventType {
        case .syn:
            switch event.code {
            case EventCodes.SYN_MT_REPORT:
                if mtDataSinceReport { frameMTReports += 1 }
                mtDataSinceReport = false
            case EventCodes.SYN_REPORT:
                let tools = toolFingers.filter(\.value).keys.map { EventCodes.fingerCountByToolKey[$0] ?? 0 }.max() ?? 0
                fingers = max(activeSlots.count, frameMTReports, tools, touchDown ? 1 : 0)
                frameMTReports = 0
                mtDataSinceReport = false
                return fingers
            default:
                break
            }
        case .abs:
            if event.code == EventCodes.ABS_MT_SLOT {
                slot = Int(event.value)
            } else if event.code == EventCodes.ABS_MT_TRACKING_ID {
                if usesSlots {
                    if event.value >= 0 { activeSlots.insert(slot) } else { activeSlots.remove(slot) }
                }
                mtDataSinceReport = true
            } else if event.code >= EventCodes.ABS_MT_TOUCH_MAJOR && event.code <= EventCodes.ABS_MT_DISTANCE {
                mtDataSinceReport = true
            }
        case .key:
            if event.code == EventCodes.BTN_TOUCH {
                touchDown = event.value != 0
            } else if EventCodes.fingerCountByToolKey[event.code] != nil {
                toolFingers[event.code] = event.value != 0
            }
        default:
            break
        }
        return nil
    }
}
