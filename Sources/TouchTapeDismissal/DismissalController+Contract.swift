import TouchTapePan

extension DismissalController: InteractiveDismissalController {
    /// The built-in profiles through the public contract: the model's answer for each
    /// sample becomes the UIKit calls the modelled library makes, and nothing else reaches
    /// a replay.
    ///
    /// - `.began` accepted: `begin()`, and `update(_:)` when the library sends `.began`.
    /// - `.changed`: `update(_:)` when the library sends it (the fraction it holds).
    /// - `.ended`/`.cancelled`: the release update where the library makes one, the
    ///   model's reason, then `finish(with:)`/`cancel(with:)` at the release, or, for a
    ///   library that calls them in its completion block
    ///   (``DismissalSettings/InteractiveCallbackTiming/afterAnimation``), `animate(_:)`.
    public mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        switch gesture.state {
        case .began:
            guard let update = panBegan(gesture.sample) else { return }
            transition.begin()
            if update.sentToUIKit { transition.update(update.progress) }
        case .changed:
            let update = panChanged(gesture.progressSample)
            if update.sentToUIKit { transition.update(update.progress) }
        case .ended, .cancelled:
            let sample = gesture.sample
            let sendsUpdate = state == .interactive && sendsUpdate(at: sample)
            let decision = panEnded(sample)
            if sendsUpdate { transition.update(progress) }
            transition.explain(decision.reason, decision.detail)
            guard let animation = completion(from: decision, progress: decision.progress, velocity: decision.velocity) else {
                return
            }
            switch (settings.interactiveCallbackTiming, decision.outcome) {
            case (.atRelease, .finish): transition.finish(with: animation)
            case (.atRelease, .cancel): transition.cancel(with: animation)
            case (.afterAnimation, .finish), (.afterAnimation, .cancel): transition.animate(animation)
            case (_, .none): break
            }
        }
    }

    /// The library's completion block: the interactive call if it is made there, then
    /// `completeTransition`.
    public mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {
        completionEnded(finished: transition.animation?.finishing ?? false)
        transition.completeAfterAnimation()
    }
}
