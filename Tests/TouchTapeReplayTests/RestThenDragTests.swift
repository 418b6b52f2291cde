import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapePan
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

private let restThenDrag = PackagePaths.recordings.appendingPathComponent("touchscreen-two-finger-rest-then-drag-finish.evemu").path

/// Two fingers rest ~150 ms (the recorder got no events while they were still) and then
/// pan down. Transition reads the pan's direction in `gestureRecognizerShouldBegin`,
/// EasyTransitions the velocity at `.began`: both must see the moving fingers and finish.
@Test(arguments: [DismissalProfile.transition, .easytransitions])
func aRestThenDragFinishes(profile: DismissalProfile) throws {
    let configuration = try SessionSettings(profile: profile).configuration()
    let results = try RecordingReplay.results(RecordingLocator.source(forPath: restThenDrag), configuration: configuration)
    let result = try #require(results.first)
    #expect(results.count == 1)
    #expect(result.report.outcome == .finish, "\(result.report.explanation.summary)")
    #expect(result.report.passed)
    let began = try #require(result.transcript.samples.first { $0.phase == .began })
    #expect(began.velocity.y > 100, "the moving fingers' velocity at .began: \(began.velocity)")
}

@Test func theRestIsASilenceInTheRecording() throws {
    let recording = try RecordingReader.read(RecordingLocator.source(forPath: restThenDrag))
    let track = try #require(recording.tracks(units: MillimetreConversion(description: recording.description)).first)
    let frames = track.frames(units: MillimetreConversion(description: recording.description))
    let gaps = zip(frames, frames.dropFirst()).map { Double($0.1.time.microseconds(since: $0.0.time)) / 1_000_000 }
    #expect(gaps.contains { $0 > 0.1 }, "a rest of more than 100 ms without a frame")
}
