/// The lines of a text file as UTF-8 bytes, for the installed databases' parsers
/// (``QuirkDatabase``, ``HardwareDatabase``).
///
/// Every `replay`, `inspect` and `live` reads libinput's quirks and udev's hwdb (some 170 kB
/// here) before its first recording. Split and filtered as `Character`s, that was a quarter
/// of a short replay's CPU time, about 8 ms (issue 26, tenth part); as bytes it is a small
/// fraction of that. The separators looked for (`\n`, `\r`, `#`, `[`, `]`, `=`, a space) are
/// ASCII, so a line's bytes split at them are whole UTF-8 sequences of the (valid) text.
enum TextLines {
    /// Calls `body` with each line of `text` (split at `\n`, the last one even when empty,
    /// as `split(separator:omittingEmptySubsequences: false)` gives them) and its 1-based
    /// number.
    static func forEach(in text: String, _ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var number = 1
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                body(UnsafeBufferPointer(rebasing: bytes[start..<index]), number)
                start = index + 1
                number += 1
            }
            body(UnsafeBufferPointer(rebasing: bytes[start...]), number)
        }
    }

    /// `bytes` as text.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// `bytes` from `from` up to `to` as text.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
    }
}
