import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDevice

/// A virtual clock the player's sleeps advance exactly (no real time involved).
final class FakeClock {
    var now: Int64 = 1_000_000
    var sleeps: [Int64] = []
}

@Suite struct EventPlayerTests {
    typealias C = EventCodes

    /// Two frames 10 ms apart: the second frame's first event is due 10 000 µs after the
    /// start; the player sleeps 10 000 − 150 (margin) and writes the frame back to back.
    @Test func sleepsOnlyBetweenFramesWithTheEvemuMargin() {
        let clock = FakeClock()
        let player = EventPlayer(pacing: .realtime, now: { clock.now }, sleep: { clock.sleeps.append($0); clock.now += $0; return nil })
        let events = [ev(0, .abs, C.ABS_X, 1), syn(0), ev(10_000, .abs, C.ABS_X, 2), ev(10_000, .abs, C.ABS_Y, 2), syn(10_000)]
        var written: [InputEvent] = []
        let result = player.play(events) { written.append($0) }
        #expect(written == events)
        #expect(clock.sleeps == [9_850])
        // frame 1 written at its due time (error 0), frame 2 150 µs early.
        #expect(result.timing.errorsMicroseconds == [0, -150])
    }

    /// A delta of 200 µs is under the 300 µs threshold: no sleep at all.
    @Test func smallDeltasAreNotSlept() {
        let clock = FakeClock()
        let player = EventPlayer(pacing: .realtime, now: { clock.now }, sleep: { clock.sleeps.append($0); clock.now += $0; return nil })
        _ = player.play([syn(0), syn(200)]) { _ in }
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aStopSignalEndsThePlayEarly() {
        let clock = FakeClock()
        let player = EventPlayer(pacing: .realtime, now: { clock.now }, sleep: { _ in 2 })
        let result = player.play([syn(0), syn(50_000), syn(100_000)]) { _ in }
        #expect(result.stoppedBy == 2)
        #expect(result.eventsWritten == 1)
    }

    /// Nearest-rank p99 of 100 errors 1..100 ms is the 99th: 99 ms; max 100 ms.
    @Test func timingReportMaxAndP99() {
        let report = TimingReport(errorsMicroseconds: (1...100).map { Int64($0) * 1000 })
        #expect(report.maximumMilliseconds == 100)
        #expect(report.p99Milliseconds == 99)
        #expect(report.summary == "timing error vs schedule: max 100.000 ms, p99 99.000 ms over 100 frames")
    }
}
