import Foundation
import Testing
import TouchTape
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
import TouchTapePan
import TouchTapeDismissal
import TouchTapeReplay
import TouchTapeTestSupport

/// Every bundled and peer recording.
private let sources: [RecordingSource] = {
    (try? RecordingLocator.sources(for: [PackagePaths.recordings.path, PackagePaths.peerRecordings.path])) ?? []
}()

/// Wraps a controller and sees it only through the public contract: if a replay reached
/// the built-in controller any other way, the wrapped run would differ.
private struct ContractOnly<Inner: InteractiveDismissalController>: InteractiveDismissalController {
    var inner: Inner
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        inner.handlePan(gesture, transition: &transition)
    }
    mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {
        inner.transitionAnimationEnded(&transition)
    }
}

/// The built-in profiles go through the public contract: the report with each profile's
/// controller hidden behind a wrapper that only forwards the contract is byte-identical
/// to the CLI's (``ReplayRunner``) on every bundled and peer recording.
@Test(arguments: DismissalProfile.allCases)
func builtInProfilesReachReplaysOnlyThroughTheContract(profile: DismissalProfile) throws {
    #expect(sources.count >= 17)
    let settings = SessionSettings(profile: profile)
    let configuration = try settings.configuration()
    var runner = ReplayRunner(settings: settings, configuration: configuration)
    runner.probes = true   // the probes too reach the controller through the contract only
    let cli = runner.run(sources)
    let wrapped = ControllerReplay(name: profile.rawValue, configuration: configuration) {
        ContractOnly(inner: DismissalController(settings: $0.dismissal))
    }.run(Recordings(sources: sources))
    var report = wrapped.report
    report.overrides = cli.overrides
    #expect(ReportFormat.json.render(report) == ReportFormat.json.render(cli))
    #expect(ReportFormat.text.render(report) == ReportFormat.text.render(cli))
}
