import Testing
import Glibc
import TouchTapeDevice

@Suite struct DeviceErrorTests {
    @Test func errnoMapsToTheCaseAUserCanActOn() {
        #expect(DeviceError.from(errno: EACCES, call: "open", path: "/dev/input/event1") == .permissionDenied(path: "/dev/input/event1"))
        #expect(DeviceError.from(errno: EPERM, call: "open", path: "/x") == .permissionDenied(path: "/x"))
        #expect(DeviceError.from(errno: ENOENT, call: "open", path: "/x") == .notFound(path: "/x"))
        #expect(DeviceError.from(errno: ENODEV, call: "read", path: "/x") == .gone(path: "/x"))
        #expect(DeviceError.from(errno: ENOTTY, call: "ioctl", path: "/etc/passwd") == .notEvdev(path: "/etc/passwd"))
        #expect(DeviceError.from(errno: EIO, call: "read", path: "/x") == .system(call: "read", path: "/x", errno: EIO))
    }

    @Test func permissionHintNamesTheInputGroup() {
        let error = DeviceError.permissionDenied(path: "/dev/input/event4")
        #expect(error.message.contains("/dev/input/event4"))
        #expect(error.hint.contains("usermod -aG input"))
        #expect(error.hint.contains("udev"))
    }

    @Test func goneSaysDeviceDisappeared() {
        #expect(DeviceError.gone(path: "/dev/input/event2").message.contains("device disappeared"))
    }

    @Test func missingUInputSuggestsModprobe() {
        let error = DeviceError.noUInput(errno: ENOENT)
        #expect(error.message.contains("/dev/uinput does not exist"))
        #expect(error.hint.contains("modprobe uinput"))
        #expect(DeviceError.noUInput(errno: EACCES).message.contains("permission denied"))
    }
}
