@_spi(Pipeline) import TouchTapeEvents

/// A line of the live screen as styled pieces, so width is counted on the visible text
/// alone and colour can be left out entirely (`NO_COLOR`) without changing the layout.
package struct ScreenLine: Hashable, Sendable {
    /// The few ANSI styles the view uses (SGR codes every terminal and ssh session knows).
    package enum Style: Hashable, Sendable {
        case plain, bold, dim, red, green, yellow, cyan

        var code: String {
            switch self {
            case .plain: return ""
            case .bold: return "1"
            case .dim: return "2"
            case .red: return "31"
            case .green: return "32"
            case .yellow: return "33"
            case .cyan: return "36"
            }
        }
    }

    package var pieces: [(text: String, style: Style)]

    package init(_ pieces: [(String, Style)] = []) { self.pieces = pieces.map { (Self.printable($0.0), $0.1) } }

    package init(_ text: String, _ style: Style = .plain) { self.init([(text, style)]) }

    package static func == (lhs: ScreenLine, rhs: ScreenLine) -> Bool { lhs.plainText == rhs.plainText }
    package func hash(into hasher: inout Hasher) { hasher.combine(plainText) }

    package mutating func append(_ text: String, _ style: Style = .plain) { pieces.append((Self.printable(text), style)) }

    /// The visible text.
    package var plainText: String { pieces.map(\.text).joined() }

    /// The text cut to `width` visible characters, with SGR codes around styled pieces
    /// when `color` is on (each piece resets after itself, so a cut never leaks a colour).
    package func rendered(width: Int, color: Bool) -> String {
        var left = max(0, width)
        var out = ""
        for piece in pieces where left > 0 {
            let text = piece.text.count > left ? String(piece.text.prefix(left)) : piece.text
            left -= text.count
            if color, piece.style != .plain, !text.isEmpty {
                out += "\u{1B}[" + piece.style.code + "m" + text + "\u{1B}[0m"
            } else {
                out += text
            }
        }
        return out
    }

    /// Control characters (a device name could carry an escape sequence) shown as `?`.
    /// Text from anywhere (a device name, a note) as the terminal may show it: control
    /// characters, C1 and bidirectional overrides escaped (``TextExcerpt/terminalSafe(_:)``).
    static func printable(_ text: String) -> String { TextExcerpt.terminalSafe(text) }
}

/// The terminal's size in character cells.
package struct TerminalSize: Hashable, Sendable {
    package var columns: Int
    package var rows: Int

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// What a terminal that reports nothing is taken to be.
    package static let fallback = TerminalSize(columns: 80, rows: 24)
}
