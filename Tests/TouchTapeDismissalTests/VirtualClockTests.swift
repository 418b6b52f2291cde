import Testing
import TouchTapeDismissal

@Test func framesDoNotDrift() {
    var clock = VirtualClock(origin: 2)
    for _ in 0..<15 { clock.advance() }
    // 15 frames at 60 Hz: exactly a quarter second (15/60 is exact in binary).
    #expect(clock.elapsed == 0.25)
    #expect(clock.time == 2.25)
    for _ in 0..<585 { clock.advance() }
    #expect(clock.elapsed == 10)       // 600/60, not 600 summed sixtieths
}

@Test func changingTheFrameRateKeepsTheTime() {
    var clock = VirtualClock()
    for _ in 0..<30 { clock.advance() }   // 0.5 s
    clock.frameRate = 120
    #expect(clock.time == 0.5)
    clock.advance()
    #expect(abs(clock.time - (0.5 + 1.0 / 120)) < 1e-15)
}

@Test func frameCountCoversTheDuration() {
    let clock = VirtualClock()
    #expect(clock.frameCount(covering: 0.25) == 15)
    #expect(clock.frameCount(covering: 0.2501) == 16)
    #expect(clock.frameCount(covering: 0) == 0)
    // (1 − 0.7)·0.5 = 0.15000000000000002 in floating point: still 9 frames, not 10.
    #expect(clock.frameCount(covering: (1 - 0.7) * 0.5) == 9)
    #expect(VirtualClock(frameRate: 120).frameCount(covering: 0.25) == 30)
}
