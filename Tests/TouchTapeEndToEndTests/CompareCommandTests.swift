import Foundation
import Testing
import TouchTapeTestSupport

// Issue 25: the bundled recordings replayed under every profile, their outcomes side by
// side. Each column must be what `touchtape replay --profile P` says of the same tracks.

private let allProfiles = ["transition", "easytransitions", "photozoom", "flutter", "bottomsheet", "swipedismiss",
                           "composeswipe", "composesheet", "reactnavigation", "projection"]

@Test func compareShowsEveryProfilesOutcomeAsReplayDecidesIt() throws {
    // Recordings/ and a real touchpad that reports no resolution (sized by libinput's quirk,
    // as replay sizes it).
    let recordings = TouchTapeBinary.packageRoot.appendingPathComponent("Recordings").path
    let paths = [recordings, TouchTapeBinary.peer("bcm5974.event")]
    let run = try TouchTapeBinary.run(["compare"] + paths + ["--edge", "bottom", "--format", "json", "--no-config"])
    #expect(run.status == 0, "\(run.stderr)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let profiles = try #require(root["profiles"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    #expect(profiles == allProfiles)
    let tracks = try #require(root["tracks"] as? [[String: Any]])
    #expect(tracks.count >= 13, "the bundled recordings' tracks")
    var differing = 0
    for profile in profiles {
        let replay = try TouchTapeBinary.run(["replay"] + paths + ["--profile", profile, "--edge", "bottom", "--format", "json",
                                                                  "--no-config"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
        let replayed = try #require(report["tracks"] as? [[String: Any]])
        #expect(replayed.count == tracks.count, "\(profile): the same tracks")
        for (row, track) in zip(tracks, replayed) {
            #expect(row["file"] as? String == track["file"] as? String && row["track"] as? Int == track["track"] as? Int)
            let outcomes = try #require(row["outcomes"] as? [String: String])
            #expect(outcomes[profile] == track["outcome"] as? String,
                    "\(profile) \(track["file"] ?? "") track \(track["track"] ?? ""): compare and replay disagree")
        }
    }
    for row in tracks where (row["differs"] as? Bool) == true { differing += 1 }
    #expect(differing > 0, "the toolkits disagree somewhere on the bundled recordings")
}

@Test func compareTextFitsEightyColumnsAndNamesEveryColumn() throws {
    let run = try TouchTapeBinary.run(["compare", "Recordings", "--edge", "bottom", "--no-config"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 80 }, "a line is wider than 80 columns")
    let header = try #require(lines.first { $0.hasPrefix("  track  expected") })
    #expect(header.split(separator: " ").count == 2 + allProfiles.count)
    for name in allProfiles { #expect(run.stdout.contains(": ") && run.stdout.contains(" \(name): "), "legend lacks \(name)") }
}

@Test func compareChoosesColumnsWithProfilesAndRefusesOneProfile() throws {
    let chosen = try TouchTapeBinary.run(["compare", "Recordings", "--profiles", "flutter", "transition", "--no-config"])
    #expect(chosen.status == 0)
    #expect(chosen.stdout.contains("  track  expected  FL  TR"))
    let one = try TouchTapeBinary.run(["compare", "Recordings", "--profile", "flutter", "--no-config"])
    #expect(one.status == 64 || one.status == 2)
    #expect(one.stderr.contains("--profiles"))
    // Its help offers --profiles, not the --profile it refuses (replay's help has --profile).
    let help = try TouchTapeBinary.run(["compare", "--help"])
    #expect(help.stdout.contains("--profiles <profiles>"))
    #expect(!help.stdout.contains("--profile <profile>"))
    let replayHelp = try TouchTapeBinary.run(["replay", "--help"])
    #expect(replayHelp.stdout.contains("--profile <profile>"))
}

/// A profile given twice to `--profiles` is refused (it made two equal columns).
@Test func compareRefusesAProfileGivenTwice() throws {
    let run = try TouchTapeBinary.run(["compare", "Recordings", "--profiles", "transition", "flutter", "transition", "--no-config"])
    #expect(run.status == 2 && run.stderr.contains("--profiles: transition is given twice"), "\(run.stderr)")
}

/// Without `--edge` the card profiles swipe sideways and the rest down: the table says so,
/// or a sideways scroll that finishes only under Flutter and Android's cards reads as the
/// libraries disagreeing. With `--edge` every column reads one edge and nothing is said.
@Test func compareNamesEachProfilesEdgeAndSaysWhenTheyDiffer() throws {
    let path = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
    let mixed = try TouchTapeBinary.run(["compare", path, "--no-config"])
    #expect(mixed.status == 0, "\(mixed.stderr)")
    #expect(mixed.stdout.contains("the profiles dismiss towards different edges (below); --edge EDGE compares them"), "\(mixed.stdout)")
    #expect(mixed.stdout.contains("  TR transition: Transition's PanInteractionController, in pt, edge bottom\n"))
    #expect(mixed.stdout.contains("  FL flutter: Flutter's Dismissible, in lpx, edge right\n"))
    let one = try TouchTapeBinary.run(["compare", path, "--edge", "left", "--no-config"])
    #expect(!one.stdout.contains("different edges") && one.stdout.contains("in lpx, edge left\n"), "\(one.stdout)")
    let json = try TouchTapeBinary.run(["compare", path, "--format", "json", "--no-config"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let edges = try #require(root["profiles"] as? [[String: Any]]).compactMap { $0["edge"] as? String }
    #expect(edges.count == allProfiles.count && Set(edges) == ["bottom", "right"], "\(edges)")
}

/// A `--flick-velocity` under rules that take no flick changes nothing in their column:
/// the legend says so, as `replay`'s heading does.
@Test func compareSaysWhichProfilesIgnoreAFlickVelocity() throws {
    let path = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
    let run = try TouchTapeBinary.run(["compare", path, "--flick-velocity", "500", "--no-config"])
    #expect(run.status == 0, "\(run.stderr)")
    let unwrapped = run.stdout.replacingOccurrences(of: "\n     ", with: " ")   // a legend line's continuation
    let ignoring = unwrapped.split(separator: "\n").filter { $0.contains("--flick-velocity ignored") }
    #expect(ignoring.count == 2 && ignoring[0].contains("PZ photozoom") && ignoring[1].contains("BS bottomsheet"), "\(run.stdout)")
    let json = try TouchTapeBinary.run(["compare", path, "--flick-velocity", "500", "--format", "json", "--no-config"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let names = try #require(root["profiles"] as? [[String: Any]]).filter { $0["flickVelocityIgnored"] as? Bool == true }
        .compactMap { $0["name"] as? String }
    #expect(names == ["photozoom", "bottomsheet"])
    let plain = try TouchTapeBinary.run(["compare", path, "--no-config"])
    #expect(!plain.stdout.contains("ignored"), "no flick velocity given, nothing ignored")
}
