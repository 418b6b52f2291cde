import Testing
import Glibc
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents

@Suite struct DeviceEnumeratorTests {
    /// This machine (like CI containers) has no /dev/input; a missing folder is "no
    /// devices", said plainly, not an error.
    @Test func aMissingFolderListsNothingAndSaysWhy() {
        let enumerator = DeviceEnumerator(directory: "/nonexistent-touchtape-test/input")
        #expect(!enumerator.directoryExists)
        #expect(enumerator.list().isEmpty)
        let text = DeviceListText.noDevices(directory: enumerator.directory, directoryExists: false)
        #expect(text.hasPrefix("No input devices found"))
        #expect(text.contains("does not exist"))
    }

    /// Only eventN names count, sorted by number (event2 before event10); a regular
    /// file named like a node is listed but fails as "not an evdev device".
    @Test func listsEventNodesInNumericOrder() throws {
        var template = Array("/tmp/touchtape-enum-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template)).withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
        defer { for f in ["event10", "event2", "mouse0", "eventX"] { unlink(dir + "/" + f) }; rmdir(dir) }
        for f in ["event10", "event2", "mouse0", "eventX"] {
            let fd = open(dir + "/" + f, O_CREAT | O_WRONLY, 0o644); close(fd)
        }
        let enumerator = DeviceEnumerator(directory: dir)
        #expect(enumerator.nodePaths() == [dir + "/event2", dir + "/event10"])
        let listings = enumerator.list()
        #expect(listings.count == 2)
        if case .failure(let error) = listings[0].result {
            #expect(error == .notEvdev(path: dir + "/event2"))
        } else {
            Issue.record("a regular file must not open as a device")
        }
        #expect(DeviceEnumerator.eventNumber("event12") == 12)
        #expect(DeviceEnumerator.eventNumber("event") == nil)
    }

    @Test func anUnreadableNodeIsShownWithTheHintNotAnErrno() {
        let text = DeviceListText.render(DeviceListing(path: "/dev/input/event7", result: .failure(.permissionDenied(path: "/dev/input/event7"))))
        #expect(text.contains("/dev/input/event7  (cannot open: permission denied"))
        #expect(text.contains("hint: add your user to the 'input' group"))
        #expect(!text.contains("errno"))
    }

    /// Axis line: 0..1919 at 10 units/mm is 191.9 mm; a touchscreen with 10 slots is "multitouch B (10 slots)".
    @Test func aReadableNodeShowsKindProtocolAndAxes() {
        let text = DeviceListText.render(DeviceListing(path: "/dev/input/event1", result: .success(touchscreenB())))
        #expect(text.contains("kind: touchscreen, protocol: multitouch B (10 slots)"))
        #expect(text.contains("ABS_MT_POSITION_X 0..1919, 10 units/mm (191.9 mm)"))
        #expect(text.contains("ABS_MT_TRACKING_ID 0..65535"))
        #expect(text.contains("access: readable"))
        #expect(!text.contains("not a touch device"))
    }

    /// A touch mouse (a relative pointer with mouse buttons and multitouch axes, no
    /// BTN_TOUCH) is listed as other, with the condition that makes it so.
    @Test func aTouchMouseIsListedAsOtherWithTheCondition() {
        typealias C = EventCodes
        var mouse = touchscreenB()
        mouse.properties = []
        mouse.setCodes([C.BTN_LEFT, C.BTN_RIGHT], for: EventType.key.rawValue)
        mouse.setCodes([C.REL_X, C.REL_Y], for: EventType.rel.rawValue)
        mouse.setCodes([C.ABS_MT_SLOT, C.ABS_MT_POSITION_X, C.ABS_MT_POSITION_Y, C.ABS_MT_TRACKING_ID], for: EventType.abs.rawValue)
        let text = DeviceListText.render(DeviceListing(path: "/dev/input/event3", result: .success(mouse)))
        #expect(text.contains("kind: other, protocol: none\n"), "\(text)")
        #expect(text.contains("    not a touch device: relative pointer axes REL_X/REL_Y with mouse buttons and no BTN_TOUCH: a touch mouse"), "\(text)")
    }
}
