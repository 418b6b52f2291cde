import Foundation
import Testing
import TouchTapeDismissal

private let frame = 1.0 / 60

private func run(_ style: CompletionStyle, finishing: Bool, from f: Double, axisVelocity: Double = 0,
                 distance: Double = 900) -> (CompletionAnimation, [CompletionFrame]) {
    let a = style.animation(finishing: finishing, from: f, axisVelocity: axisVelocity, distance: distance,
                            callbackTiming: .atRelease)
    return (a, a.frames(clock: VirtualClock(origin: 1)))
}

private let transitionStyle = CompletionStyle.remainingFraction(duration: 0.5, curve: .easeInOut,
                                                                reverseCurve: .linear, sharedElement: false)

@Test func remainingFractionFinishTakesOneMinusFTimesD() {
    // f = 0.5, D = 0.5: (1 − 0.5)·0.5 = 0.25 s → 15 frames, last exactly on 1 at 1.25.
    let (a, frames) = run(transitionStyle, finishing: true, from: 0.5)
    #expect(a.duration == 0.25)
    #expect(frames.count == 15)
    #expect(frames.last == CompletionFrame(time: 1.25, value: 1))
    // Ease-in-out is symmetric: half way in time is half way in value (0.75), frame 8 is just past it.
    #expect(abs(a.value(at: 0.125) - 0.75) < 1e-9)
}

@Test func remainingFractionCancelTakesFTimesDLinearly() {
    // f = 0.2: 0.2·0.5 = 0.1 s → 6 frames; reversed animators run linear, so at 0.05 s: 0.1.
    let (a, frames) = run(transitionStyle, finishing: false, from: 0.2)
    #expect(abs(a.duration - 0.1) < 1e-15)
    #expect(frames.count == 6)
    #expect(abs(frames[2].value - 0.1) < 1e-12)
    #expect(frames.last?.value == 0)
    // Within one frame of f·D.
    #expect(Double(frames.count) * frame - a.duration < frame)
}

@Test func sharedElementCancelTakesOneMinusF() {
    let shared = CompletionStyle.remainingFraction(duration: 0.5, curve: .easeInOut, reverseCurve: .linear, sharedElement: true)
    // Cancelling from 0.2 with a shared element: (1 − 0.2)·0.5 = 0.4 s, not 0.1 s.
    #expect(abs(run(shared, finishing: false, from: 0.2).0.duration - 0.4) < 1e-15)
}

@Test func percentDrivenCubicDividesByCompletionSpeed() {
    let style = CompletionStyle.percentDriven(duration: 1, completionSpeed: 2, curve: .easeInOut)
    // (1 − 0.3)·1/2 = 0.35 s to finish, 0.3·1/2 = 0.15 s to cancel.
    #expect(abs(run(style, finishing: true, from: 0.3).0.duration - 0.35) < 1e-15)
    #expect(abs(run(style, finishing: false, from: 0.3).0.duration - 0.15) < 1e-15)
}

@Test func percentDrivenSpringPlaysTheRestOfOneRun() {
    let style = DismissalProfile.easytransitions.settings.completion
    // From 0 the whole 1.0 s run remains.
    let (whole, wholeFrames) = run(style, finishing: true, from: 0)
    #expect(abs(whole.duration - 1.0) < 1e-12)
    #expect(wholeFrames.count == 60)
    // From 0.6, the run is entered where its remaining distance is 0.4 (t0), and plays to 1.0 s.
    let (rest, frames) = run(style, finishing: true, from: 0.6)
    let spring = DampedSpring(duration: 1.0, dampingRatio: 0.8)
    let t0 = spring.firstTime(atDisplacement: 0.4)
    #expect(abs(rest.duration - (1.0 - t0)) < 1e-12)
    #expect(rest.value(at: 0) == 0.6)
    #expect(abs(rest.value(at: 1e-6) - 0.6) < 1e-3)   // continuous at the start
    #expect(frames[0].value > 0.6)
    #expect(frames.last?.value == 1)
}

@Test func fixedSpringCancelIsHalfASecondAndSettlesOnZero() {
    let style = DismissalProfile.photozoom.settings.completion
    let (a, frames) = run(style, finishing: false, from: 0.375, distance: 800)
    #expect(a.duration == 0.5)
    #expect(frames.count == 30)
    #expect(frames.last == CompletionFrame(time: 1.5, value: 0))
    // Moving towards 0 from the first frame. Frame 18 is t = 0.3 s; the oscillator's envelope
    // bounds it: |x(t)| <= √(1 + B²)·e^(−ζωt), B = ζ/√(1 − ζ²) = 2.0647, ζω = 0.9·16.96 = 15.26:
    // 2.294·e^(−4.579) = 0.02356, times the 0.375 still to go = 0.00884.
    #expect(frames[0].value < 0.375)
    #expect(abs(frames[17].value) <= 0.00884)
    #expect(abs(frames[17].value) > 0)
    // The finish is 0.25 s whatever the fraction.
    #expect(run(style, finishing: true, from: 0.1, distance: 800).0.duration == 0.25)
    #expect(run(style, finishing: true, from: 0.5, distance: 800).0.duration == 0.25)
}

@Test func releaseVelocityIsNormalizedByTheRemainingDistance() {
    let style = CompletionStyle.remainingFraction(duration: 0.5, curve: .spring(dampingRatio: 0.8, initialVelocity: .fromRelease),
                                                  reverseCurve: .spring(dampingRatio: 0.8, initialVelocity: .fromRelease),
                                                  sharedElement: false)
    // Finishing from 0.5 of 900 pt at 450 pt/s down: 450 pt remain → v0 = 1 (whole distance per second).
    guard case .spring(let s, _, _) = run(style, finishing: true, from: 0.5, axisVelocity: 450).0.trajectory else {
        Issue.record("expected a spring"); return
    }
    #expect(s.initialVelocity == 1)
    // Cancelling from 0.25 at 450 pt/s up: 225 pt remain → v0 = 2 towards the start.
    guard case .spring(let c, _, _) = run(style, finishing: false, from: 0.25, axisVelocity: -450).0.trajectory else {
        Issue.record("expected a spring"); return
    }
    #expect(c.initialVelocity == 2)
}

@Test func higherFrameRateGivesMoreFramesSameEnd() {
    let a = transitionStyle.animation(finishing: true, from: 0.5, axisVelocity: 0, distance: 900, callbackTiming: .atRelease)
    let frames = a.frames(clock: VirtualClock(origin: 0, frameRate: 120))
    #expect(frames.count == 30)
    #expect(frames.last == CompletionFrame(time: 0.25, value: 1))
}

@Test func zeroLengthRunIsOneFrameOnTarget() {
    // Finishing from 1.0: nothing left, (1 − 1)·D = 0.
    let (_, frames) = run(transitionStyle, finishing: true, from: 1)
    #expect(frames == [CompletionFrame(time: 1, value: 1)])
}
