import Testing
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents

@Suite struct RecorderStatsTests {
    static func event(_ microseconds: UInt64, _ type: UInt16, _ code: UInt16, _ value: Int32 = 0) -> InputEvent {
        InputEvent(time: EventTime(totalMicroseconds: microseconds), type: type, code: code, value: value)
    }

    @Test func countsFramesAndDropsAndTakesTheDelayPerFrame() {
        var stats = RecorderStats()
        // Two frames at 1000 and 2000 µs, written at 2500 µs: delays 1500 and 500.
        stats.recordWritten([Self.event(1000, 3, 0x35, 7), Self.event(1000, 0, 0), Self.event(2000, 3, 0x35, 8), Self.event(2000, 0, 0)],
                            atMicroseconds: 2500)
        // A SYN_DROPPED, then a frame written 100 µs after its kernel time.
        stats.recordWritten([Self.event(3000, 0, 3), Self.event(3100, 0, 0)], atMicroseconds: 3200)
        #expect(stats.events == 6)
        #expect(stats.frames == 3)
        #expect(stats.droppedReports == 1)
        #expect(stats.writeDelays.totalCount == 3)
        #expect(stats.writeDelays.valueAtPercentile(50) == 500)
        #expect(stats.writeDelays.max == 1500)
        #expect(stats.summary(cpuSeconds: 0.5, wallSeconds: 10)
                == "stats: 6 events in 3 frames, 1 SYN_DROPPED; kernel time → written: p50 500 µs, p99 1500 µs, max 1500 µs; CPU 0.50 s in 10.00 s (5.0 % of one core)")
    }

    @Test func aClockBehindTheEventCountsAsNoDelay() {
        var stats = RecorderStats()
        stats.recordWritten([Self.event(5000, 0, 0)], atMicroseconds: 4000)
        #expect(stats.writeDelays.max == 0)
        #expect(RecorderStats().summary(cpuSeconds: 0, wallSeconds: 0).contains("no frames"))
    }
}
