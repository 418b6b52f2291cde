#if canImport(Glibc)
import Glibc
#endif

/// The terminal at the edge of `touchtape live`: raw keys, the alternate screen, the
/// window size, and putting everything back. The only side effects in this module.
///
/// Plain ANSI (works over ssh, in tmux, on the Linux console): alternate screen
/// (`?1049`), cursor hidden (`?25`), each frame drawn in one `write(2)` as cursor home,
/// every line followed by clear-to-end-of-line, then clear-to-end-of-screen, so nothing
/// flickers. ``restore()`` is idempotent and also runs from `deinit`, so `q`, a signal
/// that ends the loop, and a thrown error all leave the terminal as it was found.
package final class Terminal {
    package let input: Int32
    package let output: Int32
    private var savedMode: termios?
    private var onScreen = false

    package init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    deinit { restore() }

    /// Whether `descriptor` is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Whether `descriptor` is a pipe or FIFO (keys written by a script).
    package static func isPipe(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    /// Keys arrive one at a time, unechoed (non-canonical, no echo; signals stay on, so
    /// Ctrl-C is still SIGINT). Does nothing when input is not a terminal.
    package func enterRawMode() {
        guard savedMode == nil, Self.isTerminal(input) else { return }
        var mode = termios()
        guard tcgetattr(input, &mode) == 0 else { return }
        savedMode = mode
        mode.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &mode.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(input, TCSANOW, &mode)
    }

    /// Switches to the alternate screen with the cursor hidden.
    package func enterScreen() {
        guard !onScreen else { return }
        onScreen = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// Leaves the alternate screen, shows the cursor and puts the saved mode back.
    package func restore() {
        if onScreen {
            onScreen = false
            write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        }
        if var mode = savedMode {
            savedMode = nil
            _ = tcsetattr(input, TCSANOW, &mode)
        }
    }

    /// The window size now (asked each frame, so a resize shows at the next redraw).
    package func size() -> TerminalSize {
        guard let size = Self.size(of: output), size.rows > 0 else { return .fallback }
        return size
    }

    /// The window size of the terminal `descriptor` is (`TIOCGWINSZ`); `nil` when it is no
    /// terminal or says it has no columns. `replay` reads the columns to wrap its report.
    package static func size(of descriptor: Int32) -> TerminalSize? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Draws a frame in one write: home, each line + clear to end of line, clear below.
    package func draw(_ lines: [String]) {
        var frame = "\u{1B}[H"
        for (i, line) in lines.enumerated() {
            frame += line + "\u{1B}[K"
            if i < lines.count - 1 { frame += "\r\n" }
        }
        frame += "\u{1B}[J"
        write(frame)
    }

    /// The bytes waiting on `descriptor`; `nil` at end of file (the writer closed the pipe).
    /// A terminal in raw mode (`VMIN` 0) reads 0 bytes when nothing is waiting: not an end.
    package static func readAvailable(_ descriptor: Int32) -> [UInt8]? {
        let terminal = isTerminal(descriptor)
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if n > 0 { return Array(buffer[..<n]) }
            if n == 0 { return terminal ? [] : nil }
            if errno == EINTR { continue }
            return []   // EAGAIN: nothing after all
        }
    }

    /// All of `text` to the output, with `write(2)`.
    package func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
        }
    }
}
