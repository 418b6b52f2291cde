#if canImport(Glibc)
import Glibc
#endif

/// A program run with `posix_spawn`, its standard output (and error) on pipes, waited for
/// with `waitpid` and a deadline: what `record --adb` runs adb with.
///
/// Not `Foundation.Process`: here its `waitUntilExit()` never returned once a real
/// `adb devices` had started adb's server (the client had exited, a zombie nobody reaped),
/// and a bounded wait must be bounded. Standard input is `/dev/null`.
struct ChildProcess {
    let pid: pid_t
    /// The read end of the child's standard output (non-blocking).
    let output: Int32
    /// The read end of its standard error (non-blocking), or `nil` when it goes to `/dev/null`.
    let errors: Int32?

    /// Starts `path` with `arguments` (not searched on PATH); `nil` when it cannot be started.
    static func spawn(_ path: String, _ arguments: [String], captureErrors: Bool) -> ChildProcess? {
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { return nil }
        if captureErrors, pipe(&err) != 0 { Glibc.close(out[0]); Glibc.close(out[1]); return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        if captureErrors { posix_spawn_file_actions_adddup2(&actions, err[1], 2) }
        else { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        for fd in out + (captureErrors ? err : []) { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, environ)
        Glibc.close(out[1])
        if captureErrors { Glibc.close(err[1]) }
        guard status == 0 else {
            Glibc.close(out[0])
            if captureErrors { Glibc.close(err[0]) }
            return nil
        }
        for fd in [out[0]] + (captureErrors ? [err[0]] : []) {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return ChildProcess(pid: pid, output: out[0], errors: captureErrors ? err[0] : nil)
    }

    /// The exit status once the child has ended (reaped), `nil` while it runs.
    func exitStatus() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 ? -1 : nil }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }   // exited
        return 128 + (status & 0x7f)                             // killed by a signal
    }

    /// Runs it to its end or `seconds`, whichever is first, collecting both outputs; `nil`
    /// when the deadline came first (the child is then killed and reaped).
    func collect(seconds: Double) -> (status: Int32, output: [UInt8], errors: [UInt8])? {
        var written: [UInt8] = [], said: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = MonotonicDeadline(seconds: seconds)
        func drain(_ fd: Int32, into data: inout [UInt8]) {
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count > 0 { data += buffer[..<count] } else { return }
            }
        }
        while true {
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            if let errors { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), 50)
            drain(output, into: &written)
            if let errors { drain(errors, into: &said) }
            // Ended: what it wrote is in the pipes (a server it started may hold them open:
            // no waiting for their end).
            if let status = exitStatus() {
                drain(output, into: &written)
                if let errors { drain(errors, into: &said) }
                close()
                return (status, written, said)
            }
            if deadline.passed {
                _ = stop()
                return nil
            }
        }
    }

    /// SIGTERM, then SIGKILL if it has not ended within a second; reaps it. Its status.
    func stop() -> Int32 {
        if let status = exitStatus() { close(); return status }
        kill(pid, SIGTERM)
        let deadline = MonotonicDeadline(seconds: 1)
        while !deadline.passed {
            if let status = exitStatus() { close(); return status }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        close()
        return 128 + SIGKILL
    }

    private func close() {
        _ = Glibc.close(output)
        if let errors { _ = Glibc.close(errors) }
    }
}

/// A point `seconds` from now on the monotonic clock.
struct MonotonicDeadline {
    let end: Double
    init(seconds: Double) { end = Self.now() + seconds }
    var passed: Bool { Self.now() >= end }
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
