import Foundation
import Testing
import TouchTapeDismissal

// The fact sheet's worked values (§4.2), from solving |(ζω − v0)/ω_d|·exp(−ζωT) = 0.001 with v0 = 0.
// With v0 = 0 the ratio ζ/√(1 − ζ²) does not depend on ω, so ω = ln(ratio/0.001)/(ζT):
//   T 0.5,  ζ 0.9: ratio 2.0647 → ln 2064.7 = 7.6327 → /0.45 = 16.96
//   T 0.85, ζ 0.8: ratio 1.3333 → ln 1333.3 = 7.1955 → /0.68 = 10.58
//   T 1.0,  ζ 0.8: same ratio → 7.1955/0.8 = 8.99
@Test(arguments: [(0.5, 0.9, 16.96), (0.85, 0.8, 10.58), (1.0, 0.8, 8.99)])
func naturalFrequencyMatchesTheWorkedValues(duration: Double, zeta: Double, omega: Double) {
    let spring = DampedSpring(duration: duration, dampingRatio: zeta)
    #expect(abs(spring.naturalFrequency - omega) < 1e-2)
}

@Test func photoZoomCancelSpringStiffnessAndDamping() {
    // Fact sheet: stiffness ≈ 287.7 (= 16.96²), damping ≈ 30.5 (= 2·0.9·16.96).
    let spring = DampedSpring(duration: 0.5, dampingRatio: 0.9)
    #expect(abs(spring.stiffness - 287.7) < 0.3)
    #expect(abs(spring.dampingCoefficient - 30.5) < 0.1)
}

@Test func criticalSpringSolvesItsOwnEquation() {
    // ζ = 1: (1 + ωT)·exp(−ωT) = 0.001. By hand, u = ωT ≈ 9.2335 (e^−9.2335 · 10.2335 ≈ 0.001),
    // so ω ≈ 18.47 at T = 0.5.
    let spring = DampedSpring(duration: 0.5, dampingRatio: 1)
    #expect(abs(spring.naturalFrequency - 18.47) < 0.01)
    let u = spring.naturalFrequency * 0.5
    #expect(abs((1 + u) * exp(-u) - 0.001) < 1e-9)
}

@Test func initialVelocityEntersTheEquation() {
    // With v0 = 2 the ratio |ζω − v0|/ω_d depends on ω; the solved ω must satisfy it.
    let zeta = 0.8, t = 0.85, v0 = 2.0
    let w = DampedSpring.naturalFrequency(duration: t, dampingRatio: zeta, initialVelocity: v0)
    let wd = w * (1 - zeta * zeta).squareRoot()
    #expect(abs(abs((zeta * w - v0) / wd) * exp(-zeta * w * t) - 0.001) < 1e-9)
    #expect(w != DampedSpring.naturalFrequency(duration: t, dampingRatio: zeta))
}

@Test func clampsDurationAndDamping() {
    // Durations beyond 10 s solve as 10 s; ζ above 1 as 1.
    #expect(DampedSpring.naturalFrequency(duration: 25, dampingRatio: 0.5) == DampedSpring.naturalFrequency(duration: 10, dampingRatio: 0.5))
    #expect(DampedSpring(duration: 0.5, dampingRatio: 1.7).dampingRatio == 1)
    #expect(DampedSpring(duration: 0.5, dampingRatio: 1.7).naturalFrequency == DampedSpring(duration: 0.5, dampingRatio: 1).naturalFrequency)
    #expect(DampedSpring(duration: 0.5, dampingRatio: 0).dampingRatio == DampedSpring.minimumDampingRatio)
}

@Test func displacementStartsAtOneAndIsSettledAtTheDuration() {
    let spring = DampedSpring(duration: 0.5, dampingRatio: 0.9)
    #expect(spring.displacement(at: 0) == 1)
    // |x(T)| <= √(1 + B²)·0.001/|B| with B = 2.0647 → 0.00111.
    #expect(abs(spring.displacement(at: 0.5)) < 0.00112)
}

@Test func firstTimeAtDisplacementInvertsTheRun() {
    let spring = DampedSpring(duration: 1.0, dampingRatio: 0.8)
    let t = spring.firstTime(atDisplacement: 0.5)
    #expect(t > 0 && t < 1)
    #expect(abs(spring.displacement(at: t) - 0.5) < 1e-9)
    // Still above 0.5 just before: it is the first crossing.
    #expect(spring.displacement(at: t * 0.99) > 0.5)
    #expect(spring.firstTime(atDisplacement: 1) == 0)
}
