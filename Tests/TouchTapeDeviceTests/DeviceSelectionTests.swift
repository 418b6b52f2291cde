import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDevice

@Suite struct DeviceSelectionTests {
    let listings = [
        DeviceListing(path: "/dev/input/event0", result: .success(DeviceDescription(name: "AT Translated Set 2 keyboard", id: InputID(bustype: 0x11, vendor: 1, product: 1, version: 0)))),
        DeviceListing(path: "/dev/input/event3", result: .success(DeviceDescription(name: "SynPS/2 Synaptics TouchPad", id: InputID(bustype: 0x11, vendor: 2, product: 7, version: 0)))),
        DeviceListing(path: "/dev/input/event5", result: .success(DeviceDescription(name: "ELAN Touchscreen", id: InputID(bustype: 3, vendor: 4, product: 5, version: 0)))),
        DeviceListing(path: "/dev/input/event6", result: .success(DeviceDescription(name: "ELAN Touchscreen Stylus", id: InputID(bustype: 3, vendor: 4, product: 5, version: 0)))),
        DeviceListing(path: "/dev/input/event9", result: .failure(.permissionDenied(path: "/dev/input/event9"))),
    ]

    @Test func aPathIsTakenAsIs() {
        #expect(DeviceSelection.resolve("/dev/input/event42", among: listings) == .path("/dev/input/event42"))
    }

    @Test func aSubstringMatchesCaseInsensitively() {
        // "touchpad" is only in "SynPS/2 Synaptics TouchPad".
        #expect(DeviceSelection.resolve("touchpad", among: listings) == .path("/dev/input/event3"))
    }

    @Test func anExactNameBeatsLongerNamesContainingIt() {
        // "elan touchscreen" is in event5 and event6, but event5's name equals it.
        #expect(DeviceSelection.resolve("elan touchscreen", among: listings) == .path("/dev/input/event5"))
    }

    @Test func severalMatchesAreAmbiguousAndListed() {
        guard case .ambiguous(_, let candidates) = DeviceSelection.resolve("ELAN", among: listings) else {
            Issue.record("expected ambiguous"); return
        }
        #expect(candidates.count == 2)
        #expect(candidates[0].hasPrefix("/dev/input/event5"))
    }

    @Test func noMatchCountsTheNodesThatCouldNotBeRead() {
        // event9 could not be opened, so its name is unknown: the error must say so.
        #expect(DeviceSelection.resolve("wacom", among: listings) == .noMatch(query: "wacom", unreadable: 1))
    }
}
