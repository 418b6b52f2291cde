import Testing
import TouchTapeDismissal
import TouchTapeFrames
import TouchTapeReplay

@Test func overridesApplyOnTopOfTheProfile() throws {
    var settings = SessionSettings(profile: .easytransitions)
    settings.threshold = 0.4
    settings.flickVelocity = 900
    settings.edge = .top
    settings.distance = 600
    settings.scale = 5
    let configuration = try settings.configuration()
    #expect(configuration.profileName == "easytransitions")
    #expect(configuration.dismissal.completionThreshold == 0.4)
    #expect(configuration.dismissal.flick?.minimumVelocity == 900)
    #expect(configuration.dismissal.edge == .top && configuration.dismissal.progressDistance == 600)
    #expect(configuration.pan.scale == 5)
    #expect(settings.overrideDescriptions == ["threshold 0.4", "flick velocity 900", "edge top", "distance 600", "scale 5"])
}

@Test func noFlickWinsOverAFlickVelocity() throws {
    let settings = SessionSettings(flickVelocity: 500, flickEnabled: false)
    #expect(try settings.dismissalSettings().flick == nil)
}

@Test func replayArgumentsSpellEveryOverride() {
    let settings = SessionSettings(profile: .transition, threshold: 0.25, flickVelocity: 800, flickEnabled: false,
                                   edge: .right, distance: 700, scale: 6, resolutionFallback: .unitsPerMillimetre(7.68))
    #expect(settings.replayArguments == ["--profile", "transition", "--threshold", "0.25", "--flick-velocity", "800",
                                         "--no-flick", "--edge", "right", "--distance", "700", "--scale", "6",
                                         "--resolution-fallback", "7.68/mm"])
    #expect(ResolutionFallback("7.68/mm") == .unitsPerMillimetre(7.68))
    #expect(ResolutionFallback.standard.argument == "100mm")
}

@Test(arguments: [
    (SessionSettings(threshold: -0.1), "completionThreshold"),
    (SessionSettings(threshold: 2), "completionThreshold"),
    (SessionSettings(threshold: .nan), "completionThreshold"),
    (SessionSettings(flickVelocity: -1), "FlickVelocity"),
    (SessionSettings(distance: 0), "progressDistance"),
    (SessionSettings(scale: .infinity), "scale"),
    (SessionSettings(scale: 1e17), "scale"),
    (SessionSettings(resolutionFallback: .unitsPerMillimetre(1e300)), "resolution fallback"),
])
func outOfRangeSettingsAreNamed(settings: SessionSettings, option: String) {
    #expect(throws: SessionSettingsError.self) { try settings.configuration() }
    do { _ = try settings.configuration() } catch { #expect(error.description.contains(option), "\(error)") }
}
