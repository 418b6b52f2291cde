import ArgumentParser
import Foundation
import TouchTapeDevice
import TouchTapeEvents
import TouchTapeFormats
import TouchTapeLive
import TouchTapeReplay
#if canImport(Glibc)
import Glibc
#endif

/// The I/O around a ``LiveSession``: where keys come from, where the screen or the JSON
/// lines go, and the `--save` file. One per `touchtape live` run; the two sources
/// (device, paced file) each run their own loop and call into it.
final class LiveRunner {
    var session: LiveSession
    /// The view when stdout is a terminal; `nil`: JSON lines.
    let terminal: Terminal?
    let color: Bool
    /// stdin, when keys can come from it (a terminal or a pipe); `nil` once it closed.
    private(set) var keys: Int32?
    let gestureLimit: Int?
    private var appender: TrackAppender<RecordingFileFormatter>?
    let savePath: String?
    private var pending = ""
    private var lastDraw: Int64 = 0
    let clock = MonotonicClock()
    /// A frame is drawn at most this often while events pour in (ticks and keys always draw).
    static let drawIntervalMicroseconds: Int64 = 33_000

    init(session: LiveSession, gestureLimit: Int?, save: (path: String, format: RecordingFormat, metadata: RecordingMetadata)?) throws {
        self.session = session
        self.gestureLimit = gestureLimit
        let interactive = Terminal.isTerminal(1)
        terminal = interactive ? Terminal() : nil
        color = ColorChoice.auto.enabled(isTerminal: interactive, environment: ProcessInfo.processInfo.environment)
        keys = Terminal.isTerminal(0) || Terminal.isPipe(0) ? 0 : nil
        savePath = save?.path
        if let save {
            do {
                let formatter = RecordingFileFormatter(format: save.format, description: session.description, metadata: save.metadata)
                appender = try TrackAppender(formatter: formatter, file: try RecordingFile(path: save.path))
            } catch {
                throw fail(error.message, hint: error.hint, status: ExitStatus.deviceOrIOFailure)
            }
        }
    }

    /// Raw keys and the alternate screen (the view), or the first JSON line.
    func start() {
        if let keys { _ = fcntl(keys, F_SETFL, fcntl(keys, F_GETFL) | O_NONBLOCK) }
        if let terminal {
            terminal.enterRawMode()
            terminal.enterScreen()
            draw(force: true)
        } else {
            if Terminal.isTerminal(0) {
                rawKeys = Terminal(input: 0, output: 2)
                rawKeys?.enterRawMode()
            }
            pending += LiveJSONLines.ready(session.state) + "\n"
            flush()
        }
    }

    /// Puts the terminal back (idempotent: also on error paths, through `defer`).
    func stop() {
        flush()
        terminal?.restore()
        rawKeys?.restore()
    }

    /// Keeps the raw-mode terminal of JSON mode, so it is restored too.
    private var rawKeys: Terminal?
    /// Escape sequences (arrows) consumed whole, across reads.
    private var keyReader = LiveKeyReader()

    /// What the session emits: JSON lines, buffered until ``flush()``.
    func emit(_ event: LiveEvent) {
        guard terminal == nil else { return }
        pending += LiveJSONLines.line(event) + "\n"
        if pending.utf8.count > 1 << 16 { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        // A failed write to standard output (a full disk, a closed pipe) is said once and
        // ends the run with exit 3 (see ``outputFailure``); nothing after it is written.
        if outputFailure == nil {
            do { try writeStandardOutput(pending) } catch { outputFailure = error }
        }
        pending = ""
    }

    /// The first failed write to standard output; the run stops and exits with it.
    private(set) var outputFailure: (any Error)?

    /// Whether `--gestures N` is reached.
    var reachedGestureLimit: Bool {
        guard let gestureLimit else { return false }
        return session.state.history.count >= gestureLimit
    }

    /// Reads and acts on the keys waiting; returns `true` for quit. `pace` acts on pause
    /// and step (`--from`: the caller owns the recording's pace; `nil` for a device).
    func readKeys(pace: ((_ pause: Bool) -> String?)? = nil) -> Bool {
        guard let keys else { return false }
        guard let bytes = Terminal.readAvailable(keys) else {
            self.keys = nil   // the pipe closed
            return false
        }
        for input in keyReader.feed(bytes) {
            guard case .key(let key) = input else {
                if case .arrow(let arrow) = input { session.press(arrow) }
                continue
            }
            switch session.press(key, emit: emit) {
            case .handled: break
            case .quit: return true
            case .save(let track): save(track)
            case .pauseResume, .step:
                guard let pace else {
                    session.setMessage("pause and step are for a recording (--from); a device cannot be paused", isError: true)
                    break
                }
                session.setStatus(pace(key == .pauseResume))
            }
        }
        draw(force: true)
        return false
    }

    private func save(_ track: SavedTrack) {
        guard var appender, let savePath else {
            session.saveFailed("no file to save to: start live with --save FILE", emit: emit)
            return
        }
        do {
            try appender.append(events: track.events, annotation: track.annotation)
            self.appender = appender
            session.saved(to: savePath, emit: emit)
        } catch {
            self.appender = appender
            session.saveFailed(error.message, emit: emit)
        }
    }

    /// Draws the view (throttled unless `force`); JSON mode writes what is pending.
    func draw(force: Bool = false) {
        guard let terminal else { flush(); return }
        let now = clock.nowMicroseconds()
        guard force || now - lastDraw >= Self.drawIntervalMicroseconds else { return }
        lastDraw = now
        let size = terminal.size()
        lastSize = size
        terminal.draw(LiveView.render(session.state, size: size, color: color))
    }

    private var lastSize: TerminalSize?

    /// Nothing arrived: redraw only while the completion animation runs (and a moment
    /// after, so its last frame shows), after a resize, or once a second — an idle view
    /// over ssh stays quiet.
    func drawIdle() {
        guard let terminal else { flush(); return }
        let state = session.state
        let animating = state.current?.completion.map { !$0.isFinished(atClock: state.clock - 200_000) } ?? false
        guard animating || terminal.size() != lastSize || clock.nowMicroseconds() - lastDraw >= 1_000_000 else { return }
        draw(force: true)
    }

    /// The closing lines (after the screen is left) and the exit status.
    func finish(source: String?) throws {
        stop()
        if var appender {
            do { try appender.finish() } catch {
                throw fail(error.message, hint: error.hint, status: ExitStatus.deviceOrIOFailure)
            }
            self.appender = nil
        }
        let state = session.state
        if terminal == nil {
            pending += LiveJSONLines.summary(state) + "\n"
            flush()
        }
        let file = savePath ?? source ?? "RECORDING"
        let command = (["touchtape", "replay", file] + state.settings.replayArguments).map(Self.shellQuoted).joined(separator: " ")
        let text = "live: \(state.history.count) gesture(s): \(state.summaryLine)\nsettings: \(command)\n"
        if let outputFailure { throw outputFailure }
        if terminal == nil { writeStandardError(text) } else { try writeStandardOutput(text) }
        if state.failed > 0 { throw ExitCode(ExitStatus.checkFailed) }
    }

    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./=:+,@".unicodeScalars.contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
