import CLibevdev
@_spi(Pipeline) import TouchTapeEvents
#if canImport(Glibc)
import Glibc
#endif

/// An opened `/dev/input/eventN`, read through libevdev with `CLOCK_MONOTONIC` times.
///
/// A class because it owns a file descriptor and a libevdev handle that must be
/// released exactly once; it is used from one thread at a time.
package final class EvdevDevice {
    package let path: String
    /// What the device says about itself, read once at open time.
    package let description: DeviceDescription
    package private(set) var isGrabbed = false
    /// How many `SYN_DROPPED` the kernel sent since the device was opened.
    package private(set) var droppedCount = 0

    private let fd: Int32
    private let handle: OpaquePointer

    /// Opens `path` read-only and non-blocking, reads its description and switches
    /// its clock to `CLOCK_MONOTONIC` (as evemu-record and libinput record do), so
    /// times never jump with the wall clock.
    package init(path: String, grab: Bool = false) throws(DeviceError) {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { throw DeviceError.from(errno: errno, call: "open", path: path) }
        var dev: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &dev)
        guard rc == 0, let dev else {
            close(fd)
            throw DeviceError.from(errno: -rc, call: "libevdev_new_from_fd", path: path)
        }
        self.path = path
        self.fd = fd
        self.handle = dev
        self.description = LibevdevDescription.read(dev)
        _ = libevdev_set_clock_id(dev, CLOCK_MONOTONIC)
        if grab {
            let grc = libevdev_grab(dev, LIBEVDEV_GRAB)
            if grc < 0 { throw DeviceError.grabFailed(path: path, errno: -grc) }
            isGrabbed = true
        }
    }

    deinit {
        if isGrabbed { _ = libevdev_grab(handle, LIBEVDEV_UNGRAB) }
        libevdev_free(handle)
        close(fd)
    }

    /// Waits up to `timeoutMilliseconds` (or until `stop` fires) and returns every event
    /// that is ready, in kernel order.
    ///
    /// On `SYN_DROPPED` the kernel threw away events; the batch then holds the
    /// `SYN_DROPPED` itself, one `SYN_REPORT` with its time that closes the window the
    /// kernel's rule says to discard, then libevdev's synthesised delta (the state
    /// changes the lost events made, ending in its own `SYN_REPORT`) as ordinary
    /// frames. So a reader that follows the kernel rule ("discard up to and including
    /// the next `SYN_REPORT`") lands on the resynchronised state, and the gap stays
    /// visible in the recording instead of being smoothed over.
    ///
    /// Descriptors in `watching` are polled too; when one is readable and the device has
    /// nothing, ``DeviceRead/readable(_:)`` names it (device events come first).
    package func read(timeoutMilliseconds: Int32, stop: StopSignal? = nil, watching: [Int32] = []) throws(DeviceError) -> DeviceRead {
        // A signal is looked at first, so a device that never goes quiet cannot starve it.
        if let stop, let signal = stop.firedSignal { return .stopped(signal: signal) }
        var events = try drain()
        if !events.isEmpty { return .events(events) }
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        if let stop { fds.append(pollfd(fd: stop.pollDescriptor, events: Int16(POLLIN), revents: 0)) }
        let firstWatched = fds.count
        for descriptor in watching { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        let n = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        if let stop, let signal = stop.firedSignal { return .stopped(signal: signal) }
        if n < 0 {
            if errno == EINTR { return .timeout }
            throw DeviceError.system(call: "poll", path: path, errno: errno)
        }
        if n == 0 { return .timeout }
        if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && fds[0].revents & Int16(POLLIN) == 0 {
            throw DeviceError.gone(path: path)
        }
        events = try drain()
        if !events.isEmpty { return .events(events) }
        if let ready = fds[firstWatched...].first(where: { $0.revents != 0 }) { return .readable(ready.fd) }
        return .timeout
    }

    /// Reads until libevdev says `-EAGAIN`, following the resync path on `SYN_DROPPED`.
    private func drain() throws(DeviceError) -> [InputEvent] {
        var result: [InputEvent] = []
        var raw = input_event()
        while true {
            let rc = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &raw)
            if rc == Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue) {
                result.append(Self.convert(raw))
            } else if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                droppedCount += 1
                let dropped = Self.convert(raw)
                result.append(dropped)
                result.append(InputEvent(time: dropped.time, type: .syn, code: EventCodes.SYN_REPORT, value: 0))
                var src = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_SYNC.rawValue, &raw)
                while src == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                    result.append(Self.convert(raw))
                    src = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_SYNC.rawValue, &raw)
                }
                if src != -EAGAIN && src < 0 { throw Self.readError(-src, path: path) }
            } else if rc == -EAGAIN {
                return result
            } else {
                throw Self.readError(-rc, path: path)
            }
        }
    }

    private static func readError(_ code: Int32, path: String) -> DeviceError {
        code == ENODEV ? .gone(path: path) : .system(call: "read", path: path, errno: code)
    }

    static func convert(_ raw: input_event) -> InputEvent {
        InputEvent(
            time: EventTime(seconds: UInt64(max(0, raw.time.tv_sec)), microseconds: UInt32(max(0, min(999_999, raw.time.tv_usec)))),
            type: raw.type, code: raw.code, value: raw.value)
    }
}
