import Testing
import TouchTapePan
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

/// The Synaptics two-finger horizontal scroll (peer recording) starts an EasyTransitions
/// dismissal only if the velocity at `.began` points down: under lsq2 and impulse it does
/// (and the release cancels), under the iOS weights it does not (no transition).
@Test func tracksWhoseOutcomeDependsOnTheEstimatorAreFlagged() throws {
    let sources = try RecordingLocator.sources(for: [PackagePaths.peerRecordings.path])
    let settings = SessionSettings(profile: .easytransitions)
    let comparison = EstimatorComparison.run(sources, settings: settings, configuration: try settings.configuration())
    let flagged = comparison.rows.filter(\.dependsOnEstimator)
    let synaptics = try #require(flagged.first { $0.file.hasSuffix("two-finger-scroll-horizontal.events") && $0.track == 1 })
    #expect(synaptics.results.map(\.strategy) == [.leastSquares, .iOSWeighted, .impulse])
    #expect(synaptics.results.map(\.outcome) == [.cancel, .none, .cancel])
    // Read as words: the 80-column report wraps after the long file name.
    let words = comparison.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("* SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-horizontal.events #1: lsq2 "))
    #expect(comparison.rows.allSatisfy { $0.results.count == 3 })
}

@Test func velocityEstimatorAndSlopAreSessionSettings() throws {
    let settings = SessionSettings(profile: .transition, velocity: .impulse, slop: 4)
    let pan = try settings.panSettings()
    #expect(pan.velocityStrategy == .impulse)
    #expect(pan.slop(for: .touchscreen) == 4 && pan.slop(for: .touchpad) == 4)
    #expect(settings.replayArguments == ["--profile", "transition", "--velocity", "impulse", "--slop", "4"])
    #expect(settings.overrideDescriptions == ["velocity impulse", "slop 4"])
    #expect(EffectiveSettings(configuration: try settings.configuration()).text.contains("slop 4 pt (touchpad 4 pt), velocity impulse"))
}
