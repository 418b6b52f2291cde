/// What the replaying machine knows of devices beyond what they report: libinput's quirks
/// and udev's hardware database, each matched against a recording's device description
/// (never against the machine's own firmware: a recording does not say which machine it
/// came from). ``MillimetreConversion`` sizes a device that reports resolution 0 from them
/// when the recording itself stores nothing.
package struct InstalledDeviceHints: Hashable, Sendable {
    /// libinput's quirks (`AttrSizeHint`, `AttrResolutionHint`).
    package var quirks: QuirkDatabase
    /// udev's hwdb (`EVDEV_ABS_*` axis fixes).
    package var hardware: HardwareDatabase

    /// Hints from their parts.
    package init(quirks: QuirkDatabase = QuirkDatabase(), hardware: HardwareDatabase = HardwareDatabase()) {
        self.quirks = quirks
        self.hardware = hardware
    }
}
