import Foundation
import Testing
import TouchTape
import TouchTapeTesting
@testable import CardDismissal

/// The recordings this test target carries as resources (`.copy("Recordings")`).
func recordings() throws -> Recordings { try Recordings(bundle: .module, subdirectory: "Recordings") }

@Test func theCardPassesEveryCheckOnEveryRecording() throws {
    let result = expectChecksPass(try recordings(), rules: CardDismissal.rules) { CardDismissal() }
    #expect(result.tracks.count >= 4)
}

/// One test case per recorded track, named after it: a failure says which gesture.
@Test(arguments: try! Recordings(bundle: .module, subdirectory: "Recordings").tracks())
func theCardPassesEveryCheckOn(_ track: RecordedTrack) {
    let run = ControllerReplay(rules: CardDismissal.rules) { CardDismissal() }.run(track)
    #expect(!run.tracks.isEmpty)
    #expect(run.failures.isEmpty, "\(run.failures)")
}

@Test func theCardFinishesWhatItsLabelsSay() throws {
    expectChecksPass(try recordings(), rules: CardDismissal.rules, tracks: .labelled) { CardDismissal() }
}

@Test func beyondItsEdgeTheCardRubberBands() {
    let band = CardDismissal.rubberBand(300, dimension: 600)
    #expect(band > 0 && band < 300)
    #expect(CardDismissal.rubberBand(600, dimension: 600) < 2 * band)
}

/// The broken card's test is expected to fail: `withKnownIssue` keeps the suite green
/// while proving the message names the check, the track and the frame.
@Test func theBrokenCardFailsNamingCheckTrackAndFrame() throws {
    let recordings = try recordings()
    withKnownIssue("BrokenCardDismissal runs its progress backwards past 40 %") {
        expectChecksPass(recordings, rules: CardDismissal.rules, tracks: .labelled(.finish)) {
            BrokenCardDismissal()
        }
    } matching: { issue in
        let message = issue.comments.map(\.rawValue).joined()
        // Past the first 20 failed checks, one issue counts the rest.
        if message.hasPrefix("… and ") { return message.contains(" more failed checks (") }
        // The backwards fraction is not the pan's either.
        if message.contains("progress-value failed at t=") {
            return message.contains(" of the track, frame ") && message.contains("where the rules give")
        }
        return message.contains("progress-monotonic failed at t=")
            && message.contains(" track ") && message.contains(" of the track, frame ")
            && message.contains("progress went from") && message.contains("while the pan moved +")
    }
}

@Test func theBrokenCardsMessageReadsAsDocumented() throws {
    let run = ControllerReplay(rules: CardDismissal.rules) { BrokenCardDismissal() }.run(try recordings(), tracks: .labelled(.finish))
    let message = try #require(run.failures.map(\.description).first { $0.contains("progress-monotonic") })
    // e.g. ".../touchscreen-pan-down-finish.evemu track 1: progress-monotonic failed at t=0.316 s
    // (frame 38 of the track, frame 38 of the recording): progress went from 0.397 to 0.386
    // while the pan moved +13 pt towards the dismiss edge (bottom)"
    #expect(message.range(of: #"\.(evemu|yml) track \d+: progress-monotonic failed at t=\d+\.\d{3} s \(frame \d+ of the track, frame \d+ of the recording\): progress went from \d\.\d{3} to \d\.\d{3} while the pan moved \+"#,
                          options: .regularExpression) != nil, "\(message)")
}

/// A hand-made pan, straight into the controller: no recording, no driver.
@Test func pulledUpTheCardRubberBandsWhileTheTransitionStaysAtZero() {
    var card = CardDismissal()
    var transition = TransitionContext(distance: 600)
    let view = GestureView(width: 390, height: 600)
    card.handlePan(PanGesture(state: .began, velocity: Vector2(x: 0, y: -200), view: view), transition: &transition)
    card.handlePan(PanGesture(state: .changed, timestamp: 0.1, translation: Vector2(x: 0, y: -300),
                              velocity: Vector2(x: 0, y: -200), view: view), transition: &transition)
    #expect(card.cardOffset < 0 && card.cardOffset > -300)
    #expect(transition.percentComplete == 0)
    card.handlePan(PanGesture(state: .changed, timestamp: 0.2, translation: Vector2(x: 0, y: 120),
                              velocity: Vector2(x: 0, y: 600), view: view), transition: &transition)
    #expect(card.cardOffset == 120)
    #expect(transition.percentComplete == 0.2)
}
