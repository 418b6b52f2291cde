import TouchTapePan

/// The driving loop: pan samples → any ``InteractiveDismissalController`` → completion on a
/// ``VirtualClock`` → frames and callbacks. Pure: the controller is a value copied in, the
/// clock only counts frames.
///
/// ```swift
/// let result = DismissalRun.run(controller: DismissalController(profile: .photozoom), samples: samples)
/// result.outcome            // .finish
/// result.completionTime     // release + 0.25 s
/// ```
public enum DismissalRun {
    /// Runs the first pan in `samples` (from its `.began` to its `.ended`/`.cancelled`).
    ///
    /// - The controller gets `panBegan`, then `panChanged` for each `.changed`, then `panEnded`.
    ///   A refused `.began` (nil) ends the feed: outcome `.none`, reason `.noTransition`. No
    ///   `.began` at all gives the same. Samples that stop before an end: `.none`, `.noRelease`.
    /// - For a finish/cancel decision the controller's animation runs on `clock`'s frame rate,
    ///   starting at the release time. `finish/cancelInteractiveTransition` is recorded at the
    ///   release or, for ``DismissalSettings/InteractiveCallbackTiming/afterAnimation``, at the
    ///   last frame just before `completeTransition(finished)`, which is always at the last frame.
    public static func run<Controller: InteractiveDismissalController>(
        controller: Controller, samples: [PanSample], clock: VirtualClock = VirtualClock()
    ) -> DismissalRunResult {
        var controller = controller
        var updates: [ProgressUpdate] = []
        var began = false
        var decision: Decision?
        var index = samples.firstIndex { $0.phase == .began } ?? samples.endIndex
        var unused = index - samples.startIndex

        feed: while index < samples.endIndex {
            let sample = samples[index]
            index += 1
            switch sample.phase {
            case .began:
                guard !began else { index -= 1; break feed }   // a second pan: not this run's
                guard let update = controller.panBegan(sample) else { break feed }
                began = true
                updates.append(update)
            case .changed:
                updates.append(controller.panChanged(sample))
            case .ended, .cancelled:
                decision = controller.panEnded(sample)
                break feed
            }
        }
        unused += samples.endIndex - index

        guard let decision else {
            return DismissalRunResult(updates: updates, began: began, decision: nil, outcome: .none,
                                      reason: began ? .noRelease : .noTransition, animation: nil, frames: [],
                                      callbacks: [], unusedSampleCount: unused)
        }
        var animation: CompletionAnimation?
        var frames: [CompletionFrame] = []
        var callbacks: [DismissalCallback] = []
        switch decision.outcome {
        case .none:
            break
        case .finish, .cancel:
            animation = controller.completion(from: decision, progress: decision.progress, velocity: decision.velocity)
            if let animation {
                frames = animation.frames(clock: clock.restarted(at: decision.time))
                let end = frames.last?.time ?? decision.time
                let interactive = DismissalCallback.Kind(interactiveFor: decision.outcome)
                let finished = decision.outcome == .finish
                switch animation.interactiveCallbackTiming {
                case .atRelease:
                    callbacks.append(DismissalCallback(time: decision.time, kind: interactive, finished: finished))
                case .afterAnimation:
                    callbacks.append(DismissalCallback(time: end, kind: interactive, finished: finished))
                }
                callbacks.append(DismissalCallback(time: end, kind: .completeTransition, finished: animation.finishing))
                controller.completionEnded(finished: animation.finishing)
            }
        }
        return DismissalRunResult(updates: updates, began: began, decision: decision, outcome: decision.outcome,
                                  reason: decision.reason, animation: animation, frames: frames,
                                  callbacks: callbacks, unusedSampleCount: unused)
    }

    /// Splits samples into pans, each starting at a `.began` (samples before the first are dropped).
    public static func pans(in samples: [PanSample]) -> [ArraySlice<PanSample>] {
        let starts = samples.indices.filter { samples[$0].phase == .began }
        return starts.enumerated().map { offset, start in
            let end = offset + 1 < starts.count ? starts[offset + 1] : samples.endIndex
            return samples[start..<end]
        }
    }
}

extension DismissalCallback.Kind {
    /// `finishInteractiveTransition` for finish, `cancelInteractiveTransition` otherwise.
    init(interactiveFor outcome: Outcome) {
        switch outcome {
        case .finish: self = .finishInteractiveTransition
        case .cancel, .none: self = .cancelInteractiveTransition
        }
    }
}
