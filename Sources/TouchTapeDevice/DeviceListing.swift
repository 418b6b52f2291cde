@_spi(Pipeline) import TouchTapeEvents

/// One `/dev/input/eventN` node as `touchtape devices` shows it: either its
/// description, or why this user cannot open it.
package struct DeviceListing: Sendable {
    package var path: String
    package var result: Result<DeviceDescription, DeviceError>

    package init(path: String, result: Result<DeviceDescription, DeviceError>) {
        self.path = path
        self.result = result
    }

    /// The device name, when the node could be opened.
    package var name: String? {
        if case .success(let description) = result { return description.name }
        return nil
    }

    package var isReadable: Bool {
        if case .success = result { return true }
        return false
    }
}
