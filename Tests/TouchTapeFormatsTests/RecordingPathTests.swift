import Testing
@testable import TouchTapeFormats

// Issue 24: one spelling per path, so report names and shards agree however a path was typed.
@Test(arguments: [
    ("Recordings", "Recordings"), ("./Recordings", "Recordings"), ("Recordings/", "Recordings"),
    ("/home/ci/project/Recordings", "Recordings"), ("Recordings/../Recordings/a.evemu", "Recordings/a.evemu"),
    (".", "."), ("../other/x.evemu", "/home/ci/other/x.evemu"), ("/elsewhere//x.yml", "/elsewhere/x.yml"),
])
func aPathHasOneSpelling(typed: String, canonical: String) {
    #expect(RecordingPath.canonical(typed, base: "/home/ci/project") == canonical)
}

@Test func runFromTheRootAPathStaysAbsolute() {
    #expect(RecordingPath.canonical("/tmp/x.evemu", base: "/") == "/tmp/x.evemu")
    #expect(RecordingPath.canonical("tmp/./x.evemu", base: "/") == "/tmp/x.evemu")
}

/// Shell completion offers exactly the extensions the reader knows: each listed one is a
/// format (in either case), and no other extension of a file a user keeps nearby is.
@Test func theCompletedExtensionsAreTheReadOnes() {
    for ext in RecordingFormat.readExtensions {
        #expect(RecordingFormat(pathExtension: ext) != nil, "\(ext)")
        #expect(RecordingFormat(pathExtension: ext.uppercased()) != nil, "\(ext)")
    }
    #expect(Set(RecordingFormat.readExtensions).count == RecordingFormat.readExtensions.count)
    for other in ["txt", "json", "xml", "html", "svg", "log", "evdev", "record", "yamll", "", "md"] {
        #expect(RecordingFormat(pathExtension: other) == nil, "\(other)")
    }
}
