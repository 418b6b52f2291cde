/// One call an app's controller made on its ``TransitionContext``, with the virtual time it
/// was made at: what TouchTape records, and all the checks judge.
package struct TransitionCall: Hashable, Sendable, Codable {
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

// A call is written as a snapshot reader reads code: `{"call": "update", "value": 0.42,
// "time": 0.5}`, not in the nested form a synthesised enum encoding would give.
extension TransitionCall {
    private enum CodingKeys: String, CodingKey { case time, call, value, finishing, didComplete }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time, forKey: .time)
        switch kind {
        case .begin: try c.encode("begin", forKey: .call)
        case .update(let value):
            try c.encode("update", forKey: .call)
            try c.encode(value, forKey: .value)
        case .finish: try c.encode("finish", forKey: .call)
        case .cancel: try c.encode("cancel", forKey: .call)
        case .animate(let finishing):
            try c.encode("animate", forKey: .call)
            try c.encode(finishing, forKey: .finishing)
        case .completeTransition(let done):
            try c.encode("completeTransition", forKey: .call)
            try c.encode(done, forKey: .didComplete)
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let time = try c.decode(Double.self, forKey: .time)
        let call = try c.decode(String.self, forKey: .call)
        let kind: Kind
        switch call {
        case "begin": kind = .begin
        case "update": kind = .update(try c.decode(Double.self, forKey: .value))
        case "finish": kind = .finish
        case "cancel": kind = .cancel
        case "animate": kind = .animate(finishing: try c.decode(Bool.self, forKey: .finishing))
        case "completeTransition": kind = .completeTransition(try c.decode(Bool.self, forKey: .didComplete))
        default:
            throw DecodingError.dataCorruptedError(forKey: .call, in: c, debugDescription: "unknown call '\(call)'")
        }
        self.init(time: time, kind: kind)
    }
}
