@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeDismissal

/// `touchtape sweep`: per track, where the outcome flips as the threshold (with flicks on
/// and off) and the flick velocity vary, and the margin of the current settings to each
/// flip; over all tracks, the ranges of each setting in which every labelled track comes
/// out as labelled, or the tracks that conflict.
package struct SweepReport: Sendable {
    /// One axis of one track: the flips and how far the current value is from the nearest.
    package struct Axis: Hashable, Sendable {
        package var setting: OutcomeSweep.Setting
        /// `false`: the threshold swept with flicks turned off.
        package var flicks: Bool
        /// The current value (`nil`: the setting is off, e.g. photozoom's threshold).
        package var current: Double?
        package var boundaries: [OutcomeSweep.Boundary]

        /// The nearest boundary's value minus the current value: how far the setting must
        /// move to flip the outcome (`nil`: no flip in the range, or no current value).
        package var margin: Double? {
            guard let current else { return nil }
            return boundaries.map { $0.value - current }.min { abs($0) < abs($1) }
        }

        /// The current value is a boundary: the tie rule decides this track.
        package var onBoundary: Bool {
            guard let current else { return false }
            return boundaries.contains { $0.value == current || $0.value.nextDown == current }
        }

        /// The ranges (within `range`) where the outcome is `outcome`.
        package func ranges(where outcome: Outcome, in range: ClosedRange<Double>, start: Outcome) -> [Range<Double>] {
            var result: [Range<Double>] = []
            var from = range.lowerBound
            var current = start
            for b in boundaries {
                if current == outcome, from < b.value { result.append(from..<b.value) }
                from = b.value
                current = b.above
            }
            if current == outcome { result.append(from..<range.upperBound.nextUp) }
            return result
        }
    }

    package struct Track: Sendable {
        package var file: String
        package var track: Int
        package var expected: ExpectedOutcome?
        package var outcome: Outcome
        package var explanation: String
        /// The replay's margins (``Margins``): within the swept ranges, each axis' ``Axis/margin``.
        package var margins: Margins
        /// Outcome at the lower end of each axis' range, to read its ranges.
        package var starts: [String: Outcome]
        package var threshold: Axis
        package var thresholdNoFlick: Axis
        package var flickVelocity: Axis
    }

    /// A setting range where every labelled track comes out as labelled, or the conflict.
    package struct Agreement: Sendable {
        package var axis: String
        package var ranges: [Range<Double>]
        /// When there is no such range: the tracks that show why (`file track N`): those
        /// right nowhere in the range, the one needing the setting lowest and the one needing
        /// it highest, and the one whose ranges left nothing in common.
        package var conflicts: [String]
        /// Tracks right nowhere in the range beyond those named in ``conflicts``.
        package var unnamedConflicts: Int
        /// Tracks labelled finish or cancel: the ones these settings can decide.
        package var labelled: Int

        /// The value with the largest smallest margin: the middle of the widest range, and
        /// half its width (the ends of the swept range count as ends: nothing is known beyond
        /// them). `nil` when there is no range.
        package func recommended(sweptTo end: Double) -> (value: Double, margin: Double)? {
            let ranges = self.ranges.map { $0.lowerBound...min($0.upperBound, end) }
            guard let widest = ranges.max(by: { $0.upperBound - $0.lowerBound < $1.upperBound - $1.lowerBound }) else { return nil }
            let half = (widest.upperBound - widest.lowerBound) / 2
            return (widest.lowerBound + half, half)
        }
    }

    package var settings: EffectiveSettings
    package var thresholdRange: ClosedRange<Double>
    package var flickRange: ClosedRange<Double>
    package var tracks: [Track]
    package var errors: [UnreadableFile]
    package var agreements: [Agreement]
    /// Both settings together: where every labelled track is right, and the recommendation.
    package var region: SettingsRegion
    /// The folder the files share (ending in `/`), `""` when none.
    package var folder: String

    /// What a sweep knows before its first track: the settings, the ranges, the folder.
    package struct Heading: Sendable {
        package var settings: EffectiveSettings
        package var thresholdRange: ClosedRange<Double>
        package var flickRange: ClosedRange<Double>
        package var folder: String
    }

    /// What a sweep knows after its last track.
    package struct Summary: Sendable {
        package var errors: [UnreadableFile]
        package var agreements: [Agreement]
        package var region: SettingsRegion
    }

    package var heading: Heading { Heading(settings: settings, thresholdRange: thresholdRange, flickRange: flickRange, folder: folder) }
    package var summary: Summary { Summary(errors: errors, agreements: agreements, region: region) }

    /// Sweeps every track of `sources`: pan samples once per track, then only the controller.
    package static func run(_ sources: [RecordingSource], configuration: ReplayConfiguration,
                           thresholdRange: ClosedRange<Double> = 0...1, flickRange: ClosedRange<Double> = 0...5000,
                           gridPoints: Int = 200) -> SweepReport {
        var tracks: [Track] = []
        let heading = heading(sources, configuration: configuration, thresholdRange: thresholdRange, flickRange: flickRange)
        let summary = stream(sources, configuration: configuration, thresholdRange: thresholdRange, flickRange: flickRange,
                             gridPoints: gridPoints) { tracks.append($0) }
            ?? Summary(errors: [], agreements: [], region: SettingsRegion(settings: configuration.dismissal))   // not reached: nothing cancels this sweep
        return SweepReport(settings: heading.settings, thresholdRange: thresholdRange, flickRange: flickRange, tracks: tracks,
                           errors: summary.errors, agreements: summary.agreements, region: summary.region, folder: heading.folder)
    }

    /// The heading of a sweep over `sources`.
    package static func heading(_ sources: [RecordingSource], configuration: ReplayConfiguration,
                               thresholdRange: ClosedRange<Double> = 0...1, flickRange: ClosedRange<Double> = 0...5000) -> Heading {
        Heading(settings: EffectiveSettings(configuration: configuration), thresholdRange: thresholdRange, flickRange: flickRange,
                folder: TextReportRenderer.commonFolder(sources.map(\.eventsPath)))
    }

    /// Sweeps every track of `sources`, handing each to `track` as it is swept and keeping
    /// none: memory is flat in the number of tracks (`touchtape sweep` writes each as it
    /// comes). `cancelled` is looked at as the replay goes (a stop signal): `nil` when it
    /// stopped the sweep.
    @discardableResult
    package static func stream<E: Error>(_ sources: [RecordingSource], configuration: ReplayConfiguration,
                                        thresholdRange: ClosedRange<Double> = 0...1, flickRange: ClosedRange<Double> = 0...5000,
                                        gridPoints: Int = 200, cancelled: () -> Bool = { false },
                                        locking: ReadLocking = .standard, problems: [RecordingError] = [],
                                        track: (Track) throws(E) -> Void) throws(E) -> Summary? {
        // What the search of the folders met (a folder that cannot be listed): an error each.
        var errors = problems.map { ReplayRunner.unreadable(file: $0.file, error: $0) }
        var accumulators = [("threshold", thresholdRange), ("thresholdNoFlick", thresholdRange), ("flickVelocity", flickRange)]
            .map { AgreementAccumulator(axis: $0.0, range: $0.1) }
        let base = configuration.dismissal
        var region = SettingsRegion(settings: base, thresholdRange: thresholdRange, flickRange: flickRange)
        for source in sources {
            var handedOn: E?
            do {
                try RecordingReplay.run(source, configuration: configuration, makeController: { DismissalController(settings: $0.dismissal) },
                                        cancelled: cancelled, locking: locking) { result in
                    let t = sweep(result, base: base, gridPoints: gridPoints, thresholdRange: thresholdRange, flickRange: flickRange)
                    for i in accumulators.indices { accumulators[i].add(t) }
                    region.add(release: result.report.release, progress: result.report.releaseProgress, expected: t.expected)
                    do throws(E) { try track(t) } catch { handedOn = error; throw error }
                }
            } catch is ReplayCancelled {
                return nil
            } catch {
                if let handedOn { throw handedOn }
                errors.append(ReplayRunner.unreadable(file: source.eventsPath, error: error))
            }
            if cancelled() { return nil }
        }
        return Summary(errors: errors, agreements: accumulators.map { $0.agreement }, region: region)
    }

    /// One track's three axes.
    static func sweep(_ result: TrackResult, base: DismissalSettings, gridPoints: Int,
                      thresholdRange: ClosedRange<Double>, flickRange: ClosedRange<Double>) -> Track {
        let t = result.transcript
        let sweep = OutcomeSweep(samples: t.samples, settings: base, gridPoints: gridPoints)
        var noFlick = sweep
        noFlick.settings.flick = nil
        let flickOn = base.flick != nil
        let axes: [(String, OutcomeSweep, OutcomeSweep.Setting, ClosedRange<Double>)] = [
            ("threshold", sweep, .threshold, thresholdRange), ("thresholdNoFlick", noFlick, .threshold, thresholdRange),
            ("flickVelocity", sweep, .flickVelocity, flickRange),
        ]
        var starts: [String: Outcome] = [:]
        for (name, s, setting, range) in axes { starts[name] = s.outcome(setting, range.lowerBound) }
        return Track(
            file: t.file, track: t.track, expected: t.annotation.expected, outcome: t.outcome,
            explanation: result.report.explanation.summary, margins: result.report.explanation.margins, starts: starts,
            threshold: Axis(setting: .threshold, flicks: flickOn, current: base.completionThreshold,
                            boundaries: sweep.boundaries(of: .threshold, in: thresholdRange)),
            thresholdNoFlick: Axis(setting: .threshold, flicks: false, current: base.completionThreshold,
                                   boundaries: noFlick.boundaries(of: .threshold, in: thresholdRange)),
            flickVelocity: Axis(setting: .flickVelocity, flicks: true, current: base.flick?.minimumVelocity,
                                boundaries: sweep.boundaries(of: .flickVelocity, in: flickRange)))
    }

    static func axis(_ t: Track, _ name: String) -> Axis {
        switch name {
        case "threshold": return t.threshold
        case "thresholdNoFlick": return t.thresholdNoFlick
        default: return t.flickVelocity
        }
    }

    /// One axis' agreement, built track by track in constant memory: the running
    /// intersection of every labelled track's ranges of agreement with its label, and the
    /// few tracks that explain an empty one. A track labelled `none` is left out: the
    /// threshold and the flick velocity decide a release, not whether a transition starts.
    struct AgreementAccumulator {
        /// Tracks right nowhere in the range named at most (the rest are counted).
        static let namedLimit = 20
        let axis: String
        let range: ClosedRange<Double>
        var common: [Range<Double>]
        var labelled = 0
        var neverRight: [String] = []
        var unnamed = 0
        /// The track whose ranges end lowest, and the one whose ranges start highest.
        var lowestEnd: (name: String, value: Double)?
        var highestStart: (name: String, value: Double)?
        /// The track after which nothing was left in common.
        var emptiedBy: String?

        init(axis: String, range: ClosedRange<Double>) {
            self.axis = axis
            self.range = range
            common = [range.lowerBound..<range.upperBound.nextUp]
        }

        mutating func add(_ t: Track) {
            guard let expected = t.expected, expected != .none else { return }
            labelled += 1
            let name = "\(t.file) track \(t.track)"
            let ok = SweepReport.axis(t, axis).ranges(where: expected == .finish ? .finish : .cancel, in: range,
                                                      start: t.starts[axis] ?? .none)
            guard let first = ok.first, let last = ok.last else {
                if neverRight.count < Self.namedLimit { neverRight.append(name) } else { unnamed += 1 }
                common = []
                return
            }
            if lowestEnd.map({ last.upperBound < $0.value }) ?? true { lowestEnd = (name, last.upperBound) }
            if highestStart.map({ first.lowerBound > $0.value }) ?? true { highestStart = (name, first.lowerBound) }
            let wasEmpty = common.isEmpty
            common = SweepReport.intersect(common, ok)
            if common.isEmpty, !wasEmpty { emptiedBy = name }
        }

        var agreement: Agreement {
            guard common.isEmpty else {
                return Agreement(axis: axis, ranges: common, conflicts: [], unnamedConflicts: 0, labelled: labelled)
            }
            var conflicts = neverRight
            let witnesses = (lowestEnd?.value ?? 0) <= (highestStart?.value ?? 0) ? [lowestEnd?.name, highestStart?.name] : []
            for name in (witnesses + [emptiedBy]).compactMap({ $0 }) where !conflicts.contains(name) { conflicts.append(name) }
            return Agreement(axis: axis, ranges: [], conflicts: conflicts, unnamedConflicts: unnamed, labelled: labelled)
        }
    }

    static func intersect(_ a: [Range<Double>], _ b: [Range<Double>]) -> [Range<Double>] {
        var out: [Range<Double>] = []
        for x in a { for y in b {
            let lower = max(x.lowerBound, y.lowerBound), upper = min(x.upperBound, y.upperBound)
            if lower < upper { out.append(lower..<upper) }
        } }
        return out
    }
}
