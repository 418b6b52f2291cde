/// Where a dismissal controller is in its life.
///
/// ```
/// idle ──began(ok)──► interactive ──released──► deciding ──decided(finish|cancel)──► animating ──animationEnded──► completed
///   │                  ▲    │changed                   └──decided(none)──► undecided   (PhotoZoomAnimator: cancelled gesture ignored)
///   └──began(refused)──► notStarted (changed/released keep it there: no transition, no callbacks)
/// ```
/// A pan after a completed transition or a refused pan begins as from `idle`: UIKit hands
/// a view controller's interaction controller every pan, and after a cancel the view
/// controller, and its controller, are still there.
/// ``next(on:)`` is the whole table; combinations it does not list return `nil` and the
/// controller records them as unexpected instead of ignoring them silently.
package enum DismissalState: String, Hashable, Sendable, CaseIterable, Codable {
    /// No pan yet.
    case idle
    /// The begin rule refused the pan; the rest of it is ignored.
    case notStarted
    /// Tracking the pan and reporting progress.
    case interactive
    /// Released; the rules are being applied (transient inside `panEnded`).
    case deciding
    /// The pan ended without a decision (ignored `.cancelled`); the transition hangs interactive.
    case undecided
    /// The completion animation is running.
    case animating
    /// The completion callback has run.
    case completed

    /// The state after `event`, or `nil` when the event makes no sense here.
    package func next(on event: DismissalEvent) -> DismissalState? {
        switch self {
        case .idle:
            switch event {
            case .began(let accepted): return accepted ? .interactive : .notStarted
            case .changed, .released, .decided, .animationEnded: return nil
            }
        case .notStarted:
            switch event {
            case .changed, .released: return .notStarted
            case .began(let accepted): return accepted ? .interactive : .notStarted
            case .decided, .animationEnded: return nil
            }
        case .interactive:
            switch event {
            case .changed: return .interactive
            case .released: return .deciding
            case .began, .decided, .animationEnded: return nil
            }
        case .deciding:
            switch event {
            case .decided(let outcome):
                switch outcome {
                case .finish, .cancel: return .animating
                case .none: return .undecided
                }
            case .began, .changed, .released, .animationEnded: return nil
            }
        case .animating:
            switch event {
            case .animationEnded: return .completed
            case .began, .changed, .released, .decided: return nil
            }
        case .completed:
            switch event {
            case .began(let accepted): return accepted ? .interactive : .notStarted
            case .changed, .released, .decided, .animationEnded: return nil
            }
        case .undecided:
            // The transition hangs interactive: a new pan cannot start another.
            switch event {
            case .began, .changed, .released, .decided, .animationEnded: return nil
            }
        }
    }
}
