import TouchTapeEvents
import TouchTapeFormats
import TouchTapeDismissal

/// `touchtape sweep`: per track, where the outcome flips as the threshold (with flicks on
/// and off) and the flick velocity vary, and the margin of the current settings to each
/// flip; over all tracks, the ranges of each setting in which every labelled track comes
/// out as labelled, or the tracks that conflict.
public struct SweepReport: Sendable {
    /// One axis of one track: the flips and how far the current value is from the nearest.
    public struct Axis: Hashable, Sendable {
        public var setting: OutcomeSweep.Setting
        /// `false`: the threshold swept with flicks turned off.
        public var flicks: Bool
        /// The current value (`nil`: the setting is off, e.g. photozoom's threshold).
        public var current: Double?
        public var boundaries: [OutcomeSweep.Boundary]

        /// The nearest boundary's value minus the current value: how far the setting must
        /// move to flip the outcome (`nil`: no flip in the range, or no current value).
        public var margin: Double? {
            guard let current else { return nil }
            return boundaries.map { $0.value - current }.min { abs($0) < abs($1) }
        }

        /// The current value is a boundary: the tie rule decides this track.
        public var onBoundary: Bool {
            guard let current else { return false }
            return boundaries.contains { $0.value == current || $0.value.nextDown == current }
        }

        /// The ranges (within `range`) where the outcome is `outcome`.
        public func ranges(where outcome: Outcome, in range: ClosedRange<Double>, start: Outcome) -> [Range<Double>] {
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

    public struct Track: Sendable {
        public var file: String
        public var track: Int
        public var expected: ExpectedOutcome?
        public var outcome: Outcome
        public var explanation: String
        /// Outcome at the lower end of each axis' range, to read its ranges.
        public var starts: [String: Outcome]
        public var threshold: Axis
        public var thresholdNoFlick: Axis
        public var flickVelocity: Axis
    }

    /// A setting range where every labelled track comes out as labelled, or the conflict.
    public struct Agreement: Sendable {
        public var axis: String
        public var ranges: [Range<Double>]
        /// Labelled tracks that come out as labelled nowhere in the range, or whose
        /// ranges share nothing with the others' (`file track N`).
        public var conflicts: [String]
    }

    public var settings: EffectiveSettings
    public var thresholdRange: ClosedRange<Double>
    public var flickRange: ClosedRange<Double>
    public var tracks: [Track]
    public var errors: [UnreadableFile]
    public var agreements: [Agreement]

    /// Sweeps every track of `sources`: pan samples once per track, then only the controller.
    public static func run(_ sources: [RecordingSource], configuration: ReplayConfiguration,
                           thresholdRange: ClosedRange<Double> = 0...1, flickRange: ClosedRange<Double> = 0...5000,
                           gridPoints: Int = 200) -> SweepReport {
        var tracks: [Track] = []
        var errors: [UnreadableFile] = []
        let base = configuration.dismissal
        for source in sources {
            do {
                try RecordingReplay.run(source, configuration: configuration) { result in
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
                    tracks.append(Track(
                        file: t.file, track: t.track, expected: t.annotation.expected, outcome: t.outcome,
                        explanation: result.report.explanation.summary, starts: starts,
                        threshold: Axis(setting: .threshold, flicks: flickOn, current: base.completionThreshold,
                                        boundaries: sweep.boundaries(of: .threshold, in: thresholdRange)),
                        thresholdNoFlick: Axis(setting: .threshold, flicks: false, current: base.completionThreshold,
                                               boundaries: noFlick.boundaries(of: .threshold, in: thresholdRange)),
                        flickVelocity: Axis(setting: .flickVelocity, flicks: true, current: base.flick?.minimumVelocity,
                                            boundaries: sweep.boundaries(of: .flickVelocity, in: flickRange))))
                }
            } catch {
                errors.append(ReplayRunner.unreadable(file: source.eventsPath, error: error))
            }
        }
        var agreements: [Agreement] = []
        for (name, range) in [("threshold", thresholdRange), ("thresholdNoFlick", thresholdRange), ("flickVelocity", flickRange)] {
            agreements.append(agreement(name, range: range, tracks: tracks))
        }
        return SweepReport(settings: EffectiveSettings(configuration: configuration), thresholdRange: thresholdRange,
                           flickRange: flickRange, tracks: tracks, errors: errors, agreements: agreements)
    }

    static func axis(_ t: Track, _ name: String) -> Axis {
        switch name {
        case "threshold": return t.threshold
        case "thresholdNoFlick": return t.thresholdNoFlick
        default: return t.flickVelocity
        }
    }

    /// The intersection of every labelled track's ranges of agreement with its label.
    static func agreement(_ name: String, range: ClosedRange<Double>, tracks: [Track]) -> Agreement {
        var common: [Range<Double>] = [range.lowerBound..<range.upperBound.nextUp]
        var perTrack: [(String, [Range<Double>])] = []
        for t in tracks {
            guard let expected = t.expected else { continue }
            let outcome: Outcome = expected == .finish ? .finish : .cancel
            let ok = axis(t, name).ranges(where: outcome, in: range, start: t.starts[name] ?? .none)
            perTrack.append(("\(t.file) track \(t.track)", ok))
            common = intersect(common, ok)
        }
        guard common.isEmpty else { return Agreement(axis: name, ranges: common, conflicts: []) }
        // Conflicts: tracks never right in the range, then tracks whose ranges meet no other's.
        var conflicts = perTrack.filter { $0.1.isEmpty }.map(\.0)
        for (i, a) in perTrack.enumerated() where !a.1.isEmpty {
            for (j, b) in perTrack.enumerated() where j > i && !b.1.isEmpty && intersect(a.1, b.1).isEmpty {
                for n in [a.0, b.0] where !conflicts.contains(n) { conflicts.append(n) }
            }
        }
        return Agreement(axis: name, ranges: [], conflicts: conflicts)
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
