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

/// A card that follows the finger: progress is the pan over the view's height, finish past
/// 40 % or on a flick of 1000 pt/s.
struct FollowingCard: InteractiveDismissalController {
    static let rules = DismissalSettings.declared(edge: .bottom, distance: 800, threshold: 0.4, flickVelocity: 1000,
                                                      cancelFlickVelocity: 1000)

    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        let view = gesture.view
        let progress = min(max(gesture.translation(in: view).y / view.bounds.height, 0), 1)
        switch gesture.state {
        case .began:
            transition.begin()
        case .changed:
            transition.update(progress)
        case .ended, .cancelled:
            let velocity = gesture.velocity(in: view).y
            if velocity <= -1000 { transition.cancel() } else if progress > 0.4 || velocity >= 1000 { transition.finish() } else { transition.cancel() }
        }
    }
}

/// The same card with its progress running backwards past 30 %.
struct BackwardsCard: InteractiveDismissalController {
    var inner = FollowingCard()
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        if gesture.state == .changed {
            let p = min(max(gesture.translation(in: gesture.view).y / gesture.view.bounds.height, 0), 1)
            transition.update(p > 0.3 ? 0.6 - p : p)
        } else {
            inner.handlePan(gesture, transition: &transition)
        }
    }
}

private func recordings() throws -> Recordings { try Recordings(path: PackagePaths.recordings.path) }

@Test func anAppsControllerPassesTheChecksOnTheBundledRecordings() throws {
    let run = ControllerReplay(rules: FollowingCard.rules) { FollowingCard() }.run(try recordings())
    #expect(run.tracks.count >= 10)
    #expect(run.failures.map(\.description) == [])
    #expect(run.report.profile == "FollowingCard")
    // Unexplained decisions are named by the declared rules' verdict.
    #expect(run.report.tracks.allSatisfy { [.threshold, .flick, .veto, .noTransition, .noRelease].contains($0.reason) })
}

@Test func aFailureNamesFileTrackCheckTimeFrameAndValues() throws {
    let run = ControllerReplay(rules: FollowingCard.rules) { BackwardsCard() }.run(try recordings(), tracks: .labelled(.finish))
    let failure = try #require(run.failures.first { $0.check == "progress-monotonic" })
    #expect(failure.file.hasPrefix(PackagePaths.recordings.path))
    #expect(failure.track >= 1)
    #expect(failure.time != nil && failure.frameInTrack != nil && failure.frameInRecording != nil)
    let text = failure.description
    #expect(text.contains("track \(failure.track): progress-monotonic failed at t="))
    #expect(text.contains("frame \(failure.frameInTrack!) of the track"))
    #expect(text.contains("progress went from "))
    #expect(text.contains("while the pan moved +"))
    #expect(text.contains("towards the dismiss edge (bottom)"))
}

@Test func everyTrackGetsAFreshController() throws {
    final class Counter: @unchecked Sendable { var made = 0 }
    let counter = Counter()
    let run = ControllerReplay(rules: FollowingCard.rules) { () -> FollowingCard in
        counter.made += 1
        return FollowingCard()
    }.run(try recordings())
    #expect(counter.made == run.tracks.count)
}

@Test func tracksAreFilteredByLabel() throws {
    let replay = ControllerReplay(rules: FollowingCard.rules) { FollowingCard() }
    let all = replay.run(try recordings())
    let finish = replay.run(try recordings(), tracks: .labelled(.finish))
    let unlabelled = replay.run(try recordings(), tracks: .unlabelled)
    #expect(!finish.tracks.isEmpty)
    // The recorded tracks are the label's; their probes (rows with `probe` set) follow them,
    // labelled with what the declared rules say of each.
    #expect(finish.tracks.filter { $0.report.probe == nil }.allSatisfy { $0.report.expected == .finish })
    #expect(unlabelled.tracks.filter { $0.report.probe == nil }.allSatisfy { $0.report.expected == nil })
    #expect(finish.tracks.contains { $0.report.probe != nil })
    #expect(finish.tracks.count < all.tracks.count)
}

@Test func recordingsLoadFromABundlesResources() throws {
    let bundle = try #require(Bundle(url: PackagePaths.packageRoot))
    let fromBundle = try Recordings(bundle: bundle, subdirectory: "Recordings")
    #expect(fromBundle.sources.map { URL(fileURLWithPath: $0.eventsPath).lastPathComponent }
            == (try recordings()).sources.map { URL(fileURLWithPath: $0.eventsPath).lastPathComponent })
}

@Test func aFolderRunsToAReportInOneCall() throws {
    let report = try replayReport(path: PackagePaths.recordings.path, rules: FollowingCard.rules) { FollowingCard() }
    #expect(report.summaryLine.contains(" passed, 0 failed"), "\(report.summaryLine)")
    #expect(report.tracks.contains { $0.probe != nil }, "probes run by default")
    #expect(ReportFormat.json.render(report).contains("\"profile\": \"FollowingCard\""))
}

@Test func theBuiltInProfileThroughTheAPIEqualsTheCLI() throws {
    let settings = SessionSettings(profile: .easytransitions, threshold: 0.4)
    let api = try ControllerReplay(settings: settings).run(try recordings())
    var runner = ReplayRunner(settings: settings, configuration: try settings.configuration())
    runner.probes = true   // as the API replays by default
    let cli = runner.run((try recordings()).sources)
    var report = api.report
    report.overrides = cli.overrides
    #expect(ReportFormat.json.render(report) == ReportFormat.json.render(cli))
}

/// A one-finger pan straight down to `y` points and released there at 100 pt/s (no
/// flick), through `controller` under `FollowingCard.rules`.
private func panDown(to y: Double, through controller: some InteractiveDismissalController) -> Transcript {
    let samples = [
        PanSample(time: 0, phase: .began, translation: .zero, velocity: Vector2(x: 0, y: 100), fingerCount: 1),
        PanSample(time: 0.1, phase: .changed, translation: Vector2(x: 0, y: y), velocity: Vector2(x: 0, y: 100), fingerCount: 1),
        PanSample(time: 0.2, phase: .ended, translation: Vector2(x: 0, y: y), velocity: Vector2(x: 0, y: 100), fingerCount: 1),
    ]
    let context = TrackContext(file: "f", track: 1, deviceName: "d", deviceKind: .touchscreen,
                               touchProtocol: .multitouchB(slots: 10), fingers: 1)
    return ReplayPipeline.transcript(samples: samples, controller: controller, settings: FollowingCard.rules,
                                     profileName: "test", context: context)
}

@Test func theDeclaredRulesAreRecomputedFromTheGesture() {
    // A release at 45 % of 800 pt with no flick: the threshold check recomputes 0.45 > 0.4
    // from the translation and flags a controller that cancelled.
    struct AlwaysCancels: InteractiveDismissalController {
        mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
            switch gesture.state {
            case .began: transition.begin()
            case .changed: transition.update(0.1)
            case .ended, .cancelled: transition.cancel()
            }
        }
    }
    let t = panDown(to: 360, through: AlwaysCancels())
    let threshold = ReplayPipeline.check(t).first { $0.name == "threshold" }
    #expect(threshold?.passed == false)
    #expect(threshold?.detail == "raw fraction 0.45 > 0.4 → expected finish, got cancel")
}

@Test func callsThatDoNothingAreNotedAndASecondFinishFailsCompletionOnce() {
    struct Sloppy: InteractiveDismissalController {
        mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
            switch gesture.state {
            case .began: transition.update(0); transition.begin()
            case .changed: transition.update(0.5)
            case .ended, .cancelled: transition.finish(); transition.finish(); transition.update(0.7)
            }
        }
    }
    let t = panDown(to: 400, through: Sloppy())
    #expect(t.notes.contains("the controller made 2 call(s) with no interactive transition to apply them to, the first update(0.0) at t=0 s"))
    let once = ReplayPipeline.check(t).first { $0.name == "completion-once" }
    #expect(once?.passed == false)
    #expect(once?.detail.hasPrefix("expected one finish or cancel call per release, got 2") == true)
}

@Test func aSharedClassInstanceIsCaught() throws {
    final class Shared: InteractiveDismissalController {
        var card = FollowingCard()
        func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) { card.handlePan(gesture, transition: &transition) }
    }
    let shared = Shared()
    let run = ControllerReplay(rules: FollowingCard.rules) { shared }.run(try recordings())
    #expect(run.reusedControllerCount == run.tracks.count - 1)
    #expect(!run.passed)
    let fresh = ControllerReplay(rules: FollowingCard.rules) { Shared() }.run(try recordings())
    #expect(fresh.reusedControllerCount == 0)
}

@Test func aReleaseWithNeitherFinishNorCancelFailsCompletionOnce() {
    struct Forgets: InteractiveDismissalController {
        mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
            if gesture.state == .began { transition.begin() }
            if gesture.state == .changed { transition.update(0.2) }
        }
    }
    let t = panDown(to: 160, through: Forgets())
    let once = ReplayPipeline.check(t).first { $0.name == "completion-once" }
    #expect(once?.passed == false)
    #expect(once?.detail == "the pan ended at t=0.2 s but neither finish nor cancel was called: the transition hangs interactive")
}

@Test func theTranscriptKeepsEveryRecordedCall() throws {
    let run = ControllerReplay(rules: FollowingCard.rules) { FollowingCard() }.run(try recordings(), tracks: .labelled(.finish))
    let calls = try #require(run.tracks.first?.transcript.calls)
    #expect(calls.first?.kind == .begin)
    #expect(calls.contains { $0.kind == .finish })
    #expect(calls.last?.kind == .completeTransition(true))
    #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.time <= $1.time })
}

/// A card that sends its progress at `.began` too, from the translation it reads there, and
/// notes what `shouldBegin` read.
struct BeganReadingCard: InteractiveDismissalController {
    var inner = FollowingCard()
    nonisolated(unsafe) static var askedTranslations: [Double] = []
    mutating func shouldBegin(_ gesture: PanGesture) -> Bool {
        Self.askedTranslations.append(gesture.translation().y)
        return true
    }
    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        inner.handlePan(gesture, transition: &transition)
        if gesture.state == .began {
            transition.update(min(max(gesture.translation().y / gesture.view.bounds.height, 0), 1))
        }
    }
}

/// `beganTranslation` (issue 22): what `.began` carries is a replay setting. Under `.slop`
/// the began update is the slop movement over the distance and the checks still pass (the
/// rules see the same samples); `shouldBegin` reads the slop movement under both.
@Test(.serialized, arguments: PanGesture.BeganTranslation.allCases)
func aControllerReadingTheBeganTranslationSeesTheSetting(began: PanGesture.BeganTranslation) throws {
    BeganReadingCard.askedTranslations = []
    var replay = ControllerReplay(rules: FollowingCard.rules) { BeganReadingCard() }
    replay.beganTranslation = began
    replay.probes = false
    #expect(replay.beganTranslation == began)
    let track = try #require(try Recordings(path: PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path).tracks().first)
    let run = replay.run(track)
    #expect(run.passed, "\(run)")
    let calls = try #require(run.tracks.first?.transcript.calls)
    guard case .update(let first) = try #require(calls.dropFirst().first?.kind) else {
        Issue.record("the began update is missing: \(calls.prefix(3))"); return
    }
    let asked = try #require(BeganReadingCard.askedTranslations.first)
    #expect(asked > 9, "shouldBegin reads the slop movement (\(asked) pt)")
    switch began {
    case .zero: #expect(first == 0)
    case .slop: #expect(abs(first - asked / 800) < 1e-9, "\(first) vs \(asked) / 800")
    }
}

/// A mark inside a gesture used to leave its track unlabelled, its expectation checked
/// nowhere, and the run passed: the tracks' list refuses the file at the mark's line and a
/// run does not pass.
@Test func aMisplacedMarkFailsTheAPIsTracksAndRun() throws {
    let dir = try PackagePaths.scratchDirectory("tt-api-mark")
    let text = try String(contentsOf: PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu"), encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let firstEvent = try #require(lines.firstIndex { $0.hasPrefix("E:") })
    lines.insert("# touchtape: expect=cancel", at: firstEvent + 50)
    let path = dir.appendingPathComponent("marked.evemu").path
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let recordings = try Recordings(path: path)
    #expect(throws: RecordingError.self) { try recordings.tracks() }
    do { _ = try recordings.tracks() } catch { #expect(error.line == firstEvent + 51 && error.kind == .misplacedMark, "\(error)") }
    let run = ControllerReplay(rules: FollowingCard.rules) { FollowingCard() }.run(recordings)
    #expect(!run.passed)
    #expect(run.errors.map(\.line) == [firstEvent + 51])
}

/// Recordings beside the test's source file are the source tree's own files, found whatever
/// the working folder (Xcode's is not the package root).
@Test func recordingsBesideTheSourceFileAreTheSourceTreesOwn() throws {
    let beside = try Recordings(besideSource: "../../Recordings")
    let fromRoot = try recordings()
    #expect(beside.files.count == fromRoot.files.count && beside.files.count >= 10)
    #expect(beside.sources.map(\.eventsPath) == fromRoot.sources.map(\.eventsPath).map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    #expect(throws: RecordingError.self) { try Recordings(besideSource: "no-such-folder") }
}

/// A completionSpeed of 0 makes UIKit's completion endless: the replay trapped on the
/// infinite frame count; a tiny one asked for 10¹⁵ frames. Both fail `completion-once`.
@Test func anEndlessCompletionFailsItsCheckInsteadOfTrapping() throws {
    struct Endless: InteractiveDismissalController {
        var inner = FollowingCard()
        let speed: Double
        mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
            if gesture.state == .ended || gesture.state == .cancelled { transition.completionSpeed = speed }
            inner.handlePan(gesture, transition: &transition)
        }
    }
    for speed in [0, 1e-12] {
        var replay = ControllerReplay(rules: FollowingCard.rules) { Endless(speed: speed) }
        replay.probes = false
        let run = replay.run(try recordings(), tracks: .labelled(.finish))
        let failure = try #require(run.failures.first { $0.check == "completion-once" }, "speed \(speed)")
        #expect(failure.detail.contains("s after release, bound 10 s"), "\(failure.detail)")
        if speed == 0 { #expect(failure.detail.contains("never ends"), "\(failure.detail)") }
    }
}

/// `progress-value` holds a controller to the rules' fraction, but an update at `.began` is
/// optional: with the slop in the began translation the rules' first fraction is not 0, and
/// a card that starts the transition there and updates from the first `.changed` on passes.
@Test func anUpdateAtBeganIsOptionalForProgressValue() throws {
    struct LateCard: InteractiveDismissalController {
        var inner = FollowingCard()
        mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
            if gesture.state == .began { transition.begin(); return }
            inner.handlePan(gesture, transition: &transition)
        }
    }
    var replay = ControllerReplay(rules: FollowingCard.rules) { LateCard() }
    replay.beganTranslation = .slop
    let run = replay.run(try recordings())
    #expect(run.failures.filter { $0.check == "progress-value" }.map(\.description) == [])
    // A card that never updates still fails it.
    struct StillCard: InteractiveDismissalController {
        var inner = FollowingCard()
        mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
            if gesture.state == .changed { return }
            inner.handlePan(gesture, transition: &transition)
        }
    }
    let still = ControllerReplay(rules: FollowingCard.rules) { StillCard() }.run(try recordings())
    #expect(still.failures.contains { $0.check == "progress-value" && $0.detail.contains("where the rules give") })
}
