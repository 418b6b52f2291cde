import Foundation
import Testing
import TouchTapeTestSupport

/// Replay as CI runs it: a folder with good files, a wrongly labelled track (a failed
/// check), skipped checks, and a broken file. Every good track is reported, the broken
/// file is an error, the report is written in every format, and the exit status is 2.
private func ciFolder() throws -> URL {
    let dir = try PackagePaths.scratchDirectory("tt-ci")
    let fm = FileManager.default
    for name in ["touchscreen-pan-down-finish.evemu", "touchpad-two-finger-flick-up-cancel.yml"] {
        try fm.copyItem(atPath: TouchTapeBinary.bundled(name), toPath: dir.appendingPathComponent(name).path)
    }
    // Track 1 of the pan finishes; labelled cancel, its expected-outcome check fails.
    let wrong = dir.appendingPathComponent("wrong-label.evemu").path
    let label = try TouchTapeBinary.run(["label", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                         "--track", "1", "--expect", "cancel", "-o", wrong])
    #expect(label.status == 0, "\(label.stderr)")
    // A description line cut in half: not a recording TouchTape can read.
    let good = try String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-flick-down-finish.evemu"), encoding: .utf8)
    try String(good.prefix(40)).write(to: dir.appendingPathComponent("broken.evemu"), atomically: false, encoding: .utf8)
    return dir
}

private struct JSONReport: Decodable {
    struct Track: Decodable {
        struct Check: Decodable { var name: String; var status: String }
        var file: String
        var track: Int
        var checks: [Check]
    }
    struct Failure: Decodable { var file: String; var kind: String; var message: String }
    struct Summary: Decodable { var passed: Int; var failed: Int; var errors: Int }
    var shard: String?
    var tracks: [Track]
    var errors: [Failure]
    var summary: Summary
}

@Test func aBrokenFileIsReportedAndEveryOtherTrackStillIs() throws {
    let dir = try ciFolder()
    let json = try TouchTapeBinary.run(["replay", dir.path, "--format", "json"])
    #expect(json.status == 2, "\(json.stderr)")
    let report = try JSONDecoder().decode(JSONReport.self, from: Data(json.stdout.utf8))
    // 2 + 2 + 2 tracks from the three good files; the broken one is an error.
    #expect(report.tracks.count == 6)
    #expect(report.errors.count == 1 && report.errors[0].file.hasSuffix("broken.evemu"))
    #expect(report.errors[0].message.contains("broken.evemu"))
    #expect(report.summary.failed == 1 && report.summary.errors == 1)
    #expect(report.tracks.contains { $0.checks.contains { $0.status == "skipped" } })

    let text = try TouchTapeBinary.run(["replay", dir.path])
    #expect(text.status == 2)
    #expect(text.stdout.contains("Could not read:") && text.stdout.contains("broken.evemu"))
    #expect(text.stdout.contains("wrong-label.evemu"))
    let summary = String(text.stdout.split(separator: "\n").last ?? "")
    #expect(summary.hasPrefix("5 passed, 1 failed, 1 error"), "\(summary)")
}

@Test func junitOfAFailingSkippedAndBrokenRunValidatesAgainstTheSchema() throws {
    let dir = try ciFolder()
    let out = dir.appendingPathComponent("report.xml")
    let run = try TouchTapeBinary.run(["replay", dir.path, "--format", "junit", "--profile", "easytransitions",
                                       "--output", out.path])
    #expect(run.status == 2, "\(run.stderr)")
    let xml = try String(contentsOf: out, encoding: .utf8)
    #expect(xml.contains("<failure type=\"expected-outcome\""))
    #expect(!xml.contains("note: note:"), "the label's note is said once (issue 24)")
    #expect(xml.contains("<skipped message="))
    #expect(xml.contains("<error type=\""))
    #expect(xml.contains("[easytransitions]"), "the profile is part of every test's name")
    let schema = PackagePaths.packageRoot.appendingPathComponent("Tests/TouchTapeReplayTests/Resources/junit.xsd").path
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") else {
        Issue.record("xmllint missing: tools/install-deps --test installs libxml2-utils"); return
    }
    let lint = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", "--schema", schema, out.path])
    #expect(lint.status == 0, "\(lint.stderr)")
    // And the schemas CI systems validate against (issue 24): Jenkins xUnit's junit-10.xsd
    // (it refused `skipped` on <testsuites>) and the Ant schema (it wants timestamp, hostname,
    // package, id, properties, system-out and system-err, and nothing on <testsuites>).
    try expectValidAgainstCISchemas(out.path)
}

/// `path` validates (xmllint) against every schema in ../shared/data/junit-schemas.
func expectValidAgainstCISchemas(_ path: String) throws {
    let folder = PackagePaths.sharedData.appendingPathComponent("junit-schemas")
    let schemas = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xsd") }.sorted()
    #expect(schemas.count == 2, "Jenkins xUnit's and the Ant schema, in \(folder.path)")
    for schema in schemas {
        let lint = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/xmllint"),
                                      ["--noout", "--schema", folder.appendingPathComponent(schema).path, path])
        #expect(lint.status == 0, "\(schema): \(lint.stderr)")
    }
}

/// Probe rows, a shard and a file that could not be read, in one report: valid everywhere,
/// and the test names hold the profile, never the shard.
@Test func aProbedShardedReportWithAnErrorIsValidForEveryCISchema() throws {
    let dir = try ciFolder()
    let out = dir.appendingPathComponent("probed.xml")
    let run = try TouchTapeBinary.run(["replay", dir.path, "--format", "junit", "--probes", "--shard", "1/1", "-o", out.path])
    #expect(run.status != 0, "the folder holds a broken file and a wrong label")
    let xml = try String(contentsOf: out, encoding: .utf8)
    #expect(xml.contains("probe threshold+0") && xml.contains("<error type=\""))
    #expect(xml.contains("<property name=\"shard\" value=\"1/1\"/>"))
    #expect(!xml.contains("shard 1/1]"), "no shard in a test name")
    try expectValidAgainstCISchemas(out.path)
}

@Test func failFastStopsAtTheFirstFailingFile() throws {
    let dir = try ciFolder()
    let all = try JSONDecoder().decode(JSONReport.self, from: Data(try TouchTapeBinary.run(["replay", dir.path, "--format", "json"]).stdout.utf8))
    let fast = try TouchTapeBinary.run(["replay", dir.path, "--format", "json", "--fail-fast"])
    let report = try JSONDecoder().decode(JSONReport.self, from: Data(fast.stdout.utf8))
    // Files are replayed in path order: broken.evemu comes first and stops the run.
    #expect(report.errors.count == 1 && report.tracks.isEmpty)
    #expect(fast.status == 2)
    #expect(all.tracks.count == 6)
}

@Test func theShardsTogetherAreTheWholeRun() throws {
    let whole = try TouchTapeBinary.run(["replay", PackagePaths.recordings.path, TouchTapeBinary.peerRecordings.path, "--format", "json"])
    let all = try JSONDecoder().decode(JSONReport.self, from: Data(whole.stdout.utf8))
    var union: [String] = []
    for i in 1...3 {
        let run = try TouchTapeBinary.run(["replay", PackagePaths.recordings.path, TouchTapeBinary.peerRecordings.path,
                                           "--format", "json", "--shard", "\(i)/3"])
        let part = try JSONDecoder().decode(JSONReport.self, from: Data(run.stdout.utf8))
        #expect(part.shard == "\(i)/3")
        #expect(!part.tracks.isEmpty, "shard \(i)/3 is empty: the hash does not spread")
        union += part.tracks.map { "\($0.file)#\($0.track)" }
    }
    #expect(union.count == all.tracks.count)
    #expect(Set(union) == Set(all.tracks.map { "\($0.file)#\($0.track)" }))
    let bad = try TouchTapeBinary.run(["replay", "--shard", "4/3"])
    #expect(bad.status == 2)
}

/// Issue 24: a track's shard and its report name came from the path as typed, so `Recordings`
/// and `./Recordings` split differently (shard 1/2 of one plus 2/2 of the other gave 14 of 13
/// tracks). Every spelling now names and shards alike, and the shards add up to the whole.
@Test func everySpellingOfAFolderShardsAndNamesItsTracksAlike() throws {
    let root = TouchTapeBinary.packageRoot
    func tracks(_ path: String, _ shard: String?) throws -> [String] {
        let run = try TouchTapeBinary.run(["replay", path, "--no-config", "--format", "json"] + (shard.map { ["--shard", $0] } ?? []),
                                          in: root)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(report["tracks"] as? [[String: Any]]).map { "\($0["file"] ?? "")#\($0["track"] ?? "")" }
    }
    let whole = try tracks("Recordings", nil).sorted()
    #expect(whole.count >= 13)
    #expect(whole.allSatisfy { $0.hasPrefix("Recordings/") }, "\(whole.first ?? "")")
    for spelling in ["Recordings", "./Recordings", "Recordings/", root.appendingPathComponent("Recordings").path,
                     "Recordings/../Recordings"] {
        let first = try tracks(spelling, "1/3"), second = try tracks(spelling, "2/3"), third = try tracks(spelling, "3/3")
        #expect((first + second + third).sorted() == whole, "\(spelling)")
        #expect(first == (try tracks("Recordings", "1/3")), "\(spelling): the same tracks in shard 1")
    }
}
