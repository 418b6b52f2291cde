import Testing
import TouchTapeDismissal
@testable import TouchTapeLive

@Test func theCompletionPlaysAgainstTheSessionClockFromTheDecision() {
    let frames = [CompletionFrame(time: 2.0, value: 0.5), CompletionFrame(time: 2.1, value: 0.8), CompletionFrame(time: 2.2, value: 1)]
    let completion = LiveCompletion(outcome: .finish, frames: frames, releaseTime: 2.0, startClock: 10_000_000)
    #expect(completion.value(atClock: 10_000_000) == 0.5)
    #expect(completion.value(atClock: 10_099_000) == 0.5)
    #expect(completion.value(atClock: 10_100_000) == 0.8)
    #expect(!completion.isFinished(atClock: 10_150_000))
    #expect(completion.value(atClock: 10_200_000) == 1)
    #expect(completion.isFinished(atClock: 10_200_000))
    #expect(abs(completion.duration - 0.2) < 1e-12 && completion.target == 1)
}
