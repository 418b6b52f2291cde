@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

/// TouchTape's model of an interactive dismissal controller, driven entirely by
/// ``DismissalSettings`` (so by a ``DismissalProfile`` plus overrides).
///
/// A value: fed pan samples one by one, it keeps UIKit's fraction and its
/// ``DismissalState`` and decides at the release. Time only enters through the samples.
/// It is the controller `ControllerReplay(profile:)` replays recordings into:
///
/// ```swift
/// let result = ControllerReplay(profile: .transition).run(try Recordings(path: "Recordings"))
/// ```
///
/// A replay drives it only through ``InteractiveDismissalController/handlePan(_:transition:)``,
/// the contract an app's own controller implements (`DismissalController+Contract.swift`).
public struct DismissalController: Hashable, Sendable {
    /// The rules it follows (a profile plus overrides). Changed only by ``Redecision``,
    /// in the settings that act at the release alone.
    package private(set) var settings: DismissalSettings
    /// Where it is in its life (``DismissalState``).
    package private(set) var state: DismissalState = .idle
    /// The fraction UIKit holds (after clamping).
    package private(set) var progress: Double = 0
    /// Events that arrived in a state that does not expect them, in order (state unchanged).
    package private(set) var unexpectedEvents: [DismissalEvent] = []
    /// Step mode: the translation along the edge at the last update sent (UIKit's
    /// `setTranslation(.zero)` after each step, Transition L134–138).
    private var translationAtLastUpdate: Double = 0
    /// Whether a decision carries its words (``Decision/detail``, and the explanation handed
    /// to ``TransitionContext``). On by default; a caller that wants the outcome alone, as a
    /// sweep re-running the pan for each grid point does, turns it off and gets the same
    /// outcomes and reasons with empty details.
    package var explainsDecisions = true
    /// Which samples send an update and what fraction (the settings' ``ProgressRule``: the
    /// settings a ``Redecision`` changes do not enter it).
    private let progressRule: ProgressRule

    /// A controller following `settings`.
    package init(settings: DismissalSettings) {
        self.settings = settings
        progressRule = ProgressRule(settings: settings)
    }

    /// Whether the library sends UIKit an update at `phase` (``DismissalSettings/progressUpdatePhases``).
    func sendsUpdate(at phase: PanPhase) -> Bool {
        progressRule.sendsUpdate(at: phase)
    }

    /// A controller following a library profile's settings.
    public init(profile: DismissalProfile) {
        self.init(settings: profile.settings)
    }

    // MARK: The model (``handlePan(_:transition:)`` drives it through the public contract)

    /// The model at `.began`: the first update, or `nil` when the begin rule refuses the pan.
    mutating func panBegan(_ sample: PanSample) -> ProgressUpdate? {
        // A pan after a completed transition (a cancel leaves the view controller, and this
        // controller, in place) or a refused pan: its transition starts from nothing.
        switch state {
        case .completed, .notStarted:
            progress = 0
            translationAtLastUpdate = 0
        case .idle, .interactive, .deciding, .undecided, .animating:
            break
        }
        let accepted = beginAllowed(sample)
        guard apply(.began(accepted: accepted)), accepted else { return nil }
        return update(with: sample)
    }

    /// The model at `.changed`: the fraction the library would hold now. Reads no velocity
    /// (``PanGesture/progressSample`` leaves it out).
    mutating func panChanged(_ sample: PanSample) -> ProgressUpdate {
        switch state {
        case .interactive:
            _ = apply(.changed)
            return update(with: sample)
        case .notStarted, .idle, .deciding, .undecided, .animating, .completed:
            // notStarted: the refused pan's samples are ignored; the others are recorded as unexpected.
            _ = apply(.changed)
            return unsentUpdate(sample)
        }
    }

    /// The model at `.ended`/`.cancelled`: the library's decision and why.
    mutating func panEnded(_ sample: PanSample) -> Decision {
        switch state {
        case .interactive:
            if sendsUpdate(at: sample.phase) {
                _ = update(with: sample)
            }
            _ = apply(.released)
            let decision = decide(at: sample)
            _ = apply(.decided(decision.outcome))
            return decision
        case .notStarted:
            _ = apply(.released)
            return noDecision(sample, reason: .noTransition, detail: "begin rule \(settings.beginRule.rawValue) refused the pan")
        case .idle, .deciding, .undecided, .animating, .completed:
            _ = apply(.released)
            return noDecision(sample, reason: .noTransition, detail: "no interactive transition in state \(state.rawValue)")
        }
    }

    /// One release decided again and again, without replaying the pan, under settings that
    /// differ from one another only in what acts at the release (the threshold, the flick
    /// rule): exact because those settings act there alone. One controller whose settings
    /// are changed in place, not a controller and a copy of the settings per decision (a
    /// margin asks a dozen times, the settings region ten thousand, issue 26). The outcome
    /// alone: no words are made for the decision.
    package struct Redecision {
        private var controller: DismissalController
        private let release: PanSample

        /// Decisions of `release`, UIKit holding `progress`, under `settings` changed.
        package init(release: PanSample, progress: Double, settings: DismissalSettings) {
            controller = DismissalController(settings: settings)
            controller.state = .deciding
            controller.progress = progress
            controller.explainsDecisions = false
            self.release = release
        }

        /// The outcome under the settings `change` leaves. It may change only settings that
        /// act at the release alone (the threshold, the flick rule); each call's change is
        /// made to the settings the last one left.
        package mutating func outcome(_ change: (inout DismissalSettings) -> Void) -> Outcome {
            change(&controller.settings)
            return controller.decide(at: release).outcome
        }
    }

    /// The library's completion run for a finish or cancel from `progress`; `nil` for none.
    func completion(from decision: Decision, progress: Double, velocity: Vector2) -> CompletionAnimation? {
        switch decision.outcome {
        case .finish, .cancel:
            return settings.completion.animation(
                finishing: decision.outcome == .finish, from: progress,
                axisVelocity: settings.edge.component(of: velocity), distance: settings.divisor,
                callbackTiming: settings.interactiveCallbackTiming)
        case .none:
            return nil
        }
    }

    /// The completion run ended: the model moves to ``DismissalState/completed``.
    mutating func completionEnded(finished: Bool) {
        _ = apply(.animationEnded)
    }

    // MARK: State machine

    /// Moves to the next state; an event the table does not allow is recorded and ignored.
    private mutating func apply(_ event: DismissalEvent) -> Bool {
        guard let next = state.next(on: event) else {
            unexpectedEvents.append(event)
            return false
        }
        state = next
        return true
    }

    // MARK: Progress

    func rawProgress(_ sample: PanSample) -> Double {
        progressRule.rawProgress(sample)
    }

    func clamped(_ fraction: Double) -> Double {
        progressRule.clamped(fraction)
    }

    func tooManyFingers(_ sample: PanSample) -> Bool {
        progressRule.tooManyFingers(sample)
    }

    /// Whether the library sends UIKit an update at `sample` (its phase, its fingers).
    func sendsUpdate(at sample: PanSample) -> Bool {
        progressRule.sends(sample)
    }

    private mutating func update(with sample: PanSample) -> ProgressUpdate {
        let raw = rawProgress(sample)
        let sent = progressRule.sends(sample)
        if sent {
            progress = progressRule.sent(at: sample, holding: progress, lastAlong: &translationAtLastUpdate)
        }
        return ProgressUpdate(time: sample.time, phase: sample.phase, rawProgress: raw, progress: progress,
                              sentToUIKit: sent, state: state)
    }

    private func unsentUpdate(_ sample: PanSample) -> ProgressUpdate {
        ProgressUpdate(time: sample.time, phase: sample.phase, rawProgress: rawProgress(sample), progress: progress,
                       sentToUIKit: false, state: state)
    }

    func noDecision(_ sample: PanSample, reason: DecisionReason, detail: String) -> Decision {
        Decision(outcome: .none, reason: reason, time: sample.time, phase: sample.phase, progress: progress,
                 rawProgress: rawProgress(sample), velocity: sample.velocity, detail: detail)
    }

    // MARK: Begin

    /// What a `.translationEdge` rule reads at `.began` (Transition's
    /// `gestureRecognizerShouldBegin`: the translation so far): the movement the slop
    /// swallowed, else the translation, else the velocity; and which of them it was, for the
    /// words that explain a refusal.
    package static func beginMovement(of sample: PanSample) -> (vector: Vector2, source: BeginMovementSource) {
        if sample.slopTranslation != .zero { return (sample.slopTranslation, .slop) }
        if sample.translation != .zero { return (sample.translation, .translation) }
        return (sample.velocity, .velocity)
    }

    /// Where ``beginMovement(of:)`` came from.
    package enum BeginMovementSource: Sendable {
        case slop, translation, velocity
    }

    func beginAllowed(_ sample: PanSample) -> Bool {
        if tooManyFingers(sample) { return false }
        let edge = settings.edge
        switch settings.beginRule {
        case .translationEdge:
            return DismissEdge(dominantDirectionOf: Self.beginMovement(of: sample).vector) == edge
        case .positiveVelocity:
            return edge.component(of: sample.velocity) > 0
        case .any:
            return true
        case .notUpward:
            return !(edge.component(of: sample.velocity) < 0)
        }
    }
}
