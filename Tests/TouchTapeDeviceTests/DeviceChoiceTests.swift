import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeDevice

/// `record` with no DEVICE (issue 24): only touch devices are offered, by event number, and
/// the answer picks one of them or none.
@Suite struct DeviceChoiceTests {
    let listings = [
        DeviceListing(path: "/dev/input/event0", result: .success(DeviceDescription(name: "AT Translated Set 2 keyboard",
                                                                                   id: InputID(bustype: 0x11, vendor: 1, product: 1, version: 0)))),
        DeviceListing(path: "/dev/input/event12", result: .success(touchscreenB())),
        DeviceListing(path: "/dev/input/event4", result: .success(touchscreenB())),
        DeviceListing(path: "/dev/input/event9", result: .failure(.permissionDenied(path: "/dev/input/event9"))),
    ]

    @Test func onlyTouchDevicesAreOfferedInEventOrder() {
        let choice = DeviceChoice(listings: listings)
        #expect(choice.candidates.map(\.path) == ["/dev/input/event4", "/dev/input/event12"])
        #expect(choice.unreadable == 1)
        #expect(choice.menu.split(separator: "\n").first?.hasPrefix("  4  /dev/input/event4  \"") == true)
        #expect(choice.menu.contains("touchscreen, protocol B"))
        #expect(choice.prompt == "Select the device event number [4-12]: ")
    }

    @Test(arguments: [("4", "/dev/input/event4"), (" 12 ", "/dev/input/event12"), ("event12", "/dev/input/event12"),
                      ("/dev/input/event4", "/dev/input/event4")])
    func anAnswerPicksByNumberOrPath(answer: String, path: String) {
        #expect(DeviceChoice(listings: listings).pick(answer) == path)
    }

    @Test(arguments: ["0", "9", "5", "", "touch", "-1"])
    func anAnswerThatIsNotOfferedPicksNothing(answer: String) {
        // 0 is the keyboard and 9 could not be opened: neither was offered.
        #expect(DeviceChoice(listings: listings).pick(answer) == nil)
    }

    @Test func noTouchDeviceOffersNothing() {
        let choice = DeviceChoice(listings: [listings[0], listings[3]])
        #expect(choice.candidates.isEmpty && choice.prompt.isEmpty && choice.menu.isEmpty)
    }

    @Test func theDefaultNameIsNeverOneThatExists() {
        let taken: Set<String> = ["touchtape-20261125-040500.evemu", "touchtape-20261125-040500-2.evemu"]
        #expect(DefaultRecordingName.make(stamp: "20261125-040500", format: .evemu) { taken.contains($0) }
                == "touchtape-20261125-040500-3.evemu")
        #expect(DefaultRecordingName.make(stamp: "20261125-040500", format: .libinputRecord) { taken.contains($0) }
                == "touchtape-20261125-040500.yml")
    }
}
