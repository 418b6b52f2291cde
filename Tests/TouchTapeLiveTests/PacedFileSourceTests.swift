import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
@testable import TouchTapeLive

private func event(_ microseconds: UInt64) -> RecordingItem {
    .event(InputEvent(time: EventTime(totalMicroseconds: microseconds), type: .syn, code: 0, value: 0))
}

private let mark = RecordingItem.annotation(TrackAnnotation(expected: .finish))

@Test func eventsAreDueAtTheirRecordedTimesOverTheSpeed() {
    // Events at 1 s, 1.5 s and 3 s; played twice as fast from clock 100.
    var source = PacedFileSource(items: [event(1_000_000), event(1_500_000), mark, event(3_000_000)],
                                 speed: 2, loop: false, start: 100)
    #expect(source.next(now: 100) == .item(event(1_000_000)))
    #expect(source.next(now: 100) == .wait(until: 250_100))
    #expect(source.next(now: 250_099) == .wait(until: 250_100))
    #expect(source.next(now: 250_100) == .item(event(1_500_000)))
    // A mark is due with the event before it.
    #expect(source.next(now: 250_100) == .item(mark))
    #expect(source.next(now: 250_100) == .wait(until: 1_000_100))
    #expect(source.next(now: 2_000_000) == .item(event(3_000_000)))
    #expect(source.next(now: 2_000_000) == .finished)
    #expect(source.next(now: 9_000_000) == .finished)
}

@Test func aLoopStartsOverAfterTheGapAndTheRecordingClockRunsOn() {
    var source = PacedFileSource(items: [event(0), event(1_000_000)], speed: 1, loop: true, start: 0)
    #expect(source.next(now: 0) == .item(event(0)))
    #expect(source.recordingClock(now: 500_000) == 500_000)
    #expect(source.next(now: 1_000_000) == .item(event(1_000_000)))
    #expect(source.next(now: 1_000_000) == .passEnded)
    #expect(source.pass == 2)
    // The second pass begins one gap (1 s) after the last event; it is said to play when its
    // first event is due, not while the gap still shows the last gesture's completion.
    #expect(source.next(now: 1_000_000) == .wait(until: 2_000_000))
    #expect(source.playingPass == 1)
    #expect(source.next(now: 1_999_999) == .wait(until: 2_000_000))
    #expect(source.next(now: 2_000_000) == .passBegan(2))
    #expect(source.playingPass == 2)
    #expect(source.next(now: 2_000_000) == .item(event(0)))
    #expect(source.recordingClock(now: 2_500_000) == 2_500_000)
}

@Test func aLateCallerGetsEveryOverdueItemAtOnce() {
    var source = PacedFileSource(items: (0..<5).map { event(UInt64($0) * 10_000) }, speed: 1, loop: false, start: 0)
    var items = 0
    while case .item = source.next(now: 1_000_000) { items += 1 }
    #expect(items == 5)
}

// Issue 24: pause, resume and single-step for `live --from`.

private func abs(_ microseconds: UInt64) -> RecordingItem {
    .event(InputEvent(time: EventTime(totalMicroseconds: microseconds), type: .abs, code: 0, value: 1))
}

@Test func aPauseStopsTheClockAndAResumeGoesOnAsIfItHadNotBeen() {
    var source = PacedFileSource(items: [event(0), event(1_000_000), event(2_000_000)], speed: 1, loop: false, start: 0)
    #expect(source.next(now: 0) == .item(event(0)))
    source.pause(now: 400_000)
    #expect(source.isPaused)
    // Paused: nothing comes due however late it gets, and the recording's clock stands still.
    #expect(source.next(now: 5_000_000) == .wait(until: .max))
    #expect(source.recordingClock(now: 5_000_000) == 400_000)
    // Resumed 10 s later: the next event is due 0.6 s after the resume, as it was 0.6 s after the pause.
    source.resume(now: 10_400_000)
    #expect(!source.isPaused)
    #expect(source.next(now: 10_999_999) == .wait(until: 11_000_000))
    #expect(source.next(now: 11_000_000) == .item(event(1_000_000)))
    #expect(source.recordingClock(now: 11_500_000) == 1_500_000)
}

@Test func aStepHandsOutTheNextWholeFrameAndStaysPaused() {
    // A frame at 0 s, then two frames: (abs, syn) at 1 s and (abs, syn) at 2 s.
    var source = PacedFileSource(items: [event(0), abs(1_000_000), event(1_000_000), abs(2_000_000), event(2_000_000)],
                                 speed: 1, loop: false, start: 0)
    #expect(source.next(now: 0) == .item(event(0)))
    source.pause(now: 0)
    #expect(source.next(now: 0) == .wait(until: .max))
    source.step()
    #expect(source.next(now: 0) == .item(abs(1_000_000)))
    #expect(source.next(now: 0) == .item(event(1_000_000)))
    #expect(source.next(now: 0) == .wait(until: .max), "one frame, no more")
    #expect(source.isPaused)
    source.step()
    #expect(source.next(now: 0) == .item(abs(2_000_000)))
    #expect(source.next(now: 0) == .item(event(2_000_000)))
    #expect(source.next(now: 0) == .finished)
    // A step when not paused does nothing.
    var running = PacedFileSource(items: [event(1_000_000), event(2_000_000)], speed: 1, loop: false, start: 0)
    running.step()
    #expect(running.next(now: 0) == .item(event(1_000_000)))
    #expect(running.next(now: 0) == .wait(until: 1_000_000))
}

@Test func stepsInABurstEachHandOutTheirOwnFrame() {
    // Keys come in bursts: three '.' read at once are three frames, not the same one thrice.
    var source = PacedFileSource(items: [event(0), event(1_000_000), event(2_000_000), event(3_000_000), event(4_000_000)],
                                 speed: 1, loop: false, start: 0)
    #expect(source.next(now: 0) == .item(event(0)))
    source.pause(now: 0)
    source.step(); source.step(); source.step()
    #expect(source.next(now: 0) == .item(event(1_000_000)))
    #expect(source.next(now: 0) == .item(event(2_000_000)))
    #expect(source.next(now: 0) == .item(event(3_000_000)))
    #expect(source.next(now: 0) == .wait(until: .max))
}
