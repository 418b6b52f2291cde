#if canImport(Glibc)
import Glibc
#endif

/// Everything that can go wrong between TouchTape and a real evdev or uinput device.
///
/// Each case carries the path it is about and knows the one sentence a user needs to
/// fix it (``hint``): a bare `errno` says what failed, not what to do about it.
package enum DeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `open()` failed with `EACCES`/`EPERM`: the node exists but this user may not read it.
    case permissionDenied(path: String)
    /// No such node (`ENOENT`), or no device matched a name.
    case notFound(path: String)
    /// The node opened but is not an evdev device (the evdev ioctls fail with `ENOTTY`/`EINVAL`).
    case notEvdev(path: String)
    /// The device was unplugged or destroyed while open (`ENODEV`).
    case gone(path: String)
    /// `/dev/uinput` is missing, or this user may not open it; `errno` says which.
    case noUInput(errno: Int32)
    /// The grab (`EVIOCGRAB`) failed, usually because another program holds it (`EBUSY`).
    case grabFailed(path: String, errno: Int32)
    /// Any other failing call, kept with its name and `errno`.
    case system(call: String, path: String, errno: Int32)

    /// Maps an `errno` from opening or reading `path` to the case a user can act on.
    package static func from(errno code: Int32, call: String, path: String) -> DeviceError {
        switch code {
        case EACCES, EPERM: return .permissionDenied(path: path)
        case ENOENT: return .notFound(path: path)
        // A node that exists with nothing behind it for us (`/dev/tty` without a controlling
        // terminal): not an input device, rather than no such file.
        case ENXIO: return access(path, F_OK) == 0 ? .notEvdev(path: path) : .notFound(path: path)
        case ENODEV: return .gone(path: path)
        case ENOTTY, EINVAL: return .notEvdev(path: path)
        default: return .system(call: call, path: path, errno: code)
        }
    }

    /// One line saying what failed.
    package var message: String {
        switch self {
        case .permissionDenied(let path):
            return "permission denied opening \(path)"
        case .notFound(let path):
            return "no such device: \(path)"
        case .notEvdev(let path):
            return "\(path) is not an evdev input device"
        case .gone(let path):
            return "device disappeared: \(path) was unplugged or destroyed"
        case .noUInput(let code):
            if code == ENOENT || code == ENODEV { return "cannot create a virtual device: /dev/uinput does not exist" }
            if code == EACCES || code == EPERM { return "cannot create a virtual device: permission denied opening /dev/uinput" }
            return "cannot create a virtual device through /dev/uinput: \(DeviceError.describe(errno: code))"
        case .grabFailed(let path, let code):
            return "cannot grab \(path): \(DeviceError.describe(errno: code))"
        case .system(let call, let path, let code):
            return "\(call) \(path): \(DeviceError.describe(errno: code))"
        }
    }

    /// What the user can do about it; empty when there is nothing useful to say.
    package var hint: String {
        switch self {
        case .permissionDenied:
            return "add your user to the 'input' group (sudo usermod -aG input $USER, then log out and in again) "
                + "or add a udev rule granting access to the device; running as root also works"
        case .notFound:
            return "run 'touchtape devices' to list the input devices and their paths"
        case .notEvdev:
            return "give a /dev/input/eventN node; 'touchtape devices' lists them"
        case .gone:
            return "reconnect the device and record again; every completed gesture is already in the file"
        case .noUInput(let code):
            if code == EACCES || code == EPERM {
                return "run as root, or grant your user access to /dev/uinput (a udev rule: KERNEL==\"uinput\", MODE=\"0660\", GROUP=\"input\")"
            }
            return "load the uinput module (sudo modprobe uinput) and check that /dev/uinput is readable and writable for you"
        case .grabFailed:
            return "another program holds the device; record without --grab or close that program"
        case .system:
            return ""
        }
    }

    package var description: String { hint.isEmpty ? message : "\(message) (hint: \(hint))" }

    /// `strerror` text plus the symbolic number, e.g. `Device or resource busy (errno 16)`.
    package static func describe(errno code: Int32) -> String {
        let text = strerror(code).map { String(cString: $0) } ?? "unknown error"
        return "\(text) (errno \(code))"
    }
}
