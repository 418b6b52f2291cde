@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// The replay's stages that run after pan recognition, as pure functions:
/// pan samples → any ``InteractiveDismissalController`` on a virtual clock → ``Transcript``
/// → check results. (`ReplayPipeline+Track.swift` adds the stages before: track → frames → samples.)
package enum ReplayPipeline {
    /// Drives `controller` with the samples of the track's first pan and records everything.
    ///
    /// - Parameters:
    ///   - settings: the rules the controller claims to follow; the checks hold it to them.
    ///   - frameRate: the virtual display's refresh rate for the completion animation.
    package static func transcript<Controller: InteractiveDismissalController>(
        samples: [PanSample], controller: Controller, settings: DismissalSettings, profileName: String,
        context: TrackContext, frameRate: Double = VirtualClock.defaultFrameRate
    ) -> Transcript {
        let run = DismissalRun.run(controller: controller, settings: settings, samples: samples,
                                   clock: VirtualClock(origin: 0, frameRate: frameRate))
        return transcript(samples: samples, run: run, settings: settings, profileName: profileName, context: context)
    }

    /// The transcript of samples a controller already ran (``DismissalRun``, ``DismissalDriver``).
    package static func transcript(samples: [PanSample], run: DismissalRunResult, settings: DismissalSettings,
                                  profileName: String, context: TrackContext) -> Transcript {
        var notes = context.notes
        if samples.isEmpty {
            notes.append("no pan recognised (\(context.deviceKind == .touchpad && context.fingers < 2 ? "one-finger touchpad motion is pointer motion" : "the contacts never moved past the slop"))")
        }
        if run.unusedSampleCount > 0, case let pans = DismissalRun.panCount(in: samples), pans > 1 {
            notes.append("\(pans) pans in one track; only the first drives the transition")
        }
        if let first = run.ignoredCalls.first {
            notes.append("the controller made \(run.ignoredCalls.count) call(s) with no interactive transition to apply them to, the first \(TransitionCall.name(of: first.kind)) at t=\(fmt(first.time)) s")
        }
        var decision = run.decision
        var reason = run.reason
        if let unexplained = decision, !unexplained.explainedByController {
            // The controller did not say why: name the declared rules' verdict instead.
            let verdict = ReleaseRules(settings: settings).verdict(for: unexplained, release: samples.last {
                $0.phase == .ended || $0.phase == .cancelled
            })
            reason = verdict.reason
            decision?.reason = verdict.reason
            decision?.detail = verdict.detail
        }
        return Transcript(
            file: context.file, track: context.track, deviceKind: context.deviceKind,
            touchProtocol: context.touchProtocol, fingers: context.fingers, annotation: context.annotation,
            settings: settings, profileName: profileName, samples: samples, updates: run.updates,
            decision: decision, outcome: run.outcome, reason: reason,
            completionFrames: run.frames, callbacks: run.callbacks, notes: notes, calls: run.calls)
    }

    /// Runs every check on a transcript.
    package static func check(_ transcript: Transcript, checks: [any Check] = StandardChecks.all) -> [CheckResult] {
        checks.map { $0.evaluate(transcript) }
    }
}
