import Testing
@testable import TouchTapeFormats

/// Drained in pieces smaller than some characters, the text comes back whole: no piece
/// ends inside a UTF-8 sequence.
@Test(arguments: [1, 2, 3, 5, 7, 64])
func aSpillFileGivesBackWhatWasWrittenInWholeCharacters(chunk: Int) throws {
    let spill = try SpillFile()
    let text = String(repeating: "a é € 😀 \u{0301}x\n", count: 40)
    try spill.write(text)
    try spill.write("end")
    var pieces: [String] = []
    try spill.drain(chunk: chunk) { pieces.append($0) }
    #expect(pieces.joined() == text + "end")
    #expect(!pieces.contains { $0.unicodeScalars.contains("\u{FFFD}") })
    // Emptied: written again, only the new text comes back.
    try spill.write("again")
    var again = ""
    try spill.drain { again += $0 }
    #expect(again == "again")
}

@Test func aSpillFileInAMissingFolderIsAnErrorNamingIt() {
    #expect(throws: OutputError.self) { try SpillFile(folder: "/nonexistent-touchtape-folder") }
    do { _ = try SpillFile(folder: "/nonexistent-touchtape-folder") } catch {
        #expect(error.message == "cannot write a temporary file in /nonexistent-touchtape-folder: No such file or directory")
    }
}
