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
        notes = [ClockSteps(frames: frames).note, AxisExcursions(description: track.description, frames: frames).note].compactMap { $0 }
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

    package init() {}

    /// The steps of a whole track's frames.
    package init(frames: [Frame]) {
        for (previous, frame) in zip(frames, frames.dropFirst()) where frame.time < previous.time {
            wentBack(to: frame, from: previous.time)
        }
    }

    /// `frame` came after a frame at `previous`, which is later.
    package mutating func wentBack(to frame: Frame, from previous: EventTime) {
        count += 1
        if first == nil { first = (frame.eventRange.lowerBound, previous.microseconds(since: frame.time)) }
    }

    /// The track's note, when its clock went back.
    package var note: String? {
        guard let first else { return nil }
        return "the recording's clock went back \(count == 1 ? "once" : "\(count) times") in this track, first by "
            + "\(DecimalText.fixed(Double(first.microseconds) / 1_000_000, 6)) s at event \(first.event); "
            + "velocities across such a step are not what the fingers did"
    }
}

/// Contacts far outside the axis ranges the device declares: beyond the range by more than
/// its own width. A real digitiser strays past its declared edge by a little (libinput keeps
/// quirks for that), never by a whole screen; a value such as 2³¹ − 1 is a damaged or hand-made
/// recording, whose translations and velocities are not a finger's, so the track's report
/// says where the first one is.
package struct AxisExcursions: Sendable {
    private struct Axis: Sendable {
        /// A static string: a frame's check copies no reference.
        let name: StaticString
        let declared: ClosedRange<Int64>
        let allowed: ClosedRange<Int64>
    }
    private let x: Axis?, y: Axis?
    /// How many contacts were out.
    package private(set) var count = 0
    /// The first: the index of its frame's first event, the axis, the value and the range.
    package private(set) var first: (event: Int, axis: StaticString, value: Int32, declared: ClosedRange<Int64>)?

    /// The axes contacts are read from: the multitouch positions where the device has both,
    /// else `ABS_X`/`ABS_Y` (as ``MillimetreConversion`` reads them).
    package init(description: DeviceDescription) {
        typealias C = EventCodes
        let multitouch = description.absInfo[C.ABS_MT_POSITION_X] != nil && description.absInfo[C.ABS_MT_POSITION_Y] != nil
        func axis(_ code: UInt16, _ name: StaticString) -> Axis? {
            guard let info = description.absInfo[code], info.maximum > info.minimum else { return nil }
            let low = Int64(info.minimum), high = Int64(info.maximum), width = high - low
            return Axis(name: name, declared: low...high, allowed: (low - width)...(high + width))
        }
        x = multitouch ? axis(C.ABS_MT_POSITION_X, "ABS_MT_POSITION_X") : axis(C.ABS_X, "ABS_X")
        y = multitouch ? axis(C.ABS_MT_POSITION_Y, "ABS_MT_POSITION_Y") : axis(C.ABS_Y, "ABS_Y")
    }

    /// The excursions of a whole track's frames.
    package init(description: DeviceDescription, frames: [Frame]) {
        self.init(description: description)
        for frame in frames { check(frame) }
    }

    /// Looks at one frame's contacts (every frame of a replay: two comparisons a contact,
    /// nothing made).
    package mutating func check(_ frame: Frame) {
        for i in frame.contacts.indices {
            if let x, !x.allowed.contains(Int64(frame.contacts[i].rawX)) { out(x, frame.contacts[i].rawX, frame) }
            if let y, !y.allowed.contains(Int64(frame.contacts[i].rawY)) { out(y, frame.contacts[i].rawY, frame) }
        }
    }

    private mutating func out(_ axis: Axis, _ value: Int32, _ frame: Frame) {
        count += 1
        if first == nil { first = (frame.eventRange.lowerBound, axis.name, value, axis.declared) }
    }

    /// The track's note, when a contact was far out.
    package var note: String? {
        guard let first else { return nil }
        return "\(count == 1 ? "a contact" : "\(count) contact positions") far outside the device's declared axes, first"
            + " \(first.axis) \(first.value) (declared \(first.declared.lowerBound)…\(first.declared.upperBound)) in the frame"
            + " at event \(first.event); the recording is damaged or made by hand, and its translations and velocities are not a finger's"
    }
}
