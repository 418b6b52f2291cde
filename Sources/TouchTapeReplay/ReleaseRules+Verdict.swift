@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

extension ReleaseRules {
    /// The reason the declared rules give for a release, for a controller that did not
    /// explain its decision (``TransitionContext/explain(_:_:)``): a flick or cancel
    /// velocity when the velocity decides, otherwise the position test (threshold or anchor).
    /// It names the rule only; whether the outcome agrees is for the checks to say.
    package func verdict(for decision: Decision, release: PanSample?) -> (reason: DecisionReason, detail: String) {
        switch velocityVerdict(decision.velocity, progress: decision.progress) {
        case .forwardFlick(let why):
            return (.flick, why.text)
        case .cancelVelocity(let why):
            return (settings.cancelVelocity == .oppositeFlick ? .flick : .veto, why.text)
        case .none:
            let position = positionPasses(progress: decision.progress, rawProgress: decision.rawProgress,
                                          translation: release?.translation ?? .zero, velocity: decision.velocity)
            let reason: DecisionReason
            if case .positionVsAnchor = settings.decisionInput { reason = .anchor } else { reason = .threshold }
            return (reason, position?.detail.text ?? "")
        }
    }
}
