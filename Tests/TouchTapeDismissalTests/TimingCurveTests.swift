import Testing
import TouchTapeDismissal

@Test func cubicCurvesHitTheirKnownPoints() {
    #expect(TimingCurve.linear.progress(at: 0.3, duration: 1) == 0.3)
    // (0.42, 0, 0.58, 1) is point-symmetric about (0.5, 0.5).
    #expect(abs(TimingCurve.easeInOut.progress(at: 0.5, duration: 1) - 0.5) < 1e-9)
    let a = TimingCurve.easeInOut.progress(at: 0.2, duration: 1)
    let b = TimingCurve.easeInOut.progress(at: 0.8, duration: 1)
    #expect(abs(a + b - 1) < 1e-9)
    #expect(a < 0.2)              // slow start
    // Ease-in (0.42, 0, 1, 1) at Bézier parameter t = 0.5:
    // x = 3(1−t)²t·0.42 + 3(1−t)t²·1 + t³ = 0.1575 + 0.375 + 0.125 = 0.6575,
    // y = 3(1−t)²t·0   + 3(1−t)t²·1 + t³ = 0.375 + 0.125 = 0.5.
    #expect(abs(TimingCurve.easeIn.progress(at: 0.6575, duration: 1) - 0.5) < 1e-9)
    #expect(TimingCurve.easeOut.progress(at: 1, duration: 1) == 1)
    #expect(TimingCurve.easeOut.progress(at: 0, duration: 1) == 0)
}

@Test func springCurveIsOneMinusDisplacement() {
    let curve = TimingCurve.spring(dampingRatio: 0.9, initialVelocity: .zero)
    let spring = DampedSpring(duration: 0.5, dampingRatio: 0.9)
    #expect(abs(curve.progress(at: 0.4, duration: 0.5) - (1 - spring.displacement(at: 0.2))) < 1e-12)
}
