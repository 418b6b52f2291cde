@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal

extension Probe {
    /// Between the end of a prelude's completion and the track's first sample (`after-cancel`).
    static let gapAfterPrelude = 1.0

    /// This probe through a fresh controller from `makeController`, judged by every check
    /// of the track plus the outcome the declared rules give (`expected-outcome`, with the
    /// rules' outcome as the label: `none` where they start no transition). Only the
    /// controller runs again: the pan samples are the transformed ones.
    package func replay<Controller: InteractiveDismissalController>(
        of track: ReplayedTrack, configuration: ReplayConfiguration, controller: Controller
    ) -> ReplayedTrack {
        let rules = configuration.dismissal
        // TouchTape's own controller under the same rules would repeat the rules' run exactly.
        // The completion runs on the configured display, as the track's own did.
        let run: DismissalRunResult
        var samples = self.samples
        if let prelude {
            // The prelude through the controller, its completion to the end; then the track
            // through the controller it left (a class is the same object; a struct, the copy
            // the calls changed), 1 s later: time runs on from pan to pan.
            let clock = VirtualClock(origin: 0, frameRate: configuration.frameRate)
            var first = DismissalDriver(controller: controller, settings: rules, clock: clock)
            first.reserveCapacity(samples: prelude.count)
            first.feed(contentsOf: prelude[...])
            let before = first.result
            let end = max(prelude.last?.time ?? 0, before.frames.last?.time ?? 0, before.calls.last?.time ?? 0)
            samples = ProbeMaker.shifted(samples, by: end + Self.gapAfterPrelude - (samples.first?.time ?? 0))
            run = DismissalRun.run(controller: first.controller, settings: rules, samples: samples, clock: clock)
        } else if let rulesRun, configuration.frameRate == VirtualClock.defaultFrameRate,
           let own = controller as? DismissalController, own.settings == rules {
            run = rulesRun
        } else {
            run = DismissalRun.run(controller: controller, settings: rules, samples: samples,
                                   clock: VirtualClock(origin: 0, frameRate: configuration.frameRate))
        }
        let label: ExpectedOutcome? = startsTransition ? expected.expected : ExpectedOutcome.none
        // The track's transcript and report read in place (a copy of each retained every
        // array and string in it).
        let note: Words = "probe \(name): \(detail)"
        let context = TrackContext(file: track.result.transcript.file, track: track.result.transcript.track,
                                   deviceName: track.result.report.deviceName, deviceKind: track.result.transcript.deviceKind,
                                   touchProtocol: track.result.transcript.touchProtocol, fingers: track.result.transcript.fingers,
                                   annotation: TrackAnnotation(expected: label),
                                   notes: [note.text])
        var transcript = ReplayPipeline.transcript(samples: samples, run: run, settings: rules,
                                                   profileName: configuration.profileName, context: context)
        transcript.expectationFromRules = true
        var report = TrackReport(transcript: transcript, deviceName: track.result.report.deviceName,
                                 checks: ReplayPipeline.check(transcript),
                                 explanation: OutcomeExplanation(transcript: transcript, pan: configuration.pan))
        report.assumptions = track.result.report.assumptions
        report.probe = name
        // The transformations keep every sample, in order: each still comes from its frame.
        // A resampled pan's sample lies between two recorded ones: it is placed at the frame
        // of the one before it, so a failure still names a frame of the recording.
        var frames = track.sampleFrames
        if kind.rate != nil, !frames.isEmpty {
            var before = 0
            let last = min(track.result.transcript.samples.count, track.sampleFrames.count)
            frames = samples.map { sample in
                while before + 1 < last, track.result.transcript.samples[before + 1].time <= sample.time { before += 1 }
                return track.sampleFrames[before]
            }
        }
        return ReplayedTrack(result: TrackResult(transcript: transcript, report: report), sampleFrames: frames,
                             firstFrame: track.firstFrame)
    }
}
