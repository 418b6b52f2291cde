/// What can happen to a dismissal controller.
package enum DismissalEvent: Hashable, Sendable {
    /// A pan was recognised; `accepted` = the begin rule let it start a transition.
    case began(accepted: Bool)
    case changed
    /// The pan ended or was cancelled.
    case released
    case decided(Outcome)
    /// The completion animation ran out and the completion callback ran.
    case animationEnded
}
