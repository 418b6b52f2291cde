@_spi(Pipeline) import TouchTapeEvents

/// The comment line that carries a ``TrackAnnotation`` in an evemu file.
///
/// Grammar (one line, tokens separated by spaces, all optional, in this order when written):
/// ```
/// # touchtape: expect=finish note="went back \"up\"" cut-short
/// ```
/// `expect=` takes `finish` or `cancel`; `note="…"` escapes `"` and `\` with a
/// backslash; `cut-short` is a flag. Any other token is refused, as an unknown key of a
/// libinput record file's `- touchtape:` item is: ignored, a typo (`expct=finish`) made the
/// track unlabelled and its expected-outcome check was skipped. libevemu skips every line
/// starting with `#`, so the real tools ignore it.
enum EvemuAnnotationSyntax {
    static let prefix = "# touchtape:"

    static func line(for annotation: TrackAnnotation) -> String {
        var text = prefix
        if let expected = annotation.expected { text += " expect=" + expected.rawValue }
        if let note = annotation.note, !note.isEmpty { text += " note=\"" + escape(note) + "\"" }
        if annotation.cutShort { text += " cut-short" }
        return text
    }

    /// Parses the text after `# touchtape:`; `nil` with the reason when a known token is bad.
    static func parse(_ line: String) -> Result<TrackAnnotation, AnnotationSyntaxError> {
        var rest = Substring(line)
        guard rest.hasPrefix(prefix) else { return .failure(.init(reason: "missing '\(prefix)'")) }
        rest = rest.dropFirst(prefix.count)
        var annotation = TrackAnnotation()
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { break }
            if rest.hasPrefix("note=\"") {
                rest = rest.dropFirst(6)
                var note = ""
                var closed = false
                var escaping = false
                while let c = rest.first {
                    rest = rest.dropFirst()
                    if escaping {
                        switch c {
                        case "n": note.append("\n")
                        case "r": note.append("\r")
                        case "t": note.append("\t")
                        case "x":
                            let digits = rest.prefix(2)
                            if digits.count == 2, let value = UInt8(digits, radix: 16), value < 0x80 {
                                note.unicodeScalars.append(Unicode.Scalar(value))
                                rest = rest.dropFirst(2)
                            } else {
                                note.append(c)
                            }
                        default: note.append(c)
                        }
                        escaping = false
                    }
                    else if c == "\\" { escaping = true }
                    else if c == "\"" { closed = true; break }
                    else { note.append(c) }
                }
                guard closed else { return .failure(.init(reason: "note is missing its closing quote")) }
                annotation.note = note
                continue
            }
            let token = rest.prefix { $0 != " " && $0 != "\t" }
            rest = rest.dropFirst(token.count)
            if token.hasPrefix("expect=") {
                guard let outcome = ExpectedOutcome(rawValue: String(token.dropFirst(7))) else {
                    return .failure(.init(reason: "expect= takes finish, cancel or none"))
                }
                annotation.expected = outcome
            } else if token == "cut-short" {
                annotation.cutShort = true
            } else {
                return .failure(.init(reason: "'\(token.prefix(40))' is not a mark TouchTape knows: the tokens are expect=finish|cancel|none, note=\"…\" and cut-short"))
            }
        }
        return .success(annotation)
    }

    /// Notes are one line: quotes and backslashes are escaped, `\n`, `\r`, `\t` written as
    /// those escapes and other control characters as `\xHH`, all read back as the
    /// characters, so any note (e.g. one from a libinput file) survives a round trip.
    static func escape(_ note: String) -> String {
        var out = ""
        for scalar in note.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\x" + CFormat.hex(scalar.value, width: 2)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

struct AnnotationSyntaxError: Error {
    var reason: String
}

extension TrackAnnotation {
    /// What the mark says, as the tokens of an evemu mark (`expect=cancel note="…"`); `(empty)`
    /// for an empty one.
    package var markWords: String {
        let line = EvemuAnnotationSyntax.line(for: self).dropFirst(EvemuAnnotationSyntax.prefix.count)
        return line.isEmpty ? "(empty)" : String(line.dropFirst())
    }

    /// What the mark says as a file of `format` writes it, for messages that quote a mark
    /// in that file: evemu's and getevent's tokens (`expect=cancel note="…"`), libinput
    /// record's flow mapping (`{expect: cancel, note: "…"}`; these messages quoted it in
    /// evemu's tokens, which that file does not hold).
    package func markWords(in format: RecordingFormat) -> String {
        switch format {
        case .evemu, .getevent: markWords
        case .libinputRecord: LibinputRecordFormatter.flowMapping(self)
        }
    }
}
