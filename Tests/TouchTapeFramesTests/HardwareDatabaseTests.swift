import TouchTapeTestSupport
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFrames

// Issue 25, real sizes: udev's hwdb (`EVDEV_ABS_*` axis fixes) read as systemd-hwdb reads its
// sources, looked up under the keys of udev's 60-evdev.rules, and used by
// MillimetreConversion before libinput's quirks, as udev applies its fixes before libinput.

private typealias C = EventCodes

/// A hwdb source in the installed files' form: records of glob lines, then ` KEY=value` lines.
private let hwdbText = """
# comment at column 0
evdev:input:b0003v258Ap001E*
 EVDEV_ABS_00=::15
 EVDEV_ABS_01=::15
 EVDEV_ABS_35=::15
 EVDEV_ABS_36=::15

# two patterns, one record
evdev:input:b0003v05ACp0238*
evdev:input:b0003v05ACp0247*
 EVDEV_ABS_35=::92
 EVDEV_ABS_36=::90

evdev:name:Some Touchpad:dmi:*svnAcme:pnBook1:*
 EVDEV_ABS_35=0:2472:31
 EVDEV_ABS_36=-524:528:31
 KEYBOARD_KEY_01=esc
"""

/// A touchpad (buttonpad, three slots) with the given ids, reporting resolution 0.
private func touchpad(vendor: UInt16, product: UInt16, name: String = "Touchpad", resolution: Int32 = 0) -> DeviceDescription {
    var d = TestDevices.description(
        name: name, properties: [InputProperty.pointer, InputProperty.buttonpad],
        abs: [C.ABS_X: AbsInfo(minimum: 0, maximum: 1500, resolution: resolution),
              C.ABS_Y: AbsInfo(minimum: 0, maximum: 900, resolution: resolution),
              C.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1500, resolution: resolution),
              C.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 900, resolution: resolution)],
        keys: [C.BTN_LEFT, C.BTN_TOOL_FINGER, C.BTN_TOUCH, 1 /* KEY_ESC, below KEY_MIN_INTERESTING */])
    d.id = InputID(bustype: 0x03, vendor: vendor, product: product, version: 0x110)
    return d
}

@Test func hwdbSourcesAreReadAsRecordsOfPatternsAndProperties() {
    let records = HardwareDatabase.parse(hwdbText, file: "60-test.hwdb")
    #expect(records.count == 3)
    #expect(records[1].patterns == ["evdev:input:b0003v05ACp0238*", "evdev:input:b0003v05ACp0247*"])
    #expect(records[1].properties == ["EVDEV_ABS_35=::92", "EVDEV_ABS_36=::90"])
    #expect(records[0].line == 2 && records[1].line == 9 && records[2].file == "60-test.hwdb")
    // A property before any pattern is dropped; a pattern right after properties starts a record.
    let odd = HardwareDatabase.parse(" EVDEV_ABS_00=::1\nevdev:a*\n EVDEV_ABS_00=::2\nevdev:b*\n EVDEV_ABS_00=::3\n", file: "x.hwdb")
    #expect(odd.map(\.patterns) == [["evdev:a*"], ["evdev:b*"]] && odd.map(\.properties) == [["EVDEV_ABS_00=::2"], ["EVDEV_ABS_00=::3"]])
}

@Test func theModaliasIsTheKernelsForm() {
    // input:b%04Xv%04Xp%04Xe%04X- then each bit array's letter and its set bits as %X,
    // (keys from KEY_MIN_INTERESTING, 0x71: KEY_ESC is not listed).
    let d = touchpad(vendor: 0x05ac, product: 0x0238)
    #expect(InputModalias.string(for: d) == "input:b0003v05ACp0238e0110-e0,1,3,4,k110,145,14A,ra0,1,35,36,m5,lsfw")
}

@Test func lookupsMatchTheModaliasAndTheNameOnlyWithTheMachine() {
    let db = HardwareDatabase(records: HardwareDatabase.parse(hwdbText, file: "60-test.hwdb"))
    let apple = db.axisFixes(for: touchpad(vendor: 0x05ac, product: 0x0247), dmi: nil)
    #expect(apple.properties == ["EVDEV_ABS_35=::92", "EVDEV_ABS_36=::90"] && apple.sources == ["60-test.hwdb:9"])
    #expect(db.axisFixes(for: touchpad(vendor: 0x05ac, product: 0x0239), dmi: nil).properties.isEmpty)
    let named = touchpad(vendor: 1, product: 2, name: "Some Touchpad")
    #expect(db.axisFixes(for: named, dmi: nil).properties.isEmpty, "a name:dmi record needs the recording machine")
    let onBook = db.axisFixes(for: named, dmi: "dmi:bvnAcme:bvr1:svnAcme:pnBook1:pvr2")
    #expect(onBook.properties == ["EVDEV_ABS_35=0:2472:31", "EVDEV_ABS_36=-524:528:31"], "KEYBOARD_KEY is not an axis fix")
    #expect(db.axisFixes(for: named, dmi: "dmi:bvnAcme:svnAcme:pnBook2:").properties.isEmpty)
    // The more specific key is looked up later and wins for the same property.
    let both = HardwareDatabase(records: HardwareDatabase.parse("""
        evdev:input:b0003v0001p0002*
         EVDEV_ABS_35=::10
         EVDEV_ABS_36=::10

        evdev:name:Some Touchpad:dmi:*
         EVDEV_ABS_35=::20
        """, file: "61-local.hwdb"))
    #expect(both.axisFixes(for: named, dmi: "dmi:x").properties == ["EVDEV_ABS_35=::20", "EVDEV_ABS_36=::10"])
}

@Test func axisFixesAreReadFieldByField() {
    #expect(AxisFix("EVDEV_ABS_00=0:2472:31")?.resolution == 31)
    #expect(AxisFix("EVDEV_ABS_36=-524:528:31")?.axis == 0x36)
    #expect(AxisFix("EVDEV_ABS_35=::")?.resolution == nil && AxisFix("EVDEV_ABS_35=1:2")?.resolution == nil)
    #expect(AxisFix("EVDEV_ABS_ZZ=::1") == nil && AxisFix("EVDEV_ABS_00=a::1") == nil && AxisFix("ID_INPUT=1") == nil)
    #expect(AxisFix("EVDEV_ABS_00=1:2:3:4:5:6") == nil)
    #expect(AxisFix.resolution(of: 0x35, in: ["EVDEV_ABS_35=::0", "EVDEV_ABS_00=::9"]) == nil, "a fix to 0 sizes nothing")
}

@Test func aResolutionZeroDeviceIsSizedByTheStoredFixThenTheInstalledOneThenQuirks() throws {
    let hints = InstalledDeviceHints(
        quirks: QuirkDatabase(sections: QuirkDatabase.parse("[Any USB touchpad]\nMatchBus=usb\nMatchUdevType=touchpad\nAttrSizeHint=200x100\n", file: "50-test.quirks")),
        hardware: HardwareDatabase(records: HardwareDatabase.parse(hwdbText, file: "60-test.hwdb")))
    let pinebook = touchpad(vendor: 0x258a, product: 0x001e)
    // The installed hwdb fix wins over the installed quirk: udev applies it first.
    let installed = MillimetreConversion(description: pinebook, installed: hints)
    #expect(installed.unitsPerMillimetreX == 15 && installed.unitsPerMillimetreY == 15 && installed.isAssumed)
    #expect(installed.assumption == "resolution not reported; 15 × 15 units/mm from the installed hwdb fix EVDEV_ABS_35=::15, EVDEV_ABS_36=::15 (60-test.hwdb:2)")
    // A fix stored with the recording wins over everything installed, and over a stored quirk.
    var stored = pinebook
    stored.udevProperties = ["ID_INPUT=1", "EVDEV_ABS_35=::12", "EVDEV_ABS_36=::11"]
    stored.quirks = ["AttrSizeHint=50x50"]
    let fromStored = MillimetreConversion(description: stored, installed: hints)
    #expect(fromStored.unitsPerMillimetreX == 12 && fromStored.unitsPerMillimetreY == 11)
    #expect(fromStored.assumption?.contains("from the recording's hwdb fix EVDEV_ABS_35=::12, EVDEV_ABS_36=::11") == true)
    // A fix of ABS_X/Y alone serves the MT axes of the same range.
    var singleTouchFix = pinebook
    singleTouchFix.udevProperties = ["EVDEV_ABS_00=::30", "EVDEV_ABS_01=::30"]
    #expect(MillimetreConversion(description: singleTouchFix).unitsPerMillimetreX == 30)
    // No fix for the device: the installed quirk.
    let other = MillimetreConversion(description: touchpad(vendor: 0x1234, product: 1), installed: hints)
    #expect(other.assumption?.contains("installed libinput quirk AttrSizeHint=200x100") == true)
    // A reported resolution is never overridden by a fix.
    var reported = pinebook
    reported.udevProperties = ["EVDEV_ABS_35=::12", "EVDEV_ABS_36=::11"]
    reported.absInfo[C.ABS_MT_POSITION_X]!.resolution = 40
    reported.absInfo[C.ABS_MT_POSITION_Y]!.resolution = 40
    let own = MillimetreConversion(description: reported, installed: hints)
    #expect(own.unitsPerMillimetreX == 40 && !own.isAssumed && own.assumption == nil)
}
