import Foundation
import Testing
import TouchTape
import TouchTapeTesting
@testable import CardDismissal

/// The project's recordings, beside this package.
let recordings = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Recordings").path

@Test func theCardPassesEveryCheckOnEveryRecording() {
    let result = expectChecksPass(replaying: recordings, rules: CardDismissal.rules) { CardDismissal() }
    #expect((result?.tracks.count ?? 0) >= 10)
}

@Test func theCardFinishesWhatItsLabelsSay() {
    expectChecksPass(replaying: recordings, rules: CardDismissal.rules, tracks: .labelled) { CardDismissal() }
}

@Test func beyondItsEdgeTheCardRubberBands() {
    let band = CardDismissal.rubberBand(300, dimension: 600)
    #expect(band > 0 && band < 300)
    #expect(CardDismissal.rubberBand(600, dimension: 600) < 2 * band)
}

/// The broken card's test is expected to fail: `withKnownIssue` keeps the suite green
/// while proving the message names the check, the track and the frame.
@Test func theBrokenCardFailsNamingCheckTrackAndFrame() {
    withKnownIssue("BrokenCardDismissal runs its progress backwards past 40 %") {
        expectChecksPass(replaying: recordings, rules: CardDismissal.rules, tracks: .labelled(.finish)) {
            BrokenCardDismissal()
        }
    } matching: { issue in
        let message = issue.comments.map(\.rawValue).joined()
        return message.contains("progress-monotonic failed at t=")
            && message.contains(" track ") && message.contains(" of the track, frame ")
            && message.contains("progress went from") && message.contains("while the pan moved +")
    }
}

@Test func theBrokenCardsMessageReadsAsDocumented() throws {
    let (_, messages) = ReplayExpectation.evaluate(replaying: recordings, rules: CardDismissal.rules,
                                                   tracks: .labelled(.finish)) { BrokenCardDismissal() }
    let message = try #require(messages.first { $0.contains("progress-monotonic") })
    // e.g. ".../touchscreen-pan-down-finish.evemu track 1: progress-monotonic failed at t=0.316 s
    // (frame 38 of the track, frame 38 of the recording): progress went from 0.397 to 0.386
    // while the pan moved +13 pt towards the dismiss edge (bottom)"
    #expect(message.range(of: #"\.(evemu|yml) track \d+: progress-monotonic failed at t=\d+\.\d{3} s \(frame \d+ of the track, frame \d+ of the recording\): progress went from \d\.\d{3} to \d\.\d{3} while the pan moved \+"#,
                          options: .regularExpression) != nil, "\(message)")
}

@Test func pulledUpTheCardRubberBandsWhileTheTransitionStaysAtZero() {
    var driver = DismissalDriver(controller: CardDismissal(), settings: CardDismissal.rules)
    _ = driver.feed(PanSample(time: 0, phase: .began, translation: .zero, velocity: Vector2(x: 0, y: -200), fingerCount: 1))
    _ = driver.feed(PanSample(time: 0.1, phase: .changed, translation: Vector2(x: 0, y: -300),
                              velocity: Vector2(x: 0, y: -200), fingerCount: 1))
    #expect(driver.controller.cardOffset < 0 && driver.controller.cardOffset > -300)
    #expect(driver.transition.percentComplete == 0)
    _ = driver.feed(PanSample(time: 0.2, phase: .changed, translation: Vector2(x: 0, y: 120),
                              velocity: Vector2(x: 0, y: 600), fingerCount: 1))
    #expect(driver.controller.cardOffset == 120)
    #expect(driver.transition.percentComplete == 0.2)
}
