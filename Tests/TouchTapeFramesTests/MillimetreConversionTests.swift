import TouchTapeTestSupport
import Testing
import TouchTapeEvents
@testable import TouchTapeFrames

private typealias C = EventCodes

private func device(mtX: AbsInfo?, mtY: AbsInfo?, x: AbsInfo? = nil, y: AbsInfo? = nil) -> DeviceDescription {
    var abs: [UInt16: AbsInfo] = [:]
    abs[C.ABS_MT_POSITION_X] = mtX; abs[C.ABS_MT_POSITION_Y] = mtY; abs[C.ABS_X] = x; abs[C.ABS_Y] = y
    return TestDevices.description(name: "d", properties: [InputProperty.direct], abs: abs, keys: [C.BTN_TOUCH])
}

@Test func reportedResolutionIsUsedPerAxis() {
    // Dell Canvas: X 0…32767 at 55 units/mm, Y 0…32767 at 98 units/mm.
    let d = device(mtX: AbsInfo(minimum: 0, maximum: 32767, resolution: 55), mtY: AbsInfo(minimum: 0, maximum: 32767, resolution: 98))
    let u = MillimetreConversion(description: d)
    #expect(!u.isAssumed && u.assumption == nil)
    // 5500 / 55 = 100 mm; 9800 / 98 = 100 mm.
    #expect(u.position(rawX: 5500, rawY: 9800) == Vector2(x: 100, y: 100))
}

@Test func mtAxesWinOverAbsXY() {
    let d = device(mtX: AbsInfo(minimum: 0, maximum: 1000, resolution: 20), mtY: AbsInfo(minimum: 0, maximum: 1000, resolution: 20),
                   x: AbsInfo(minimum: 0, maximum: 1000, resolution: 5), y: AbsInfo(minimum: 0, maximum: 1000, resolution: 5))
    #expect(MillimetreConversion(description: d).position(rawX: 200, rawY: 400) == Vector2(x: 10, y: 20))
}

@Test func positionsCountFromTheAxisMinimum() {
    // Synaptics hp8470p: X 1472…5728, Y 1408…4916; give it 40 units/mm for the test.
    let d = device(mtX: AbsInfo(minimum: 1472, maximum: 5728, resolution: 40), mtY: AbsInfo(minimum: 1408, maximum: 4916, resolution: 40))
    // (1872 − 1472) / 40 = 10 mm; (1408 − 1408) / 40 = 0 mm.
    #expect(MillimetreConversion(description: d).position(rawX: 1872, rawY: 1408) == Vector2(x: 10, y: 0))
}

@Test func missingResolutionUsesLongerAxisOf100mm() {
    // EP0430M09: X 0…1279, Y 0…767, resolution 0. Longer range 1279 / 100 mm = 12.79 units/mm, both axes.
    let d = device(mtX: AbsInfo(minimum: 0, maximum: 1279), mtY: AbsInfo(minimum: 0, maximum: 767))
    let u = MillimetreConversion(description: d)
    #expect(u.isAssumed)
    #expect(u.unitsPerMillimetreX == 12.79 && u.unitsPerMillimetreY == 12.79)
    #expect(u.assumption == "resolution not reported; assumed 12.79 units/mm (longer axis = 100 mm)")
    #expect(u.position(rawX: 1279, rawY: 0).x == 100)
}

@Test func fallbackCanBeOverridden() {
    let d = device(mtX: AbsInfo(minimum: 0, maximum: 1279), mtY: AbsInfo(minimum: 0, maximum: 767))
    let byLength = MillimetreConversion(description: d, fallback: .longerAxis(millimetres: 50))
    // 1279 / 50 = 25.58 units/mm.
    #expect(byLength.unitsPerMillimetreX == 25.58)
    #expect(byLength.assumption == "resolution not reported; assumed 25.58 units/mm (longer axis = 50 mm)")
    let explicit = MillimetreConversion(description: d, fallback: .unitsPerMillimetre(5))
    #expect(explicit.position(rawX: 50, rawY: 100) == Vector2(x: 10, y: 20))
    #expect(explicit.assumption == "resolution not reported; assumed 5 units/mm (given)")
}

@Test func oneMissingAxisBorrowsTheOther() {
    let d = device(mtX: AbsInfo(minimum: 0, maximum: 1000, resolution: 8), mtY: AbsInfo(minimum: 0, maximum: 600))
    let u = MillimetreConversion(description: d)
    #expect(u.isAssumed && u.unitsPerMillimetreY == 8)
    #expect(u.assumption == "y resolution not reported; assumed x's 8 units/mm")
}

@Test func fallbackParsesCommandLineValues() {
    #expect(ResolutionFallback("100mm") == .longerAxis(millimetres: 100))
    #expect(ResolutionFallback("7.68/mm") == .unitsPerMillimetre(7.68))
    #expect(ResolutionFallback("7.68") == nil, "a bare number could be either: the unit is required")
    #expect(ResolutionFallback("0x10mm") == nil)
    #expect(ResolutionFallback("12/mm") == .unitsPerMillimetre(12))
    #expect(ResolutionFallback("0") == nil)
    #expect(ResolutionFallback("wide") == nil)
    #expect(ResolutionFallback.standard == .longerAxis(millimetres: 100))
}

@Test func numberFormatKeepsTwoDecimals() {
    #expect(MillimetreConversion.format(7.68) == "7.68")
    #expect(MillimetreConversion.format(10) == "10")
    #expect(MillimetreConversion.format(0.5) == "0.5")
    #expect(MillimetreConversion.format(3.14159) == "3.14")
}
