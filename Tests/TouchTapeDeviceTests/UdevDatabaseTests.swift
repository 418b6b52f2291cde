import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapeTestSupport
@testable import TouchTapeDevice

// Issue 25, real sizes: what `record` stores of udev (the properties libinput record keeps,
// read from udevd's database file for the node, else the installed hwdb's axis fixes).

/// udevd's database file form: one letter and a colon per line; `E:` lines are properties.
private let databaseText = """
S:input/by-path/pci-0000:00:14.0-usb-0:1:1.0-event-mouse
I:1716111
E:ID_INPUT=1
E:ID_INPUT_TOUCHPAD=1
E:EVDEV_ABS_35=::15
E:LIBINPUT_DEVICE_GROUP=3/258a/1e:usb-0000:00:14.0-1
E:ID_PATH=pci-0000:00:14.0-usb-0:1:1.0
E:ID_BUS=usb
G:seat
V:1
"""

@Test func theDatabaseGivesTheRecordedPropertiesSortedByName() {
    #expect(UdevDatabase.properties(inDatabase: databaseText)
            == ["EVDEV_ABS_35=::15", "ID_INPUT=1", "ID_INPUT_TOUCHPAD=1", "LIBINPUT_DEVICE_GROUP=3/258a/1e:usb-0000:00:14.0-1"])
}

@Test func aNodesEntryIsFoundByItsDeviceNumbers() throws {
    // /dev/null is character device 1:3; udevd names its entry c1:3.
    let folder = NSTemporaryDirectory() + "touchtape-udev-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(UdevDatabase.properties(ofDevice: "/dev/null", folder: folder) == nil, "no entry: udevd not running")
    try databaseText.write(toFile: folder + "/c1:3", atomically: false, encoding: .utf8)
    #expect(UdevDatabase.properties(ofDevice: "/dev/null", folder: folder)?.first == "EVDEV_ABS_35=::15")
    #expect(UdevDatabase.properties(ofDevice: folder + "/c1:3", folder: folder) == nil, "a regular file is no device")
    // With udev's entry, its properties are stored; without, the hwdb's fixes for the device.
    let hwdb = HardwareDatabase(records: HardwareDatabase.parse("evdev:input:b0003v258Ap001E*\n EVDEV_ABS_35=::7\n", file: "t.hwdb"))
    var pad = DeviceDescription(name: "pad", id: InputID(bustype: 3, vendor: 0x258a, product: 0x1e, version: 0), codes: [3: [0x35, 0x36]])
    pad.absInfo = [0x35: AbsInfo(minimum: 0, maximum: 100), 0x36: AbsInfo(minimum: 0, maximum: 100)]
    #expect(UdevDatabase.recordedProperties(devicePath: "/dev/null", description: pad, dmi: nil, folder: folder, hardware: hwdb).count == 4)
    try FileManager.default.removeItem(atPath: folder + "/c1:3")
    #expect(UdevDatabase.recordedProperties(devicePath: "/dev/null", description: pad, dmi: nil, folder: folder, hardware: hwdb)
            == ["EVDEV_ABS_35=::7"])
}

@Test func theMachinesModaliasIsItsFirstLine() throws {
    let path = NSTemporaryDirectory() + "touchtape-dmi-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(UdevDatabase.machineModalias(path: path) == nil)
    try "dmi:bvnSeaBIOS:bvr1.16:svnQEMU:pnStandardPC:\n".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(UdevDatabase.machineModalias(path: path) == "dmi:bvnSeaBIOS:bvr1.16:svnQEMU:pnStandardPC:")
}
