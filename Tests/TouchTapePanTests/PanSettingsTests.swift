import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapePan

@Suite struct PanSettingsTests {
    @Test func defaultsModelAnIPhone() {
        let settings = PanSettings()
        // 163 pt per inch / 25.4 mm per inch.
        #expect(isClose(settings.scale, 6.417322834645669))
        #expect(settings.slop(for: .touchscreen) == 10)
        // libinput's 1.5 mm two-finger threshold at 163/25.4 pt/mm = 244.5/25.4 ≈ 9.626 pt.
        #expect(isClose(settings.slop(for: .touchpad), 244.5 / 25.4))
        #expect(settings.fingerRule(for: .touchscreen) == FingerCountRule(minimum: 1, maximum: nil))
        #expect(settings.fingerRule(for: .touchpad) == FingerCountRule(minimum: 2, maximum: nil))
        #expect(settings.velocityStrategy == .leastSquares)
    }

    @Test func defaultsForEachKindPickTheKindsSlopAndFingers() {
        // Touchscreen: 10 pt, any count. Touchpad: 1.5 mm × 163/25.4 pt/mm = 244.5/25.4
        // ≈ 9.626 pt, two or more fingers. `.other` is read as a touchscreen.
        let touchscreen = PanSettings.defaults(for: .touchscreen)
        #expect(touchscreen.slop(for: .touchscreen) == 10)
        #expect(touchscreen.fingerRule(for: .touchscreen).minimum == 1)
        let touchpad = PanSettings.defaults(for: .touchpad)
        #expect(isClose(touchpad.slop(for: .touchpad), 244.5 / 25.4))
        #expect(touchpad.fingerRule(for: .touchpad).minimum == 2)
        #expect(touchpad.fingerRule(for: .touchpad).maximum == nil)
        #expect(PanSettings.defaults(for: .other).slop(for: .other) == 10)
    }

    @Test func touchpadSlopFollowsTheScaleUnlessOverridden() {
        #expect(isClose(PanSettings(scale: 2).touchpadSlop, 3))   // 1.5 mm × 2 pt/mm
        #expect(PanSettings(scale: 2, touchpadSlop: 7).touchpadSlop == 7)
    }

    /// Every scale in the range is accepted: the derived touchpad slop (1.5 mm at the scale)
    /// is not held to the points range of a slop given by hand (--scale 700 was refused as
    /// "invalid touchpadSlop 1050"); a given one still is.
    @Test func theDerivedTouchpadSlopFollowsAnyScaleInRange() throws {
        let dense = try PanSettings(scale: PanSettings.scaleRange.upperBound).validated()
        #expect(isClose(dense.touchpadSlop, 1500))
        #expect(throws: SettingError.self) { try PanSettings(scale: 1000, touchpadSlop: 1500).validated() }
    }

    @Test func limitingTouchesConstrainsTouchesOnly() {
        let settings = PanSettings().limitingTouches(to: 1)
        #expect(settings.touchscreenFingers.maximum == 1)
        #expect(settings.touchpadFingers.maximum == nil)
    }

    @Test func validationNamesTheBadField() throws {
        #expect(throws: SettingError.self) { try PanSettings(scale: 0).validated() }
        var contradictory = PanSettings()
        contradictory.touchpadFingers.maximum = 1   // minimum 2, maximum 1: can never pan
        do {
            _ = try contradictory.validated()
            Issue.record("expected an error")
        } catch {
            #expect(error.setting == "touchpadFingers")
        }
        _ = try PanSettings().validated()
    }

    @Test func strategiesHaveCommandLineNames() {
        #expect(VelocityStrategy(rawValue: "lsq2") == .leastSquares)
        #expect(VelocityStrategy(rawValue: "ios") == .iOSWeighted)
        #expect(VelocityStrategy(rawValue: "impulse") == .impulse)
    }
}
