@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
@testable import TouchTapeDismissal
import TouchTapeReplay

/// A pan straight down the screen: `began` at t = 0 with velocity `beganVelocity`, then
/// one `changed` sample every 10 ms through `ys` (points), then `ended` at the last
/// position with `releaseVelocity`.
func downwardPan(_ ys: [Double], beganVelocity: Double = 300, releaseVelocity: Vector2) -> [PanSample] {
    var samples = [PanSample(time: 0, phase: .began, translation: .zero, velocity: Vector2(x: 0, y: beganVelocity), fingerCount: 1)]
    for (i, y) in ys.enumerated() {
        samples.append(PanSample(time: Double(i + 1) * 0.01, phase: .changed, translation: Vector2(x: 0, y: y),
                                 velocity: Vector2(x: 0, y: 300), fingerCount: 1))
    }
    samples.append(PanSample(time: Double(ys.count + 1) * 0.01, phase: .ended, translation: Vector2(x: 0, y: ys.last ?? 0),
                             velocity: releaseVelocity, fingerCount: 1))
    return samples
}

func context(expect: ExpectedOutcome? = nil) -> TrackContext {
    TrackContext(file: "test.evemu", track: 1, deviceName: "test", deviceKind: .touchscreen,
                 touchProtocol: .multitouchB(slots: 10), fingers: 1, annotation: TrackAnnotation(expected: expect))
}

/// Ways to break a correct controller, one per check, so each check can be seen failing.
enum Breakage {
    /// Reports the unclamped fraction to UIKit (progress beyond 1).
    case noClamp
    /// Reports progress moving against the pan.
    case invertedProgress
    /// Finishes below the threshold and cancels above it.
    case flippedThreshold
    /// Ignores flicks: the threshold decides every release.
    case ignoresFlicks
    /// Always cancels.
    case alwaysCancel
    /// Animates a finish decision back to 0 (and reports finished = false).
    case completesBackwards
    /// Decides but returns no completion animation (the transition never completes).
    case neverCompletes
    /// Starts the transition on every pan, whatever its direction (its own begin rule is
    /// `.any`; the rules it is judged by are the declared ones).
    case beginsOnEveryPan
}

/// The real controller with one deliberate fault, through the public contract: it runs
/// the model and makes the UIKit calls, damaged.
struct BrokenController: InteractiveDismissalController {
    var inner: DismissalController
    let breakage: Breakage

    init(settings: DismissalSettings, breakage: Breakage) {
        var own = settings
        if breakage == .beginsOnEveryPan { own.beginRule = .any }
        inner = DismissalController(settings: own)
        self.breakage = breakage
    }

    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        let sample = gesture.sample
        switch gesture.state {
        case .began:
            guard let update = inner.panBegan(sample) else { return }
            transition.begin()
            if update.sentToUIKit { transition.update(damage(update.progress, sample)) }
        case .changed:
            let update = inner.panChanged(sample)
            if update.sentToUIKit { transition.update(damage(update.progress, sample)) }
        case .ended, .cancelled:
            let sends = inner.state == .interactive && inner.settings.progressUpdatePhases.contains(sample.phase)
            var d = inner.panEnded(sample)
            if sends { transition.update(damage(inner.progress, sample)) }
            switch breakage {
            case .flippedThreshold where d.reason == .threshold:
                d.outcome = d.outcome == .finish ? .cancel : .finish
            case .ignoresFlicks where d.reason == .flick:
                let threshold = inner.settings.completionThreshold ?? 0
                d.outcome = d.progress > threshold ? .finish : .cancel
                d.reason = .threshold
            case .alwaysCancel where d.outcome != .none:
                d.outcome = .cancel
            default:
                break
            }
            transition.explain(d.reason, d.detail)
            guard d.outcome != .none, var animation = inner.completion(from: d, progress: d.progress, velocity: d.velocity) else {
                return
            }
            if breakage == .completesBackwards {
                var flipped = d
                flipped.outcome = d.outcome == .finish ? .cancel : .finish
                animation = inner.completion(from: flipped, progress: d.progress, velocity: d.velocity)!
            }
            if d.outcome == .finish { transition.finish(with: animation) } else { transition.cancel(with: animation) }
        }
    }

    mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {
        switch breakage {
        case .neverCompletes: break
        case .completesBackwards: transition.completeTransition(transition.animation?.finishing ?? false)
        default: transition.completeAfterAnimation()
        }
    }

    private func damage(_ progress: Double, _ sample: PanSample) -> Double {
        switch breakage {
        case .noClamp: return inner.settings.rawProgress(of: sample.translation)
        case .invertedProgress: return 1 - progress
        default: return progress
        }
    }
}
