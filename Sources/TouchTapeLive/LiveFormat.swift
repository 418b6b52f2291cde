import TouchTapeReplay

/// Number formatting for the screen, without Foundation (the same text on every platform).
enum LiveFormat {
    /// `value` with exactly `digits` decimals; `-` for non-finite values.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        value.isFinite ? TextReportRenderer.fixed(value, digits) : "-"
    }

    /// Signed with an explicit `+` (velocities, translations).
    static func signed(_ value: Double, _ digits: Int) -> String {
        let text = fixed(value, digits)
        return value >= 0 || text == fixed(0, digits) ? "+" + text.replacingZeroSign() : text
    }

    /// `text` padded with spaces to `width` (left-aligned), or cut to it.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` right-aligned in `width`.
    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

private extension String {
    func replacingZeroSign() -> String { hasPrefix("-") ? String(dropFirst()) : self }
}
