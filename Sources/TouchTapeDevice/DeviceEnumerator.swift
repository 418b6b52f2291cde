@_spi(Pipeline) import TouchTapeEvents
#if canImport(Glibc)
import Glibc
#endif

/// Lists `/dev/input/event*`, opening each node once to read its description.
package struct DeviceEnumerator: Sendable {
    /// Where the kernel's evdev nodes live (devtmpfs / udev).
    package static let defaultDirectory = "/dev/input"
    package var directory: String

    package init(directory: String = DeviceEnumerator.defaultDirectory) {
        self.directory = directory
    }

    /// Whether the directory exists at all (it does not on machines without input
    /// devices, e.g. containers and CI boxes).
    package var directoryExists: Bool {
        var info = stat()
        return stat(directory, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The `eventN` node paths, in numeric order (`event2` before `event10`).
    package func nodePaths() -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if DeviceEnumerator.eventNumber(name) != nil { names.append(name) }
        }
        return names
            .sorted { (DeviceEnumerator.eventNumber($0) ?? 0) < (DeviceEnumerator.eventNumber($1) ?? 0) }
            .map { directory + "/" + $0 }
    }

    /// Opens every node and reads its description; failures are kept per node.
    package func list() -> [DeviceListing] {
        nodePaths().map { path in
            do throws(DeviceError) {
                let device = try EvdevDevice(path: path)
                return DeviceListing(path: path, result: .success(device.description))
            } catch {
                return DeviceListing(path: path, result: .failure(error))
            }
        }
    }

    /// `event12` → 12; anything else → nil.
    package static func eventNumber(_ name: String) -> Int? {
        guard name.hasPrefix("event") else { return nil }
        let digits = name.dropFirst(5)
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }
}
