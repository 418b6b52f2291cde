import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
#if canImport(Glibc)
import Glibc
#endif

extension RecordingRun {
    /// `record --adb [SERIAL]`: the phone's touchscreen through `adb shell getevent`. The
    /// description comes first (`getevent -lp`, the touch device chosen as for a capture
    /// file), then `getevent -t` on that device, gesture by gesture as for evdev. adb
    /// missing, no phone, an unauthorised phone: ``AdbError`` before anything is written;
    /// every adb call is bounded (``AdbCapture/waitSeconds``). The phone going away ends
    /// the recording like an unplug (the file is finished, then ``AdbError/Kind/failed``).
    package func runAdb(serial: String?, say: @escaping @Sendable (String) -> Void) throws {
        let capture = try AdbCapture.connect(serial: serial)
        let listing = NSTemporaryDirectory() + "touchtape-adb-\(getpid())-\(capture.serial.filter { $0.isLetter || $0.isNumber }).getevent"
        try capture.writeListing(to: listing)
        defer { unlink(listing) }
        let stream: RecordingStream
        do { stream = try RecordingStream(RecordingSource(eventsPath: listing, format: .getevent), locking: .unlocked) } catch {
            // The listing's error names a temporary file: say what it means for the phone.
            throw AdbError(kind: .failed, message: "the phone's device listing ('adb shell getevent -lp') gives no one touch device to record: \(error.found ?? error.expected)",
                           hint: "\(error.hint.replacingOccurrences(of: "choose one with --device N: ", with: "the listing: ")); record one by hand: adb shell getevent -lp > phone.getevent, then adb shell getevent -lt /dev/input/eventN > phone.pan.getevent")
        }
        let description = stream.description
        let node = stream.metadata.deviceNode ?? GeteventFormatter.defaultNode
        let classification = description.classification
        let formatter = try RecordingFileFormatter(format: format, description: description,
                                                   metadata: RecordingMetadata(recorder: recorder, deviceNode: node),
                                                   output: output, by: .recorder)
        // A FIFO no one reads yet is waited for, saying so; Ctrl-C ends the wait.
        let stop = StopSignal()
        var gestureRecorder = try GestureRecorder(formatter: formatter,
                                                  file: try RecordingFile(path: output, option: "-o", new: true, waiting: stop.waiting(notice: { say("touchtape: \($0)\n") })),
                                                  description: description, annotation: annotation)
        say("recording \"\(TextExcerpt.terminalSafe(description.name))\" (adb \(TextExcerpt.terminalSafe(capture.serial)) \(TextExcerpt.terminalSafe(node)), \(classification.kind.rawValue), protocol \(classification.touchProtocol.name)) to \(output); Ctrl-C stops\n")
        let child = try capture.startEvents(path: node)
        let fd = child.output
        let deadline = duration.map { Date().addingTimeInterval($0) }
        var lines = GeteventLiveReader()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var stopReason = "stopped"
        var ended = false
        loop: while true {
            if let signal = stop.firedSignal { stopReason = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"; break }
            if let deadline, deadline.timeIntervalSinceNow <= 0 { stopReason = "duration reached"; break }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stop.pollDescriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, Self.pollTimeoutMilliseconds) > 0, fds[0].revents != 0 else { continue }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { ended = true; stopReason = "adb ended (phone disconnected?)"; break }
            let unreadBefore = lines.unread.count
            let events = buffer.withUnsafeBytes { lines.events(in: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            if unreadBefore == 0, lines.unread.count > 0 {
                say("touchtape: warning: adb sent a line that is no event TouchTape reads; it is not in the file: "
                    + "'\(lines.unread.first ?? "")' (\(lines.unread.why ?? "")); any more are counted\n")
            }
            for notice in try gestureRecorder.feed(events) { say(notice.line + "\n") }
            if let gestures, gestureRecorder.completedGestures >= gestures { stopReason = "\(gestures) gesture(s) recorded"; break loop }
        }
        let adbStatus = child.stop()
        StopSignal.restoreDefaults()
        if let cut = try gestureRecorder.finish() { say(cut.line + "\n") }
        let unread = lines.unread.count > 0 ? ", \(lines.unread.count) line(s) from adb not read (no event TouchTape reads)" : ""
        say("\(stopReason): \(gestureRecorder.completedGestures) complete gesture(s) in \(output)\(unread)\n")
        if ended {
            throw AdbError(kind: .failed, message: "adb stopped sending events (exit \(adbStatus)): the phone was disconnected or getevent failed",
                           hint: "the file keeps every gesture recorded; reconnect the phone and record again")
        }
    }
}
