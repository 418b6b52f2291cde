import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFrames

// Issue 26, tenth part: the installed quirks and hwdb are read as bytes (TextLines), where
// they were split and filtered as Characters. The parsers as they were are kept below as the
// reference: on text without `\r\n` both give the same sections and records, line numbers
// included. With `\r\n` line ends (one Character, so no line break to a Character split)
// the bytes give what the same text with `\n` gives.

/// The quirks parser as it was (Characters).
private func referenceQuirks(_ text: String, file: String) -> [QuirkDatabase.Section] {
    var sections: [QuirkDatabase.Section] = []
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = raw.filter { $0 != "\r" }
        if line.isEmpty || line.hasPrefix("#") { continue }
        if line.hasPrefix("["), line.hasSuffix("]") {
            sections.append(.init(name: String(line.dropFirst().dropLast()), file: file, matches: [:], values: []))
            continue
        }
        guard let eq = line.firstIndex(of: "="), !sections.isEmpty else { continue }
        let key = String(line[..<eq]), value = String(line[line.index(after: eq)...])
        if key.hasPrefix("Match") { sections[sections.count - 1].matches[key] = value } else {
            sections[sections.count - 1].values.append((key, value))
        }
    }
    return sections
}

/// The hwdb parser as it was (Characters).
private func referenceRecords(_ text: String, file: String) -> [HardwareDatabase.Record] {
    var records: [HardwareDatabase.Record] = []
    var current: HardwareDatabase.Record?
    var inProperties = false
    func close() {
        if let record = current, !record.properties.isEmpty { records.append(record) }
        current = nil
        inProperties = false
    }
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var line = Substring(raw)
        while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
        if line.hasPrefix("#") { continue }
        if line.isEmpty { close(); continue }
        if line.first == " " {
            guard current != nil else { continue }
            let property = line.drop { $0 == " " }
            if property.contains("=") { current!.properties.append(String(property)) }
            inProperties = true
        } else {
            if inProperties { close() }
            if current == nil { current = .init(patterns: [], properties: [], file: file, line: index + 1) }
            current!.patterns.append(String(line))
        }
    }
    close()
    return records
}

/// Texts in both files' forms, with what the parsers must get right: comments, blank lines,
/// keys before any section, `=` in values, a lone `\r` inside a line, trailing blanks,
/// properties before any pattern, a pattern after properties, no newline at the end,
/// non-ASCII names, an empty section name, a `[` line that is no section.
private let samples: [String] = [
    "",
    "\n\n",
    "# only a comment",
    "Key=before any section\n[First]\nMatchName=*Touch*\nAttrSizeHint=100x50\n\n[Second]\nMatchBus=usb\nMatchVendor=0x046D\nAttrResolutionHint=40x40\n",
    "[Odd]\nMatchName=a=b\nAttrX==\n[]\nAttrY=1\n[not a section\nAttr\rZ=2\r\n# c\n  indented=1\n[Ünïcödé pad]\nMatchName=Élan*\nAttrSizeHint=1x2",
    "evdev:input:b0003v046Dp*\n EVDEV_ABS_00=::10\n EVDEV_ABS_01=::10 \t\n\nevdev:name:Foo*:dmi:*\n  EVDEV_ABS_35=1:2:3\n no equals\n",
    " EVDEV_ABS_00=::1\nevdev:a*\n EVDEV_ABS_00=::2\nevdev:b*\n EVDEV_ABS_00=::3\n# comment\nevdev:c*\nevdev:d*\t \n EVDEV_ABS_36=::4\r\n",
    "évdev:ïnput:*\n EVDEV_ABS_00=::5",
]

/// The machine's own files, where installed (more cases, never the only ones).
private func installedTexts() -> [String] {
    let folders = ["/usr/share/libinput", "/etc/libinput", "/usr/lib/udev/hwdb.d", "/etc/udev/hwdb.d"]
    var texts: [String] = []
    for folder in folders {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where name.hasSuffix(".quirks") || (name.hasSuffix(".hwdb") && name.contains("evdev")) {
            if let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) { texts.append(text) }
        }
    }
    return texts
}

@Test func quirksReadAsBytesAreTheQuirksReadAsCharacters() {
    let texts = (samples + installedTexts()).filter { !$0.contains("\r\n") }
    #expect(texts.count >= samples.count - 2)
    for text in texts {
        #expect(QuirkDatabase.parse(text, file: "t.quirks") == referenceQuirks(text, file: "t.quirks"), "\(text.prefix(80))")
    }
    // The samples hold sections with matches and values: a parser that read none would fail.
    #expect(QuirkDatabase.parse(samples[3], file: "t.quirks").count == 2)
    let odd = QuirkDatabase.parse(samples[4], file: "t.quirks")
    #expect(odd.map(\.name) == ["Odd", "", "Ünïcödé pad"])
    // `Attr\rZ=2\r\n# c`: the lone `\r` dropped, the line ended at `\n`, the comment a line of its own.
    #expect(odd[1].values.map { "\($0.key)=\($0.value)" } == ["AttrY=1", "AttrZ=2", "  indented=1"])
}

@Test func hwdbReadAsBytesIsTheHwdbReadAsCharacters() {
    for text in (samples + installedTexts()).filter({ !$0.contains("\r\n") }) {
        #expect(HardwareDatabase.parse(text, file: "t.hwdb") == referenceRecords(text, file: "t.hwdb"), "\(text.prefix(80))")
    }
    let records = HardwareDatabase.parse(samples[6], file: "t.hwdb")
    #expect(records.map(\.line) == [2, 4, 7])
    #expect(records.last?.patterns == ["evdev:c*", "evdev:d*"])
    #expect(records.last?.properties == ["EVDEV_ABS_36=::4"])   // its line ends in `\r\n`
}

/// A quirks file with `\r\n` line ends reads as the same file with `\n`: as Characters,
/// `\r\n` is one Character, so such a file had been a single line (and no section).
@Test func quirksWithCRLFLineEndsReadAsWithLF() {
    let lf = samples[3]
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(QuirkDatabase.parse(crlf, file: "t.quirks") == QuirkDatabase.parse(lf, file: "t.quirks"))
    #expect(QuirkDatabase.parse(crlf, file: "t.quirks").count == 2)
    #expect(HardwareDatabase.parse(samples[5].replacingOccurrences(of: "\n", with: "\r\n"), file: "t.hwdb")
            == HardwareDatabase.parse(samples[5], file: "t.hwdb"))
}
