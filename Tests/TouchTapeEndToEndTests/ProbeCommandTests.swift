import Foundation
import Testing
import TouchTapeTestSupport

// Issue 23: `touchtape replay --probes` on the bundled and the peer recordings: every
// built-in profile passes every probe (their rules are the declared rules), and a probe's
// row is reproducible from the report line alone (`--track N --probe NAME`).

/// `touchtape replay CORPUS --probes SETTINGS --no-config --format json` on the bundled and
/// on the peer recordings: each corpus with its run and its report's rows.
private func probedReplays(_ settings: [String]) throws -> [(corpus: String, run: ProcessRun, rows: [[String: Any]])] {
    try [TouchTapeBinary.packageRoot.appendingPathComponent("Recordings").path, TouchTapeBinary.peerRecordings.path].map { corpus in
        #expect(FileManager.default.fileExists(atPath: corpus), "\(corpus) is missing")
        let run = try TouchTapeBinary.run(["replay", corpus, "--probes"] + settings + ["--no-config", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        return (corpus, run, try #require(report["tracks"] as? [[String: Any]]))
    }
}

@Test(arguments: ["transition", "easytransitions", "photozoom"])
func everyBuiltInProfilePassesEveryProbe(profile: String) throws {
    for (corpus, run, tracks) in try probedReplays(["--profile", profile]) {
        #expect(run.status == 0, "\(profile) on \(corpus): \(run.stderr)")
        let probes = tracks.filter { $0["probe"] != nil }
        #expect(probes.count > 40, "\(profile) on \(corpus): \(probes.count) probes")
    }
}

/// Settings at the edge of their range, under which a built-in controller failed its own
/// checks on the probes:
/// - a flick minimum of 0 (`--flick-velocity 0`): a release at rest, or with no velocity
///   along the axis, points nowhere, so it is no flick either way. Under `>=` the controller
///   took it for a forward flick and the checks for a flick back (Flutter's,
///   SwipeDismissBehavior's and SwipeToDismissBox's controllers);
/// - a threshold added to PhotoZoomAnimator's anchor test near 0 (`--threshold 0`, `0.05`):
///   the controller compared `1 − (1 − p)`, the checks `p`, and the probe one step from the
///   threshold fell between.
@Test(arguments: [["--profile", "photozoom", "--threshold", "0"], ["--profile", "photozoom", "--threshold", "0.05"]]
      + ["transition", "easytransitions", "photozoom", "flutter", "bottomsheet", "swipedismiss", "composeswipe",
         "composesheet", "reactnavigation", "projection"].map { ["--profile", $0, "--flick-velocity", "0"] })
func aBuiltInProfileAtTheEdgeOfItsSettingsPassesItsOwnChecks(settings: [String]) throws {
    var probes = 0
    for (corpus, run, rows) in try probedReplays(settings) {
        // 1: a recorded track's label may disagree with these rules; the checks may not.
        #expect(run.status == 0 || run.status == 1, "\(settings) on \(corpus): \(run.stderr)")
        for row in rows {
            let probe = row["probe"] as? String
            if probe != nil { probes += 1 }
            for check in row["checks"] as? [[String: Any]] ?? [] where check["status"] as? String == "failed" {
                // A recorded track's expected outcome is its label; a probe's is the rules'.
                guard probe != nil || check["name"] as? String != "expected-outcome" else { continue }
                Issue.record("\(settings): \(row["file"] ?? "") track \(row["track"] ?? "") \(probe ?? ""): \(check["name"] ?? "") — \(check["detail"] ?? "")")
            }
        }
    }
    #expect(probes > 100, "\(settings): \(probes) probes")
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

/// What a selection that matched nothing is, and is not: a `--probe` no track had among
/// several given is named (the others ran); in a sharded run a shard may hold no track with
/// the probe (no error: each job of a matrix would fail), while a `--track` no file has is
/// an error in every shard (every file is read in each); and files `--fail-fast` left unread
/// may hold the track asked for.
@Test func aSelectionThatMatchedNothingIsNamedOnlyWhereItIsAMistake() throws {
    let recordings = TouchTapeBinary.packageRoot.appendingPathComponent("Recordings").path
    let some = try TouchTapeBinary.run(["replay", recordings, "--profile", "photozoom", "--probe", "cancelled", "--probe", "flick+0",
                                        "--no-config", "--quiet"])
    #expect(some.status == 2 && some.stdout.contains("Error: no track here can have probe flick+0\n"), "\(some.stdout)")
    #expect(some.stdout.contains("14 passed, 0 failed, 1 error"), "\(some.stdout)")
    for shard in 1...4 {
        let run = try TouchTapeBinary.run(["replay", recordings, "--probe", "threshold-1", "--profile", "composesheet",
                                           "--shard", "\(shard)/4", "--no-config", "--quiet"])
        #expect(run.status == 0, "shard \(shard)/4: \(run.stdout)")
    }
    let missing = try TouchTapeBinary.run(["replay", recordings, "--track", "99", "--shard", "1/2", "--no-config"])
    #expect(missing.status == 2 && missing.stdout.contains("Error: --track 99: no file has track 99\n"), "\(missing.stdout)")
    let dir = try PackagePaths.scratchDirectory("tt-fail-fast-track")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchpad-two-finger-pan-finish.yml"), toPath: dir.appendingPathComponent("a.yml").path)
    try FileManager.default.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), toPath: dir.appendingPathComponent("b.evemu").path)
    let report = dir.appendingPathComponent("r.xml").path
    let fast = try TouchTapeBinary.run(["replay", dir.path, "--profile", "flutter", "--track", "1", "--track", "2", "--fail-fast",
                                        "--no-config", "--format", "junit", "-o", report])
    #expect(fast.status == 1 && !fast.stderr.contains("no file has track"), "b.evemu, not replayed, has track 2: \(fast.stderr)")
    #expect(FileManager.default.fileExists(atPath: report))
}
