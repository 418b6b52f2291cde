import Foundation
import Testing
import TouchTapeTestSupport

// Issue 23: `touchtape replay --probes` on the bundled and the peer recordings: every
// built-in profile passes every probe (their rules are the declared rules), and a probe's
// row is reproducible from the report line alone (`--track N --probe NAME`).

@Test(arguments: ["transition", "easytransitions", "photozoom"])
func everyBuiltInProfilePassesEveryProbe(profile: String) throws {
    for corpus in [TouchTapeBinary.packageRoot.appendingPathComponent("Recordings").path, TouchTapeBinary.peerRecordings.path] {
        #expect(FileManager.default.fileExists(atPath: corpus), "\(corpus) is missing")
        let run = try TouchTapeBinary.run(["replay", corpus, "--probes", "--profile", profile, "--no-config", "--format", "json"])
        #expect(run.status == 0, "\(profile) on \(corpus): \(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let tracks = try #require(report["tracks"] as? [[String: Any]])
        let probes = tracks.filter { $0["probe"] != nil }
        #expect(probes.count > 40, "\(profile) on \(corpus): \(probes.count) probes")
    }
}

@Test func aProbeRowIsReproducibleFromItsReportLine() throws {
    let file = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
    let all = try TouchTapeBinary.run(["replay", file, "--probes", "--no-config", "--format", "json"])
    let one = try TouchTapeBinary.run(["replay", file, "--track", "2", "--probe", "threshold+0", "--no-config", "--format", "json"])
    #expect(one.status == 0, "\(one.stderr)")
    func rows(_ text: String) throws -> [[String: Any]] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(report["tracks"] as? [[String: Any]])
    }
    let wanted = try rows(all.stdout).filter { $0["track"] as? Int == 2 && $0["probe"] as? String == "threshold+0" }
    let got = try rows(one.stdout)
    #expect(wanted.count == 1 && got.count == 1)
    #expect(NSDictionary(dictionary: wanted[0]).isEqual(to: got[0]), "the same row")
}

@Test func anUnknownProbeOrOneNoTrackCanHaveExitsTwo() throws {
    let unknown = try TouchTapeBinary.run(["replay", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--probe", "nope"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no such probe; give one of threshold-1"), "\(unknown.stderr)")
    // PhotoZoomAnimator's rules have no flick: no track can have a flick probe.
    let impossible = try TouchTapeBinary.run(["replay", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                             "--probe", "flick+0", "--profile", "photozoom", "--no-config"])
    #expect(impossible.status == 2, "\(impossible.stderr)")
    #expect(impossible.stdout.contains("Error: no track here can have probe flick+0\n"), "\(impossible.stdout)")
}
