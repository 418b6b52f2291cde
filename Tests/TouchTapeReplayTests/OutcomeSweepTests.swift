import Testing
import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

private func sweep(_ name: String, profile: DismissalProfile = .transition) throws -> SweepReport {
    let source = RecordingLocator.source(forPath: PackagePaths.recordings.appendingPathComponent(name).path)
    return SweepReport.run([source], configuration: try SessionSettings(profile: profile).configuration())
}

/// Checked by hand: `touchscreen-pan-down-finish.evemu` track 1 is released at
/// 509.78 pt of a 900 pt distance (replay: release progress 0.566418), below any flick
/// (|v| 258 pt/s): so it finishes for every threshold below 0.566418 and cancels from there.
@Test func thresholdBoundaryIsTheReleaseProgress() throws {
    let report = try sweep("touchscreen-pan-down-finish.evemu")
    let track = try #require(report.tracks.first)
    let flip = try #require(track.threshold.boundaries.first)
    #expect(track.threshold.boundaries.count == 1)
    #expect((flip.below, flip.above) == (.finish, .cancel))
    #expect(TextReportRenderer.fixed(flip.value, 6) == "0.566418")
    #expect(TextReportRenderer.fixed(try #require(track.threshold.margin), 3) == "0.233")
    #expect(track.flickVelocity.boundaries.isEmpty, "a slow release finishes with or without a flick")
    #expect(!track.threshold.onBoundary)
}

/// Checked by hand (`touchtape replay … --format json`, remade 2026-11-25): the file is
/// released at v = (146.98, 2436.39) pt/s, |v| 2440.82 pt/s downwards, at progress 0.131: a flick for every minimum up to |v| (`>=`), a cancel by the
/// threshold above it. With flicks off the threshold flips at the release progress.
@Test func flickBoundaryIsTheReleaseSpeed() throws {
    let report = try sweep("touchscreen-flick-down-finish.evemu")
    let track = try #require(report.tracks.first)
    let flip = try #require(track.flickVelocity.boundaries.first)
    #expect((flip.below, flip.above) == (.finish, .cancel))
    #expect(TextReportRenderer.fixed(flip.value, 4) == "2440.8152")
    // `>=`: the release speed itself still flicks; the next double up does not.
    #expect(OutcomeSweep(samples: [], settings: DismissalProfile.transition.settings).settings(.flickVelocity, 1).flick?.comparison == .greaterThanOrEqual)
    #expect(track.threshold.boundaries.isEmpty, "the flick decides whatever the threshold")
    #expect(TextReportRenderer.fixed(try #require(track.thresholdNoFlick.boundaries.first).value, 6) == "0.130575")
}

/// Released exactly at 1/3 of 900 pt: Transition's strict `>` cancels, and the sweep says
/// the track sits on the boundary.
@Test func aTrackExactlyOnTheBoundaryIsReportedAsSuch() {
    let samples = [PanSample(time: 0, phase: .began, translation: .zero, velocity: Vector2(x: 0, y: 300), fingerCount: 1),
                   PanSample(time: 0.1, phase: .changed, translation: Vector2(x: 0, y: 300), velocity: .zero, fingerCount: 1),
                   PanSample(time: 0.2, phase: .ended, translation: Vector2(x: 0, y: 300), velocity: .zero, fingerCount: 1)]
    let settings = DismissalProfile.transition.settings
    let sweep = OutcomeSweep(samples: samples, settings: settings)
    #expect(OutcomeSweep.outcome(samples: samples, settings: settings) == .cancel)
    let boundaries = sweep.boundaries(of: .threshold, in: 0...1)
    #expect(boundaries == [OutcomeSweep.Boundary(value: 1.0 / 3.0, below: .finish, above: .cancel)])
    let axis = SweepReport.Axis(setting: .threshold, flicks: true, current: settings.completionThreshold, boundaries: boundaries)
    #expect(axis.onBoundary)
    #expect(axis.margin == 0)
    #expect(SweepRenderer.describe(axis, digits: 3, unit: "").contains("ON THE BOUNDARY"))
}

@Test func labelledTracksAgreeOnARangeOrConflict() throws {
    let sources = try RecordingLocator.sources(for: [PackagePaths.recordings.path])
    let report = SweepReport.run(sources, configuration: try SessionSettings().configuration())
    let threshold = try #require(report.agreements.first { $0.axis == "threshold" })
    #expect(threshold.conflicts.isEmpty)
    #expect(threshold.ranges.contains { $0.contains(1.0 / 3.0) }, "the default threshold works for every label")
    let noFlick = try #require(report.agreements.first { $0.axis == "thresholdNoFlick" })
    #expect(noFlick.ranges.isEmpty && noFlick.conflicts.contains { $0.hasSuffix("touchscreen-flick-down-finish.evemu track 1") },
            "without flicks the flick-down finish and the flick-up cancel cannot both come out right")
}

/// Issue 24: the agreement ranges are half-open and printed as such, with the digits that
/// tell the boundary from its rounded neighbour: `[0, 2319]` read as "2319 works" though
/// the flip is at 2318.9651 and 2319 fails.
@Test func agreementRangesPrintHalfOpenWithTheBoundarysDigits() {
    #expect(SweepRenderer.interval(0..<2318.96512, 1, sweptTo: 5000) == "[0.0, 2318.9651)")
    #expect(SweepRenderer.interval(0.2..<1.0.nextUp, 3, sweptTo: 1) == "[0.200000, 1.000]")
    #expect(SweepRenderer.interval(0.151743..<0.3644281, 3, sweptTo: 1) == "[0.151743, 0.364428)")
}

/// Moving the flick minimum (a sweep's axis, a margin) moves only the minimum: Flutter's
/// "a fling needs progress" and "at threshold 1.0 a forward fling slides back" stay, so
/// the flick margin of a Flutter track is measured under Flutter's rule.
@Test func sweepingTheFlickMinimumKeepsTheRestOfTheFlickRule() throws {
    let flutter = DismissalProfile.flutter.settings
    let base = try #require(flutter.flick)
    #expect(base.requiresProgress && base.slidesBackAtFullThreshold, "the profile's rule has both")
    let swept = try #require(OutcomeSweep.settings(flutter, .flickVelocity, 123).flick)
    #expect(swept.minimumVelocity == 123)
    #expect(swept.requiresProgress == base.requiresProgress)
    #expect(swept.slidesBackAtFullThreshold == base.slidesBackAtFullThreshold)
    #expect(swept.comparison == base.comparison && swept.crossAxisMargin == base.crossAxisMargin)
    // A profile without flicks gets the plain rule.
    var off = flutter
    off.flick = nil
    #expect(OutcomeSweep.settings(off, .flickVelocity, 5).flick == .init(minimumVelocity: 5, comparison: .greaterThanOrEqual))
}
