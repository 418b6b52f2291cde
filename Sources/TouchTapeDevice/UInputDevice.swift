import CLibevdev
@_spi(Pipeline) import TouchTapeEvents
#if canImport(Glibc)
import Glibc
#endif

/// A virtual input device made through `/dev/uinput` from a ``DeviceDescription``:
/// what `touchtape play` writes recorded events into. The device exists until this
/// object is released.
package final class UInputDevice {
    /// The `/dev/input/eventN` node the kernel made for it (`nil` when evdev is not loaded).
    package let devnode: String?
    /// The `/sys/devices/virtual/input/inputN` path.
    package let syspath: String?
    package let name: String
    private let handle: OpaquePointer

    /// Longest name uinput accepts (`UINPUT_MAX_NAME_SIZE` 80, less the terminating NUL).
    package static let maximumNameLength = 79

    /// Creates the device; `name` overrides the recorded name (cut to what uinput accepts).
    package init(description: DeviceDescription, name: String? = nil) throws(DeviceError) {
        let chosen = String(decoding: Array((name ?? description.name).utf8.prefix(UInputDevice.maximumNameLength)), as: UTF8.self)
        guard let template = LibevdevDescription.makeTemplate(description, name: chosen) else {
            throw DeviceError.system(call: "libevdev_new", path: "/dev/uinput", errno: ENOMEM)
        }
        defer { libevdev_free(template) }
        var uidev: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(template, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uidev)
        guard rc == 0, let uidev else {
            let code = -rc
            switch code {
            case ENOENT, ENODEV, EACCES, EPERM: throw DeviceError.noUInput(errno: code)
            default: throw DeviceError.system(call: "uinput device creation", path: "/dev/uinput", errno: code)
            }
        }
        handle = uidev
        self.name = chosen
        devnode = libevdev_uinput_get_devnode(uidev).map { String(cString: $0) }
        syspath = libevdev_uinput_get_syspath(uidev).map { String(cString: $0) }
    }

    deinit { libevdev_uinput_destroy(handle) }

    /// Writes one event; the kernel stamps it with its own time (recorded times are
    /// only used to schedule writes, see ``ReplaySchedule``).
    package func write(type: UInt16, code: UInt16, value: Int32) throws(DeviceError) {
        let rc = libevdev_uinput_write_event(handle, UInt32(type), UInt32(code), value)
        if rc < 0 { throw DeviceError.system(call: "write", path: devnode ?? "/dev/uinput", errno: -rc) }
    }

    /// Waits until the device node exists and can be opened (devtmpfs or udev may
    /// lag behind the ioctl that made the device), up to `timeoutMilliseconds`.
    package func waitForNode(timeoutMilliseconds: Int = 2000) -> Bool {
        guard let devnode else { return false }
        let step = 10
        var waited = 0
        while waited <= timeoutMilliseconds {
            let fd = Glibc.open(devnode, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { close(fd); return true }
            if errno == EACCES || errno == EPERM { return true }   // exists; readers with rights can open it
            usleep(useconds_t(step * 1000))
            waited += step
        }
        return false
    }
}
