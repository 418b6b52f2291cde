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
