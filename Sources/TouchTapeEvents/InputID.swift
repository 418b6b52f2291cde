/// The device identity (`struct input_id`): bus type, vendor, product and version.
package struct InputID: Hashable, Sendable {
    /// `BUS_*` (USB, I2C, …).
    package var bustype: UInt16
    /// The vendor id.
    package var vendor: UInt16
    /// The product id.
    package var product: UInt16
    /// The version.
    package var version: UInt16

    /// A value from its parts.
    package init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }

    /// The bus as a word (`usb`, `i2c`, …) for reports; unknown buses as hex.
    package var busName: String {
        switch bustype {
        case 0x01: return "pci"
        case 0x03: return "usb"
        case 0x05: return "bluetooth"
        case 0x06: return "virtual"
        case 0x11: return "i8042"
        case 0x18: return "i2c"
        case 0x1c: return "spi"
        case 0x1d: return "rmi"
        default: return "0x" + EventCodes.hex(bustype, width: 4)
        }
    }
}
