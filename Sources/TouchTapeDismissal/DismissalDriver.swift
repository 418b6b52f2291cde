@_spi(Pipeline) import TouchTapeContract
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

/// Drives one controller with the pan samples of one track, one sample at a time: the
/// incremental form of ``DismissalRun``, so a recording and a live device feed the
/// controller through the same code — and through the public contract only.
///
/// The rules (as UIKit calls a pan gesture's target):
/// - Samples before the first `.began` are not the controller's (counted as unused).
/// - Every sample from `.began` on → ``InteractiveDismissalController/handlePan(_:transition:)``
///   with a ``PanGesture`` and the track's ``TransitionContext``.
/// - No ``TransitionContext/begin()`` at `.began` refuses the pan: the feed ends, outcome
///   ``Outcome/none``, reason ``DecisionReason/noTransition``.
/// - The first finish, cancel or animate call ends the interaction (normally at
///   `.ended`/`.cancelled`): the decision. Its completion animation runs on the virtual
///   clock from that time, then ``InteractiveDismissalController/transitionAnimationEnded(_:)``;
///   the frames and the recorded finish/cancel/complete calls come with the
///   ``DismissalStep/decided(_:)`` step. An `.ended`/`.cancelled` with no such call is a
///   decision of ``Outcome/none``.
/// - Anything after the decision or a refusal (a second pan in the same track) is unused.
///
/// The record is made from the calls and the gesture, never from the controller's own
/// values: the progress is the last `update(_:)`, the raw fraction is recomputed from the
/// translation with the declared ``DismissalSettings``.
///
/// ```swift
/// var driver = DismissalDriver(controller: CardDismissal(), settings: rules)
/// for sample in samples { if let step = driver.feed(sample) { show(step) } }
/// let result = driver.result
/// ```
package struct DismissalDriver<Controller: InteractiveDismissalController> {
    /// Where the driver is in the pan's life.
    package enum Phase: Hashable, Sendable {
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

    /// The controller as the calls so far left it.
    package private(set) var controller: Controller
    /// The rules the controller declares: the raw fraction is computed with them.
    package let settings: DismissalSettings
    /// The part of ``settings`` every sample's raw fraction is computed with.
    private let rawProgressRule: RawProgressRule
    /// The virtual display the completion animation is stepped on.
    package let clock: VirtualClock
    /// The view the gestures are measured in.
    package let view: GestureView
    /// The recognizer's `maximumNumberOfTouches` the gestures report (the recognizer
    /// upstream applied it already).
    package let maximumNumberOfTouches: Int
    /// What the pan's recognizer keeps across callbacks (a `setTranslation(_:in:)`).
    private var recognizer: PanGesture.Recognizer
    /// The gesture the controller is handed, its fields set from each sample: one a run, as
    /// a gesture made a sample retained and released the recognizer and the velocity each
    /// time (issue 26). A controller that keeps a gesture keeps its own copy.
    private var gesture: PanGesture
    /// Where the pan is.
    package private(set) var phase: Phase = .waiting
    /// Every call the controller made, so far.
    package private(set) var transition: TransitionContext
    /// One entry per sample the controller received.
    package private(set) var updates: [ProgressUpdate] = []
    /// The decision and its completion, once made.
    package private(set) var decided: DismissalDecided?
    /// Samples the controller never saw.
    package private(set) var unusedSampleCount = 0

    /// - Parameters:
    ///   - controller: a fresh controller for this pan.
    ///   - settings: the rules the controller declares (TouchTape's own controller: its settings).
    ///   - clock: the virtual display the completion animation is stepped on.
    ///   - view: the gesture's view; by default a square of the rules' progress divisor.
    ///   - maximumNumberOfTouches: what the gestures report as the recognizer's limit.
    package init(controller: Controller, settings: DismissalSettings, clock: VirtualClock = VirtualClock(),
                view: GestureView? = nil, maximumNumberOfTouches: Int = .max) {
        self.controller = controller
        self.maximumNumberOfTouches = maximumNumberOfTouches
        self.settings = settings
        self.rawProgressRule = settings.rawProgressRule
        self.clock = clock
        self.view = view ?? GestureView(settings: settings)
        self.transition = TransitionContext(distance: settings.divisor)
        let recognizer = PanGesture.Recognizer()
        self.recognizer = recognizer
        self.gesture = PanGesture(state: .began, timestamp: 0, numberOfTouches: 0,
                                  maximumNumberOfTouches: maximumNumberOfTouches, view: self.view,
                                  translation: .zero, velocityEstimate: PanVelocity(.zero), recognizer: recognizer)
    }

    /// Feeds the next sample; returns what the controller made of it, `nil` when the
    /// sample was not the controller's (or it refused the pan).
    package mutating func feed(_ sample: PanSample) -> DismissalStep? {
        switch advance(sample) {
        case .unused: nil
        case .progress: .progress(updates[updates.count - 1])
        case .decided: .decided(decided!)
        }
    }

    /// What one sample did to the run: ``feed(_:)``'s step without the step's values, which
    /// ``feed(contentsOf:)`` does not return (making and freeing one a sample was a
    /// fifteenth of a probe's run, issue 26). `.progress`: the update is the last of
    /// ``updates``; `.decided`: the decision is ``decided``.
    package enum Advance { case unused, progress, decided }

    /// One sample through the controller: the recorded update or decision, as
    /// ``feed(_:)`` describes, without the step (a `DismissalStep?` returned a sample was
    /// destroyed through its value witness in the replay's loop, issue 26).
    package mutating func advance(_ sample: borrowing PanSample) -> Advance {
        // The phases matched as patterns (`==` from another module went through PanPhase's
        // witness table).
        let samplePhase = sample.phase
        let began: Bool
        if case .began = samplePhase { began = true } else { began = false }
        switch phase {
        case .waiting:
            guard began else { unusedSampleCount += 1; return .unused }
            // gestureRecognizerShouldBegin: the gesture as it is when the slop is crossed.
            var asking = copy sample
            asking.translation = sample.slopTranslation
            guard controller.shouldBegin(gesture(asking, recognizer: recognizer)) else { phase = .refused; return .unused }
            let mark = transition.updateCallCount
            handle(sample)
            guard transition.began else { phase = .refused; return .unused }
            phase = .driving
            return step(after: sample, since: mark)
        case .driving:
            if began {
                phase = .interrupted
                unusedSampleCount += 1
                return .unused
            }
            let mark = transition.updateCallCount
            handle(sample)
            return step(after: sample, since: mark)
        case .refused, .decided, .interrupted:
            unusedSampleCount += 1
            return .unused
        }
    }

    /// Whether every later sample would be unused: the pan was refused, decided or
    /// interrupted.
    package var isFinished: Bool {
        switch phase {
        case .refused, .decided, .interrupted: true
        case .waiting, .driving: false
        }
    }

    /// Feeds `samples` in order, without returning the steps; once the run ``isFinished``
    /// the rest are counted as unused, as ``feed(_:)`` would count each (a probe's track
    /// goes on after its release, and feeding every sample was half of a probe's run,
    /// issue 26).
    package mutating func feed(contentsOf samples: ArraySlice<PanSample>) {
        for i in samples.indices {
            if isFinished {
                unusedSampleCount += samples.endIndex - i
                return
            }
            _ = advance(samples[i])
        }
    }

    /// Room for the updates and calls of `samples` samples (a whole track's run knows how
    /// many; growing the arrays sample by sample was a tenth of a run, issue 26).
    package mutating func reserveCapacity(samples: Int) {
        updates.reserveCapacity(samples)
        transition.reserveCapacity(calls: samples + 4)
    }

    /// A driver of its own in this one's state, to be fed other samples from here (the
    /// probes that change only a release share the run up to it): the recognizer's state is
    /// copied, not shared. Meaningful for controllers with value semantics, as
    /// ``decisionIfReleased(_:)`` is.
    package func branch() -> DismissalDriver {
        var copy = self
        copy.recognizer = recognizer.copy()
        copy.gesture = gesture(gesture.sample, recognizer: copy.recognizer)
        return copy
    }

    /// What the controller would decide if the pan ended now with `sample` (its phase is
    /// taken as `.ended`), without changing the run. Meaningful for controllers with value
    /// semantics (a class controller would be asked for real); `nil` unless driving.
    package func decisionIfReleased(_ sample: PanSample) -> Decision? {
        guard phase == .driving else { return nil }
        var copy = branch()
        var release = sample
        release.phase = .ended
        copy.handle(release)
        return Self.decision(at: release, transition: copy.transition, settings: settings)
    }

    /// Everything so far as a ``DismissalRunResult``: a pan that never ended is
    /// ``DecisionReason/noRelease``, one never begun or refused ``DecisionReason/noTransition``.
    package var result: DismissalRunResult {
        guard let decided else {
            let began = phase == .driving || phase == .interrupted
            return DismissalRunResult(updates: updates, began: began, decision: nil, outcome: .none,
                                      reason: began ? .noRelease : .noTransition, animation: nil, frames: [],
                                      callbacks: [], unusedSampleCount: unusedSampleCount,
                                      ignoredCalls: transition.ignoredCalls, calls: transition.calls)
        }
        return DismissalRunResult(updates: updates, began: true, decision: decided.decision,
                                  outcome: decided.decision.outcome, reason: decided.decision.reason,
                                  animation: decided.animation, frames: decided.frames,
                                  callbacks: decided.callbacks, unusedSampleCount: unusedSampleCount,
                                  ignoredCalls: transition.ignoredCalls, calls: transition.calls)
    }

    // MARK: Private

    private mutating func handle(_ sample: borrowing PanSample) {
        transition.time = sample.time
        transition.setVelocity(sample.velocityEstimate, along: settings.edge)
        gesture.set(from: sample)
        controller.handlePan(gesture, transition: &transition)
    }

    private func gesture(_ sample: PanSample, recognizer: PanGesture.Recognizer) -> PanGesture {
        PanGesture(sample: sample, view: view, maximumNumberOfTouches: maximumNumberOfTouches, recognizer: recognizer)
    }

    /// What a handled sample did: a decision once the interaction ended (or the pan
    /// did), otherwise the progress the sample's calls left (`mark`: the updates before it).
    private mutating func step(after sample: borrowing PanSample, since mark: Int) -> Advance {
        let released = transition.outcome != nil
        // The phases matched as patterns, and the update made from plain values: `==` went
        // through PanPhase's witness table, a method of the driver copied the whole driver
        // (a kilobyte) for every sample, and passing the context and the settings copied
        // them (issue 26).
        let ending: Bool
        switch sample.phase {
        case .ended, .cancelled: ending = true
        case .began, .changed: ending = false
        }
        if released || ending {
            if released, !ending {
                updates.append(update(for: sample, since: mark))
            }
            let result = complete(Self.decision(at: sample, transition: transition, settings: settings))
            phase = .decided
            decided = result
            return .decided
        }
        updates.append(update(for: sample, since: mark))
        return .progress
    }

    /// The progress update the sample's calls left (`mark`: the updates before it).
    private mutating func update(for sample: borrowing PanSample, since mark: Int) -> ProgressUpdate {
        let rawProgress = rawProgressRule.rawProgress(of: sample.translation)
        let progress = transition.percentComplete
        let sent = transition.updateCallCount > mark
        return ProgressUpdate(time: sample.time, phase: sample.phase, rawProgress: rawProgress, progress: progress,
                              sentToUIKit: sent, state: .interactive)
    }

    /// The decision the calls made at `sample`: the outcome of the first finish/cancel/animate,
    /// the fraction UIKit held, the raw fraction and velocity from the gesture, and the
    /// controller's explanation when it gave one.
    private static func decision(at sample: PanSample, transition: TransitionContext, settings: DismissalSettings) -> Decision {
        let outcome = transition.outcome ?? .none
        let explained = transition.explanation
        let reason: DecisionReason
        let detail: String
        if let explained {
            (reason, detail) = (explained.reason, explained.detail)
        } else if outcome == .none {
            reason = sample.phase == .cancelled ? .ignoredCancel : .noRelease
            detail = "the controller called neither finish() nor cancel() at .\(sample.phase.rawValue)"
        } else {
            (reason, detail) = (.threshold, "")
        }
        return Decision(outcome: outcome, reason: reason, time: sample.time, phase: sample.phase,
                        progress: transition.percentComplete, rawProgress: settings.rawProgress(of: sample.translation),
                        velocity: sample.velocity, detail: detail, explainedByController: explained != nil || outcome == .none)
    }

    /// The completion of a decision: the animation on the virtual clock, the completion
    /// block, and the finish/cancel/complete calls as callbacks.
    private mutating func complete(_ decision: Decision) -> DismissalDecided {
        var decided = DismissalDecided(decision: decision, animation: nil, frames: [], callbacks: [])
        if let animation = transition.animation {
            let frames = animation.frames(clock: clock.restarted(at: decision.time))
            transition.time = frames.last?.time ?? decision.time
            controller.transitionAnimationEnded(&transition)
            decided.animation = animation
            decided.frames = frames
        }
        decided.callbacks = transition.calls.compactMap { call in
            switch call.kind {
            case .finish: return DismissalCallback(time: call.time, kind: .finishInteractiveTransition, finished: true)
            case .cancel: return DismissalCallback(time: call.time, kind: .cancelInteractiveTransition, finished: false)
            case .completeTransition(let done): return DismissalCallback(time: call.time, kind: .completeTransition, finished: done)
            case .begin, .update, .animate: return nil
            }
        }
        return decided
    }
}

extension DismissalDriver where Controller == DismissalController {
    /// TouchTape's own controller, declaring the settings it follows.
    package init(controller: DismissalController, clock: VirtualClock = VirtualClock()) {
        self.init(controller: controller, settings: controller.settings, clock: clock)
    }
}

/// What a ``DismissalDriver`` reports for one sample. The decision, made once a pan, is
/// `indirect`, so that a sample's step is the size of a progress update (issue 26).
package enum DismissalStep: Hashable, Sendable {
    /// The controller's progress after a `.began` or `.changed` sample.
    case progress(ProgressUpdate)
    /// The pan ended: the decision and its completion.
    indirect case decided(DismissalDecided)
}

/// A decision with its completion animation on the virtual clock.
package struct DismissalDecided: Hashable, Sendable {
    /// The decision the calls made.
    package var decision: Decision
    /// `nil` for outcome none, or when the controller gave no animation.
    package var animation: CompletionAnimation?
    /// The animation's frames from the release on (the last one on the target).
    package var frames: [CompletionFrame]
    /// Interactive and completion callbacks, in time order.
    package var callbacks: [DismissalCallback]

    /// A decision with its completion.
    package init(decision: Decision, animation: CompletionAnimation?, frames: [CompletionFrame], callbacks: [DismissalCallback]) {
        self.decision = decision
        self.animation = animation
        self.frames = frames
        self.callbacks = callbacks
    }
}
