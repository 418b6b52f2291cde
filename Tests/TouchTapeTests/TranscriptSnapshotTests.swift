import Foundation
import Testing
import TouchTape
import TouchTapeTestSupport

// Issue 22: a transcript is Codable, with one stable text for snapshot tests. The golden
// snapshot below is written by one process and compared by every later one: a set written
// in hash order, a key order that depends on the run, or a number printed differently
// would all change its bytes. TOUCHTAPE_UPDATE_GOLDEN=1 rewrites it (then read the diff).

private let goldenFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden/transcript-transition-pan-down-finish.json")
private let updating = ProcessInfo.processInfo.environment["TOUCHTAPE_UPDATE_GOLDEN"] == "1"

/// Every track of the bundled recordings under one profile, with its transcript.
private func transcripts(_ profile: DismissalProfile) throws -> [Transcript] {
    var replay = ControllerReplay(profile: profile)
    replay.probes = false
    let run = replay.run(try Recordings(path: PackagePaths.recordings.path))
    #expect(run.errors.isEmpty)
    return run.tracks.map(\.transcript)
}

@Test func aTranscriptSnapshotIsTheGoldenOne() throws {
    let track = try #require(try Recordings(path: PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path).tracks().first)
    var replay = ControllerReplay(profile: .transition)
    replay.probes = false
    let transcript = try #require(replay.run(track).tracks.first?.transcript)
    let json = transcript.snapshotJSON().replacingOccurrences(of: PackagePaths.recordings.path, with: "<root>")
    if updating {
        try json.write(to: goldenFile, atomically: true, encoding: .utf8)
        return
    }
    let kept = try String(contentsOf: goldenFile, encoding: .utf8)
    #expect(json == kept, "the snapshot changed (TOUCHTAPE_UPDATE_GOLDEN=1 rewrites it; read the diff)")
    // What a snapshot is for: the controller's calls and the outcome are in it, readable.
    #expect(json.contains("\"outcome\" : \"finish\""))
    #expect(json.contains("\"progressUpdatePhases\" : [\n      \"began\",\n      \"changed\"\n    ]"))
}

@Test(arguments: DismissalProfile.allCases)
func everyTranscriptReadsBackEqual(profile: DismissalProfile) throws {
    let all = try transcripts(profile)
    #expect(all.count >= 10, "the bundled recordings were replayed")
    for transcript in all {
        let json = transcript.snapshotJSON()
        let back = try Transcript(snapshotJSON: json)
        #expect(back == transcript, "\(transcript.file) track \(transcript.track) changed through its snapshot")
        #expect(back.snapshotJSON() == json)
    }
}

@Test func equalTranscriptsGiveEqualBytesAndDifferentOnesDiffer() throws {
    let once = try transcripts(.transition), again = try transcripts(.transition)
    #expect(once.map { $0.snapshotJSON() } == again.map { $0.snapshotJSON() })
    let other = try transcripts(.easytransitions)
    #expect(zip(once, other).contains { $0.snapshotJSON() != $1.snapshotJSON() })
}

@Test func aSnapshotThatIsNotATranscriptIsRefused() {
    #expect(throws: DecodingError.self) { try Transcript(snapshotJSON: "{\"file\": \"x\"}") }
    #expect(throws: (any Error).self) { try Transcript(snapshotJSON: "not json") }
}
