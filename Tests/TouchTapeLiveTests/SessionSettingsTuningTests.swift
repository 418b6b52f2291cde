import Testing
import TouchTapeDismissal
import TouchTapeReplay
@testable import TouchTapeLive

@Test func thresholdStepsLandOnTheGridFromTheProfilesValue() {
    var up = SessionSettings(profile: .transition)      // 1/3
    up.stepThreshold(1)
    #expect(up.threshold == 0.35)
    up.stepThreshold(1)
    #expect(up.threshold == 0.4)
    #expect(up.replayArguments == ["--profile", "transition", "--threshold", "0.4"])
    var down = SessionSettings(profile: .transition)
    down.stepThreshold(-1)
    #expect(down.threshold == 0.3)
}

@Test func thresholdIsClampedToZeroAndOne() {
    var settings = SessionSettings(profile: .easytransitions)   // 0.5
    for _ in 0..<30 { settings.stepThreshold(1) }
    #expect(settings.threshold == 1)
    for _ in 0..<30 { settings.stepThreshold(-1) }
    #expect(settings.threshold == 0)
}

@Test func aProfileWithoutThresholdStartsFromOneHalf() {
    var settings = SessionSettings(profile: .photozoom)
    #expect(settings.effectiveThreshold == nil)
    settings.stepThreshold(1)
    #expect(settings.threshold == 0.55)
}

@Test func flickVelocityStepsByOneHundredAndNeverBelowZero() {
    var settings = SessionSettings(profile: .transition)   // 1200
    settings.stepFlickVelocity(1)
    #expect(settings.flickVelocity == 1300)
    var slow = SessionSettings(profile: .easytransitions)  // 100
    slow.stepFlickVelocity(-1)
    slow.stepFlickVelocity(-1)
    #expect(slow.flickVelocity == 0)
    var none = SessionSettings(profile: .photozoom)
    none.stepFlickVelocity(1)
    #expect(none.effectiveFlickVelocity == 100)
}

@Test func flickToggleProfileAndEdgeCycle() {
    var settings = SessionSettings()
    settings.flickEnabled.toggle()
    #expect(settings.effectiveFlickVelocity == nil)
    settings.stepFlickVelocity(1)   // a step turns flicks back on
    #expect(settings.flickEnabled && settings.effectiveFlickVelocity == 1300)
    settings.cycleProfile()
    #expect(settings.profile == .easytransitions)
    for _ in 1..<DismissalProfile.allCases.count { settings.cycleProfile() }   // round the whole list
    #expect(settings.profile == .transition)
    settings.cycleEdge()
    #expect(settings.effectiveEdge == .left)   // top, bottom, left, right: after bottom
    for _ in 1..<DismissEdge.allCases.count { settings.cycleEdge() }   // round to the profile's own
    #expect(settings.effectiveEdge == .bottom && settings.edge == nil, "no override left: \(String(describing: settings.edge))")
    #expect(!settings.replayArguments.contains("--edge"))
}
