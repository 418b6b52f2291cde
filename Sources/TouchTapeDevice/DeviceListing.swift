import TouchTapeEvents

/// One `/dev/input/eventN` node as `touchtape devices` shows it: either its
/// description, or why this user cannot open it.
public struct DeviceListing: Sendable {
    public var path: String
    public var result: Result<DeviceDescription, DeviceError>

    public init(path: String, result: Result<DeviceDescription, DeviceError>) {
        self.path = path
        self.result = result
    }

    /// The device name, when the node could be opened.
    public var name: String? {
        if case .success(let description) = result { return description.name }
        return nil
    }

    public var isReadable: Bool {
        if case .success = result { return true }
        return false
    }
}
