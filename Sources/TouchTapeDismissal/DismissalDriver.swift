import TouchTapeEvents
import TouchTapePan

/// Drives one controller with the pan samples of one track, one sample at a time: the
/// incremental form of ``DismissalRun``, so a recording and a live device feed the
/// controller through the same code.
///
/// The rules (as UIKit calls a pan gesture's target):
/// - Samples before the first `.began` are not the controller's (counted as unused).
/// - `.began` → ``InteractiveDismissalController/panBegan(_:)``; a refusal (`nil`) ends
///   the feed: outcome ``Outcome/none``, reason ``DecisionReason/noTransition``.
/// - `.changed` → ``InteractiveDismissalController/panChanged(_:)``.
/// - `.ended` / `.cancelled` → ``InteractiveDismissalController/panEnded(_:)``: the
///   decision. For finish or cancel the controller's completion animation runs on the
///   virtual clock from the release time; its frames and the UIKit callbacks come with
///   the ``DismissalStep/decided(_:)`` step.
/// - Anything after the decision or a refusal (a second pan in the same track) is unused.
///
/// ```swift
/// var driver = DismissalDriver(controller: DismissalController(profile: .transition))
/// for sample in samples { if let step = driver.feed(sample) { show(step) } }
/// let result = driver.result
/// ```
public struct DismissalDriver<Controller: InteractiveDismissalController> {
    /// Where the driver is in the pan's life.
    public enum Phase: Hashable, Sendable {
        /// No `.began` yet.
        case waiting
        /// The controller accepted the pan and gets its samples.
        case driving
        /// The controller refused the pan at `.began`.
        case refused
        /// The pan ended and the controller decided.
        case decided
        /// A second `.began` came before the pan ended (never from one recognizer, which
        /// ends a pan before the next begins): the rest is not this run's.
        case interrupted
    }

    public private(set) var controller: Controller
    public let clock: VirtualClock
    public private(set) var phase: Phase = .waiting
    /// One entry per sample the controller received.
    public private(set) var updates: [ProgressUpdate] = []
    public private(set) var decided: DismissalDecided?
    /// Samples the controller never saw.
    public private(set) var unusedSampleCount = 0

    public init(controller: Controller, clock: VirtualClock = VirtualClock()) {
        self.controller = controller
        self.clock = clock
    }

    /// Feeds the next sample; returns what the controller made of it, `nil` when the
    /// sample was not the controller's (or it refused the pan).
    public mutating func feed(_ sample: PanSample) -> DismissalStep? {
        switch phase {
        case .waiting:
            guard sample.phase == .began else { unusedSampleCount += 1; return nil }
            guard let update = controller.panBegan(sample) else { phase = .refused; return nil }
            phase = .driving
            updates.append(update)
            return .progress(update)
        case .driving:
            switch sample.phase {
            case .began:
                phase = .interrupted
                unusedSampleCount += 1
                return nil
            case .changed:
                let update = controller.panChanged(sample)
                updates.append(update)
                return .progress(update)
            case .ended, .cancelled:
                let result = complete(controller.panEnded(sample))
                phase = .decided
                decided = result
                return .decided(result)
            }
        case .refused, .decided, .interrupted:
            unusedSampleCount += 1
            return nil
        }
    }

    /// What the controller would decide if the pan ended now with `sample` (its phase is
    /// taken as `.ended`), without changing the run. Meaningful for controllers with value
    /// semantics (a class controller would be asked for real); `nil` unless driving.
    public func decisionIfReleased(_ sample: PanSample) -> Decision? {
        guard phase == .driving else { return nil }
        var copy = controller
        var release = sample
        release.phase = .ended
        return copy.panEnded(release)
    }

    /// Everything so far as a ``DismissalRunResult``: a pan that never ended is
    /// ``DecisionReason/noRelease``, one never begun or refused ``DecisionReason/noTransition``.
    public var result: DismissalRunResult {
        guard let decided else {
            let began = phase == .driving || phase == .interrupted
            return DismissalRunResult(updates: updates, began: began, decision: nil, outcome: .none,
                                      reason: began ? .noRelease : .noTransition, animation: nil, frames: [],
                                      callbacks: [], unusedSampleCount: unusedSampleCount)
        }
        return DismissalRunResult(updates: updates, began: true, decision: decided.decision,
                                  outcome: decided.decision.outcome, reason: decided.decision.reason,
                                  animation: decided.animation, frames: decided.frames,
                                  callbacks: decided.callbacks, unusedSampleCount: unusedSampleCount)
    }

    /// The completion of a decision: the animation on the virtual clock and the callbacks.
    private mutating func complete(_ decision: Decision) -> DismissalDecided {
        var decided = DismissalDecided(decision: decision, animation: nil, frames: [], callbacks: [])
        switch decision.outcome {
        case .none:
            break
        case .finish, .cancel:
            guard let animation = controller.completion(from: decision, progress: decision.progress,
                                                        velocity: decision.velocity) else { break }
            let frames = animation.frames(clock: clock.restarted(at: decision.time))
            let end = frames.last?.time ?? decision.time
            let interactive = DismissalCallback.Kind(interactiveFor: decision.outcome)
            let finished = decision.outcome == .finish
            switch animation.interactiveCallbackTiming {
            case .atRelease:
                decided.callbacks.append(DismissalCallback(time: decision.time, kind: interactive, finished: finished))
            case .afterAnimation:
                decided.callbacks.append(DismissalCallback(time: end, kind: interactive, finished: finished))
            }
            decided.callbacks.append(DismissalCallback(time: end, kind: .completeTransition, finished: animation.finishing))
            decided.animation = animation
            decided.frames = frames
            controller.completionEnded(finished: animation.finishing)
        }
        return decided
    }
}

/// What a ``DismissalDriver`` reports for one sample.
public enum DismissalStep: Hashable, Sendable {
    /// The controller's progress after a `.began` or `.changed` sample.
    case progress(ProgressUpdate)
    /// The pan ended: the decision and its completion.
    case decided(DismissalDecided)
}

/// A decision with its completion animation on the virtual clock.
public struct DismissalDecided: Hashable, Sendable {
    public var decision: Decision
    /// `nil` for outcome none, or when the controller gave no animation.
    public var animation: CompletionAnimation?
    /// The animation's frames from the release on (the last one on the target).
    public var frames: [CompletionFrame]
    /// Interactive and completion callbacks, in time order.
    public var callbacks: [DismissalCallback]

    public init(decision: Decision, animation: CompletionAnimation?, frames: [CompletionFrame], callbacks: [DismissalCallback]) {
        self.decision = decision
        self.animation = animation
        self.frames = frames
        self.callbacks = callbacks
    }
}
