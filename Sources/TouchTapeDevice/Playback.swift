@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeTracks

/// A `touchtape play` run: a recording (or one of its tracks) written into a new uinput
/// device with the recorded timing. The command only maps its options onto it; what the
/// run says goes through `say` (stderr), the device's node through `announce` (stdout).
package struct Playback {
    /// The recording's events to play: all, or one track's as a standalone gesture.
    package var events: [InputEvent]
    /// The recording's device description.
    package var description: DeviceDescription
    /// What the run names in its closing line (`track 2 of pan.evemu`).
    package var what: String

    /// The whole recording, or track `track` (1-based) of its `tracks`; a track that does
    /// not exist is refused naming how many there are.
    package init(_ recording: Recording, tracks: [Track], file: String, track: Int?) throws(PlaybackError) {
        description = recording.description
        events = recording.events
        what = file
        if let track {
            guard track >= 1 && track <= tracks.count else {
                throw PlaybackError(message: "track \(track) does not exist: \(file) has \(tracks.count) track(s)",
                                    hint: "tracks are numbered from 1; 'touchtape play --dry-run \(file)' lists them")
            }
            events = StandaloneTrack.events(tracks[track - 1])
            what = "track \(track) of \(file)"
        }
    }

    /// `--dry-run`: the device and each track, a line each.
    package static func listing(_ recording: Recording, tracks: [Track], file: String) -> String {
        let description = recording.description
        let c = description.classification
        var listing = "\(file): \"\(TextExcerpt.terminalSafe(description.name))\" (\(c.kind.rawValue), protocol \(c.touchProtocol.name)), \(recording.events.count) events, \(tracks.count) track(s)\n"
        for t in tracks {
            let a = t.annotation
            var note = ""
            if !a.isEmpty {
                note = ", expect \(a.expected?.rawValue ?? "none")" + (a.cutShort ? ", cut short" : "") + (a.note.map { ", note: \($0)" } ?? "")
            }
            listing += "  track \(t.number): \(t.frameCount) frames, \(Int(t.duration * 1000)) ms, \(t.maxFingers) finger(s)\(note)\n"
        }
        return listing
    }

    /// `--write-expected`: what readers of the device should see (the kernel's filtering
    /// applied), as an evemu recording.
    package var expectedText: String {
        let filtered = KernelInputFilter.filter(events, description: description)
        var formatter = EvemuFormatter(description: description, metadata: RecordingMetadata())
        return formatter.header() + formatter.format(filtered) + formatter.footer()
    }

    /// Creates the device (named `deviceName`, else the recorded name), announces its node,
    /// waits (`waitForEnter`, then `startDelay` seconds), plays, says the timing, and keeps
    /// the device `hold` seconds. A stop signal ends the run early, normally.
    package func play(deviceName: String?, pacing: ReplayPacing, startDelay: Double, hold: Double,
                      waitForEnter: Bool, announce: (String) throws -> Void, readLine: () -> Void,
                      say: (String) -> Void) throws {
        let stop = StopSignal()
        let device = try UInputDevice(description: description, name: deviceName)
        guard device.waitForNode(), let node = device.devnode else {
            throw PlaybackError(message: "the virtual device got no /dev/input node",
                                hint: "load the evdev module (modprobe evdev) and check that /dev is devtmpfs or udev-managed",
                                isDeviceFailure: true)
        }
        try announce("\(device.name): \(node)\n")
        if waitForEnter {
            // A handshake instead of a guessed delay: tools/vm/run-tests.sh writes the line
            // once every recorder has printed that it is recording. A stop signal or the end
            // of standard input ends the wait too (readLine returns on EINTR and EOF).
            say("waiting for Enter on standard input before the first event into \(node)\n")
            readLine()
        }
        if let signal = stop.sleep(microseconds: Int64(startDelay * 1_000_000)) {
            say("touchtape: play stopped by signal \(signal) before the first event\n")
            return
        }
        let clock = MonotonicClock()
        let player = EventPlayer(pacing: pacing, now: clock.nowMicroseconds, sleep: stop.sleep(microseconds:))
        let started = clock.nowMicroseconds()
        let result = try player.play(events) { (event: InputEvent) throws(DeviceError) in
            try device.write(type: event.type, code: event.code, value: event.value)
        }
        let seconds = Double(clock.nowMicroseconds() - started) / 1_000_000
        say("played \(result.eventsWritten) of \(events.count) events of \(what) in \(DecimalText.fixed(seconds, 3)) s into \(node)\n")
        say(result.timing.summary + "\n")
        if let signal = result.stoppedBy {
            say("touchtape: play stopped by signal \(signal)\n")
            return
        }
        _ = stop.sleep(microseconds: Int64(hold * 1_000_000))
    }
}

/// A track that does not exist (exit 2), or a virtual device that got no node (exit 3).
package struct PlaybackError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var hint: String
    package var isDeviceFailure: Bool

    /// A value from its parts.
    package init(message: String, hint: String, isDeviceFailure: Bool = false) {
        self.message = message
        self.hint = hint
        self.isDeviceFailure = isDeviceFailure
    }

    package var description: String { message }
}
