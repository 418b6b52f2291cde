import Testing
import TouchTapeEvents
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
    // The second pass begins one gap (1 s) after the last event.
    #expect(source.next(now: 1_000_000) == .wait(until: 2_000_000))
    #expect(source.next(now: 2_000_000) == .item(event(0)))
    #expect(source.recordingClock(now: 2_500_000) == 2_500_000)
}

@Test func aLateCallerGetsEveryOverdueItemAtOnce() {
    var source = PacedFileSource(items: (0..<5).map { event(UInt64($0) * 10_000) }, speed: 1, loop: false, start: 0)
    var items = 0
    while case .item = source.next(now: 1_000_000) { items += 1 }
    #expect(items == 5)
}
