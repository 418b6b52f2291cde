/// A word as a POSIX shell (bash) reads it back, for commands TouchTape prints for the
/// user to run: the closing `touchtape replay` line of `live`, the `tr` that mends a file
/// whose lines end in CR alone.
package enum ShellWord {
    /// `word` as a shell reads it back: as it is when plain, else single-quoted; with a
    /// control character (a line break in a file name), bash's `$'…'` with escapes, so the
    /// command stays one line.
    package static func quoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./=:+,@".unicodeScalars.contains($0) }
        if safe && !word.isEmpty { return word }
        guard word.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }
        var quoted = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "'": quoted += "\\'"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}
