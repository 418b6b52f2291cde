/// A call the transition machinery would receive, with its time on the virtual clock.
package struct DismissalCallback: Hashable, Sendable, Codable {
    /// Which UIKit call.
    package enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
        case finishInteractiveTransition
        case cancelInteractiveTransition
        /// `completeTransition(_ didComplete:)`: the completion callback, exactly once per
        /// decided transition.
        case completeTransition
    }

    /// Seconds on the track's virtual clock.
    package var time: Double
    /// Which call it was.
    package var kind: Kind
    /// For `.completeTransition`, its argument; for the interactive calls, whether it was the finish one.
    package var finished: Bool

    /// A call at `time`.
    package init(time: Double, kind: Kind, finished: Bool) {
        self.time = time
        self.kind = kind
        self.finished = finished
    }
}
