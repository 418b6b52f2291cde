/// One call an app's controller made on its ``TransitionContext``, with the virtual time it
/// was made at: what TouchTape records, and all the checks judge.
package struct TransitionCall: Hashable, Sendable {
    /// Which call, with its argument.
    package enum Kind: Hashable, Sendable {
        /// The interactive transition started (the app's `dismiss(animated: true)`).
        case begin
        /// `update(_ percentComplete:)`.
        case update(Double)
        /// `finishInteractiveTransition()`.
        case finish
        /// `cancelInteractiveTransition()`.
        case cancel
        /// A completion animation started without an interactive call yet (the app calls
        /// `finish()` or `cancel()` in its completion block); `finishing` is its direction.
        case animate(finishing: Bool)
        /// `completeTransition(_ didComplete:)`.
        case completeTransition(Bool)
    }

    /// Seconds on the track's virtual clock.
    package var time: Double
    /// Which call, with its argument.
    package var kind: Kind

    /// A call made at `time`.
    package init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}

extension TransitionCall {
    /// The call as code would read, e.g. `update(0.42)`, `completeTransition(true)`.
    package static func name(of kind: Kind) -> String {
        switch kind {
        case .begin: return "begin()"
        case .update(let value): return "update(\(value))"
        case .finish: return "finish()"
        case .cancel: return "cancel()"
        case .animate(let finishing): return "animate(finishing: \(finishing))"
        case .completeTransition(let done): return "completeTransition(\(done))"
        }
    }
}
