@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapeTracks
import TouchTapePan
import TouchTapeDismissal

/// One track after the pipeline ran it, before its label is known: its span, its pan
/// samples and what the controller did with them.
///
/// Made by ``ReplaySession`` at a track's last frame, or from a ``Track`` cut from a
/// recording (``init(track:file:configuration:controller:)``); either way
/// ``result(annotation:)`` is the one place a transcript, its checks and its report row
/// are made.
package struct TrackRun: Sendable {
    /// The recording file the track came from, as reports name it.
    package var file: String
    /// The track number within its file, from 1.
    package var number: Int
    /// The device the events came from.
    package var description: DeviceDescription
    /// How device units became millimetres (and whether a resolution was assumed).
    package var units: MillimetreConversion
    /// The replay configuration (rules, pan settings, display).
    package var configuration: ReplayConfiguration
    /// The track's frames and events in the recording.
    package var span: TrackSpan
    /// The pan samples, in time order.
    package var samples: [PanSample]
    /// What the controller did with the samples.
    package var dismissal: DismissalRunResult
    /// What the session noticed of the track's events (the recording's clock going back).
    package var notes: [String] = []

    /// A value from its parts.
    package init(file: String, number: Int, description: DeviceDescription, units: MillimetreConversion,
                configuration: ReplayConfiguration, span: TrackSpan, samples: [PanSample], dismissal: DismissalRunResult) {
        self.file = file
        self.number = number
        self.description = description
        self.units = units
        self.configuration = configuration
        self.span = span
        self.samples = samples
        self.dismissal = dismissal
    }

    /// Runs a track cut from a recording alone (from its ``Track/initialState``) through
    /// the same stages a session runs: frames → pan recognizer → ``DismissalDriver``.
    package init<Controller: InteractiveDismissalController>(
        track: Track, file: String, configuration: ReplayConfiguration, controller: Controller
    ) {
        let units = MillimetreConversion(description: track.description, fallback: configuration.resolutionFallback,
                                         deviceSize: configuration.deviceSize, installed: configuration.installedHints)
        let frames = track.frames(units: units)
        let samples = PanRecognizer.samples(for: frames, deviceKind: track.description.classification.kind,
                                            settings: configuration.pan)
        let dismissal = DismissalRun.run(controller: controller, settings: configuration.dismissal, samples: samples,
                                         clock: VirtualClock(origin: 0, frameRate: configuration.frameRate))
        self.init(file: file, number: track.number, description: track.description, units: units,
                  configuration: configuration, span: TrackSpan(frameRange: track.sourceFrameRange,
                                                                eventRange: track.sourceEventRange,
                                                                maxFingers: track.maxFingers,
                                                                endsWithContactsDown: track.endsWithContactsDown),
                  samples: samples, dismissal: dismissal)
        notes = [ClockSteps(frames: frames).note,
                 FarTranslation.note(samples: samples, description: track.description, units: units, configuration: configuration)]
            .compactMap { $0 }
    }

    /// The transcript with the track's label and note, its checks, and its report row.
    package func result(annotation: TrackAnnotation, checks: [any Check] = StandardChecks.all) -> TrackResult {
        let classification = description.classification
        var notes: [String] = []
        if let assumption = units.assumption { notes.append(assumption) }
        if annotation.cutShort || span.endsWithContactsDown { notes.append("gesture was cut short") }
        if let note = annotation.note, !note.isEmpty { notes.append("note: \(note)") }
        notes += self.notes
        let context = TrackContext(file: file, track: number, deviceName: description.name,
                                   deviceKind: classification.kind, touchProtocol: classification.touchProtocol,
                                   fingers: span.maxFingers, annotation: annotation, notes: notes)
        let transcript = ReplayPipeline.transcript(samples: samples, run: dismissal, settings: configuration.dismissal,
                                                   profileName: configuration.profileName, context: context)
        let results = ReplayPipeline.check(transcript, checks: checks)
        var report = TrackReport(transcript: transcript, deviceName: description.name, checks: results,
                                 explanation: OutcomeExplanation(transcript: transcript, pan: configuration.pan))
        report.assumptions = units.assumption.map { [$0] } ?? []
        return TrackResult(transcript: transcript, report: report)
    }
}

/// A track's transcript and its report row (which holds the check results).
package struct TrackResult: Sendable {
    /// What happened on the track, for the checks.
    package var transcript: Transcript
    /// The report row, with the check results.
    package var report: TrackReport

    /// A value from its parts.
    package init(transcript: Transcript, report: TrackReport) {
        self.transcript = transcript
        self.report = report
    }
}

/// Frames of a track earlier than the frame before. evdev's clock is the wall clock unless
/// a reader chose another, so a clock step back (NTP) while recording gives such frames; the
/// track's report notes it, since velocities fitted across the step are not the fingers'.
package struct ClockSteps: Sendable {
    /// How many frames went back.
    package private(set) var count = 0
    /// The first: the index of its first event, and how far back it went.
    package private(set) var first: (event: Int, microseconds: Int64)?

    /// Jumps forward between two frames of a track longer than ``longestGap``, and the first.
    package private(set) var jumps = 0
    package private(set) var firstJump: (event: Int, microseconds: Int64)?

    /// The longest plausible time between two frames of one gesture: fingers held perfectly
    /// still send nothing, for minutes perhaps, but not for an hour (a clock set forward, or
    /// a damaged time, in a recording).
    package static let longestGap: Int64 = 3_600_000_000

    package init() {}

    /// The steps of a whole track's frames.
    package init(frames: [Frame]) {
        for (previous, frame) in zip(frames, frames.dropFirst()) { step(to: frame, from: previous.time) }
    }

    /// `frame` came after a frame at `previous`: notes a step back, or a jump forward.
    @inline(__always)
    package mutating func step(to frame: Frame, from previous: EventTime) {
        if frame.time < previous {
            wentBack(to: frame, from: previous)
        } else if frame.time.microseconds(since: previous) > Self.longestGap {
            jumps += 1
            if firstJump == nil { firstJump = (frame.eventRange.lowerBound, frame.time.microseconds(since: previous)) }
        }
    }

    /// `frame` came after a frame at `previous`, which is later.
    package mutating func wentBack(to frame: Frame, from previous: EventTime) {
        count += 1
        if first == nil { first = (frame.eventRange.lowerBound, previous.microseconds(since: frame.time)) }
    }

    /// The track's note, when its clock went back or jumped forward.
    package var note: String? {
        var words: [String] = []
        if let first {
            words.append("the recording's clock went back \(count == 1 ? "once" : "\(count) times") in this track, first by "
                + "\(DecimalText.fixed(Double(first.microseconds) / 1_000_000, 6)) s at event \(first.event); "
                + "velocities across such a step are not what the fingers did")
        }
        if let firstJump {
            words.append("the recording's clock jumped forward \(jumps == 1 ? "once" : "\(jumps) times") in this track, first by "
                + "\(DecimalText.shortest((Double(firstJump.microseconds) / 1_000_000).rounded())) s at event \(firstJump.event)"
                + " (no finger rests that long); the times there are not the gesture's")
        }
        return words.isEmpty ? nil : words.joined(separator: "; ")
    }
}

/// A pan that moved further than a finger can on the device: more than one and a half times
/// its diagonal from where it began. A real pan's centroid stays on the surface (a digitiser
/// strays past its declared edge by a little, never by a whole screen); such a translation
/// comes from a contact far outside the declared axes (`2147483647` on a 0…2335 axis), a
/// damaged or hand-made recording, whose translations and velocities are not a finger's. Read
/// from the track's pan samples when it ends, so replay's per-frame path pays nothing.
package enum FarTranslation {
    /// How many diagonals a translation may reach.
    static let diagonals = 1.5

    /// The track's note, when a sample's translation is past the limit.
    package static func note(samples: [PanSample], description: DeviceDescription, units: MillimetreConversion,
                             configuration: ReplayConfiguration) -> String? {
        guard let x = description.absInfo[description.positionAxes.x],
              let y = description.absInfo[description.positionAxes.y],
              units.unitsPerMillimetreX > 0, units.unitsPerMillimetreY > 0 else { return nil }
        let scale = configuration.pan.scale
        let width = Double(Int64(x.maximum) - Int64(x.minimum)) / units.unitsPerMillimetreX * scale
        let height = Double(Int64(y.maximum) - Int64(y.minimum)) / units.unitsPerMillimetreY * scale
        let limit = diagonals * (width * width + height * height).squareRoot()
        // By index, each translation read in place (a sample's copy retains its velocity's storage).
        guard limit > 0, let far = samples.indices.first(where: { !(samples[$0].translation.length <= limit) }) else { return nil }
        let u = configuration.dismissal.unit.symbol
        return "the pan moved \(DecimalText.fixed(samples[far].translation.length, 0)) \(u) at \(DecimalText.fixed(samples[far].time, 3)) s, more than"
            + " \(DecimalText.fixed(diagonals, 1)) times across the device (\(DecimalText.fixed(width, 0)) × \(DecimalText.fixed(height, 0)) \(u)):"
            + " a contact lies far outside its declared axes (a damaged or hand-made recording), and the track's translations and"
            + " velocities are not a finger's"
    }
}
