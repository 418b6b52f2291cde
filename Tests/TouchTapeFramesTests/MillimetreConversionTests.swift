import TouchTapeTestSupport
import Testing
@_spi(Pipeline) import TouchTapeEvents
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

// Issue 25: a device's size from, in order, --device-size, its reported resolution, the
// libinput quirk stored with the recording, then the fallback — saying which.

/// A Wacom ISDv4 E6-like 12.5-inch panel recorded at resolution 0: 0…27648 × 0…15552 units
/// on a 276 × 155 mm surface (libinput's `AttrSizeHint`).
private func wacomLike(quirks: [String]) -> DeviceDescription {
    var d = device(mtX: AbsInfo(minimum: 0, maximum: 27648, resolution: 0), mtY: AbsInfo(minimum: 0, maximum: 15552, resolution: 0))
    d.quirks = quirks
    return d
}

@Test func aStoredSizeQuirkSizesAResolutionZeroDevice() {
    let u = MillimetreConversion(description: wacomLike(quirks: ["ModelWacomISDV4=1", "AttrSizeHint=276x155"]))
    #expect(u.isAssumed)
    #expect(u.assumption?.contains("libinput quirk AttrSizeHint=276x155") == true)
    // The whole width is 276 mm, not the fallback's 100 mm.
    #expect(abs(u.position(rawX: 27648, rawY: 15552).x - 276) < 1e-9)
    #expect(abs(u.position(rawX: 27648, rawY: 15552).y - 155) < 1e-9)
    let fallback = MillimetreConversion(description: wacomLike(quirks: []))
    #expect(abs(fallback.position(rawX: 27648, rawY: 0).x - 100) < 1e-9)
    #expect(fallback.assumption?.contains("longer axis = 100 mm") == true)
}

@Test func aResolutionQuirkWinsOverASizeQuirk() {
    let u = MillimetreConversion(description: wacomLike(quirks: ["AttrSizeHint=276x155", "AttrResolutionHint=31x31"]))
    #expect(u.unitsPerMillimetreX == 31 && u.unitsPerMillimetreY == 31)
    #expect(u.assumption?.contains("AttrResolutionHint=31x31") == true)
}

@Test func theReportedResolutionWinsOverAStoredQuirkAndTheGivenSizeOverBoth() {
    var d = wacomLike(quirks: ["AttrSizeHint=276x155"])
    d.absInfo[C.ABS_MT_POSITION_X]?.resolution = 100
    d.absInfo[C.ABS_MT_POSITION_Y]?.resolution = 100
    #expect(!MillimetreConversion(description: d).isAssumed)
    let given = MillimetreConversion(description: d, deviceSize: DeviceSize(width: 138, height: 77.5))
    #expect(abs(given.position(rawX: 27648, rawY: 15552).x - 138) < 1e-9)
    #expect(given.assumption?.contains("from --device-size") == true)
}

@Test func deviceSizesAreReadAsTheOptionWritesThem() {
    #expect(DeviceSize("276x155mm") == DeviceSize(width: 276, height: 155))
    #expect(DeviceSize("276.5X155") == DeviceSize(width: 276.5, height: 155))
    #expect(DeviceSize("0x155mm") == nil && DeviceSize("276mm") == nil && DeviceSize("axb") == nil)
    #expect(DeviceSize(DeviceSize(width: 276.5, height: 155).argument) == DeviceSize(width: 276.5, height: 155))
    #expect(QuirkSize.from(["AttrSizeHint=0x0"]) == nil && QuirkSize.from(["ModelX=1"]) == nil)
}

// Installed quirks: libinput's database matched as libinput matches it.

private let quirksText = """
# a comment
[Apple Touchpads USB]
MatchVendor=0x05AC
MatchBus=usb
MatchUdevType=touchpad
AttrSizeHint=104x75

[Only on one machine]
MatchName=*bcm5974*
MatchDMIModalias=dmi:*svnApple*
AttrSizeHint=1x1

[A named screen]
MatchName=*Wacom ISDv4 E6*
MatchUdevType=touchscreen
AttrSizeHint=276x155
"""

private func appleTouchpad() -> DeviceDescription {
    var d = TestDevices.description(name: "bcm5974", properties: [InputProperty.pointer, InputProperty.buttonpad],
                                    abs: [C.ABS_MT_POSITION_X: AbsInfo(minimum: -4824, maximum: 5342, resolution: 0),
                                          C.ABS_MT_POSITION_Y: AbsInfo(minimum: -172, maximum: 5820, resolution: 0)],
                                    keys: [C.BTN_TOUCH, C.BTN_TOOL_FINGER, C.BTN_LEFT])
    d.id = InputID(bustype: 0x03, vendor: 0x05ac, product: 0x0223, version: 0)
    return d
}

@Test func installedQuirksMatchByBusVendorAndKindAndSkipMachineMatches() {
    let db = QuirkDatabase(sections: QuirkDatabase.parse(quirksText, file: "50-test.quirks"))
    #expect(db.sections.count == 3)
    let found = db.sizeQuirks(for: appleTouchpad())
    #expect(found.quirks == ["AttrSizeHint=104x75"], "the DMI section is not taken")
    #expect(found.sections == ["50-test.quirks [Apple Touchpads USB]"])
    var other = appleTouchpad()
    other.id.vendor = 0x05ad
    #expect(db.sizeQuirks(for: other).quirks.isEmpty)
    let u = MillimetreConversion(description: appleTouchpad(), installed: InstalledDeviceHints(quirks: db))
    #expect(u.assumption?.contains("installed libinput quirk AttrSizeHint=104x75 (50-test.quirks [Apple Touchpads USB])") == true)
    #expect(abs((5342.0 + 4824) / u.unitsPerMillimetreX - 104) < 1e-9)
    // A quirk stored with the recording wins over the installed one.
    var stored = appleTouchpad()
    stored.quirks = ["AttrSizeHint=100x70"]
    #expect(MillimetreConversion(description: stored, installed: InstalledDeviceHints(quirks: db)).assumption?.contains("recording's libinput quirk AttrSizeHint=100x70") == true)
}

@Test func quirkGlobsAreFnmatchs() {
    #expect(Glob.matches("*Wacom ISDv4 E6*", "Wacom ISDv4 E6 Finger"))
    #expect(Glob.matches("bcm?974", "bcm5974") && !Glob.matches("bcm?974", "bcm55974"))
    #expect(!Glob.matches("*Wacom*", "wacom"))
}
