@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapeTracks
import TouchTapePan
import TouchTapeDismissal

extension ReplayPipeline {
    /// The stages before the controller: track → frames (mm) → pan samples (points).
    package static func samples(for track: Track, configuration: ReplayConfiguration) -> (samples: [PanSample], units: MillimetreConversion) {
        let units = MillimetreConversion(description: track.description, fallback: configuration.resolutionFallback,
                                         deviceSize: configuration.deviceSize, installed: configuration.installedHints)
        let frames = track.frames(units: units)
        let kind = track.description.classification.kind
        return (PanRecognizer.samples(for: frames, deviceKind: kind, settings: configuration.pan), units)
    }

    /// One track through the whole pipeline with TouchTape's own controller.
    package static func transcript(for track: Track, file: String, configuration: ReplayConfiguration) -> Transcript {
        transcript(for: track, file: file, configuration: configuration,
                   controller: DismissalController(settings: configuration.dismissal))
    }

    /// One track through the whole pipeline with any controller (an app's own).
    package static func transcript<Controller: InteractiveDismissalController>(
        for track: Track, file: String, configuration: ReplayConfiguration, controller: Controller
    ) -> Transcript {
        TrackRun(track: track, file: file, configuration: configuration, controller: controller)
            .result(annotation: track.annotation).transcript
    }
}
