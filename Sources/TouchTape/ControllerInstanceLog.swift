@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapePan
import TouchTapeDismissal
import TouchTapeReplay

/// Watches a controller factory for a class instance handed out twice: a controller keeps
/// state from its pan, so one instance shared by two tracks would carry one gesture into
/// the next. Value controllers are copies and never count.
final class ControllerInstanceLog {
    private var seen: Set<ObjectIdentifier> = []
    /// The instances themselves, kept alive so that no new one can reuse a freed one's
    /// identity during the run.
    private var kept: [AnyObject] = []
    /// Tracks that got an instance an earlier track already had.
    private(set) var reusedCount = 0

    /// Notes the controller a track got.
    func note<Controller>(_ controller: Controller) {
        guard Controller.self is AnyClass else { return }
        let object = controller as AnyObject
        if seen.insert(ObjectIdentifier(object)).inserted { kept.append(object) } else { reusedCount += 1 }
    }
}
