import Foundation
import Testing
import TouchTapeTestSupport

private struct Report: Decodable {
    struct Track: Decodable {
        struct Velocity: Decodable { var x: Double; var y: Double }
        struct Device: Decodable { var kind: String }
        var file: String
        var track: Int
        var device: Device
        var releaseProgress: Double?
        var releaseVelocity: Velocity?
        var outcome: String
        var reason: String
        var expected: String?
    }
    struct Summary: Decodable { var passed: Int; var failed: Int }
    var tracks: [Track]
    var summary: Summary
}

private func replay(_ args: [String]) throws -> (Run, Report?) {
    let run = try TouchTapeBinary.run(["replay"] + args + ["--format", "json"])
    return (run, try? JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8)))
}

@Test(arguments: ["transition", "easytransitions", "photozoom"])
func peerRecordingsReplayUnderEveryProfileDeterministically(profile: String) throws {
    let (first, report) = try replay([TouchTapeBinary.peerRecordings.path, "--profile", profile])
    #expect(first.status == 0 || first.status == 1, "\(first.stderr)")
    let parsed = try #require(report)
    // 1 + 1 + 1 + 4 + 2 + 1 + 5 tracks across the seven recordings.
    #expect(parsed.tracks.count == 15)
    let second = try TouchTapeBinary.run(["replay", TouchTapeBinary.peerRecordings.path, "--profile", profile, "--format", "json"])
    #expect(first.stdout == second.stdout, "two runs must give byte-identical JSON")
}

@Test func nTrigDiagonalDragPinned() throws {
    // N-Trig: one finger from (205,183) to (9369,6967) on a 9600×7200 axis without
    // resolution → assumed 96 units/mm (longer axis = 100 mm). Δy = 6784/96 = 70.67 mm
    // × 6.417 pt/mm = 453.5 pt; the 10 pt slop is swallowed along the diagonal
    // (≈ 10 × 6784/√(9164²+6784²) ≈ 6 pt), so ≈ 447.5 pt at release.
    let file = "N-Trig MultiTouch.1-finger-drag-NW-SE.events"
    // EasyTransitions: 447.5 / 800 ≈ 0.559 > 0.5, and the finger rested 61 ms before
    // lifting (> 40 ms) so the velocity is 0 → finish by threshold.
    let (_, easy) = try replay([TouchTapeBinary.peer(file), "--profile", "easytransitions"])
    let e = try #require(easy?.tracks.first)
    #expect(e.outcome == "finish")
    #expect(e.reason == "threshold")
    #expect(abs((e.releaseProgress ?? 0) - 0.559) < 0.01)
    #expect(e.releaseVelocity.map { $0.x == 0 && $0.y == 0 } == true)
    // Transition: the pan's first direction is dominantly horizontal (|dx| 9164 > |dy| 6784),
    // which maps to no operation for a bottom-edge dismissal → the pan is refused.
    let (_, transition) = try replay([TouchTapeBinary.peer(file), "--profile", "transition"])
    #expect(transition?.tracks.first?.outcome == "none")
    // PhotoZoom: progress is capped at 0.5; no upward velocity → finish by the anchor test.
    let (_, zoom) = try replay([TouchTapeBinary.peer(file), "--profile", "photozoom"])
    #expect(zoom?.tracks.first?.releaseProgress == 0.5)
    #expect(zoom?.tracks.first?.outcome == "finish")
}

@Test func upwardScrollNeverStartsADownwardDismissal() throws {
    // EP0430M09: two fingers scroll UP (−Y). Transition and EasyTransitions refuse a pan
    // that begins upwards; PhotoZoom starts on any pan and then cancels (vy < 0 veto).
    let file = TouchTapeBinary.peer("EP0430M09.2-finger-scroll-down.events")
    #expect(try replay([file, "--profile", "transition"]).1?.tracks.first?.outcome == "none")
    #expect(try replay([file, "--profile", "easytransitions"]).1?.tracks.first?.outcome == "none")
    let zoom = try replay([file, "--profile", "photozoom"]).1?.tracks.first
    #expect(zoom?.outcome == "cancel")
    #expect(zoom?.reason == "veto")
    #expect((zoom?.releaseVelocity?.y ?? 0) < 0)
}

@Test(arguments: ["transition", "easytransitions", "photozoom"])
func bundledRecordingsPassEveryCheck(profile: String) throws {
    let (run, report) = try replay(["Recordings", "--profile", profile])
    #expect(run.status == 0, "\(run.stdout)")
    #expect(report?.summary.failed == 0)
    #expect((report?.tracks.count ?? 0) >= 10)
}

@Test func flickDownFinishesByFlickUnderTransition() throws {
    // 18 mm accelerating (s = t²) over 90 ms ends at 2·18/0.09 = 400 mm/s = 2567 pt/s;
    // LSQ2 over the last 100 ms slightly underestimates a still-accelerating finger.
    let (_, report) = try replay(["Recordings/touchscreen-flick-down-finish.evemu"])
    let t = try #require(report?.tracks.first)
    #expect(t.outcome == "finish")
    #expect(t.reason == "flick")
    #expect((t.releaseVelocity?.y ?? 0) > 2000 && (t.releaseVelocity?.y ?? 0) < 2700)
    #expect((t.releaseProgress ?? 1) < 1.0 / 3.0)   // the distance alone would have cancelled
}

@Test func aWrongLabelFailsWithExitOne() throws {
    let dir = try PackagePaths.scratchDirectory("tt-relabel")
    defer { try? FileManager.default.removeItem(at: dir) }
    let original = try String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), encoding: .utf8)
    let relabelled = original.replacingOccurrences(of: "expect=finish", with: "expect=cancel")
    #expect(relabelled != original)
    let path = dir.appendingPathComponent("relabelled.evemu")
    try relabelled.write(to: path, atomically: true, encoding: .utf8)
    let run = try TouchTapeBinary.run(["replay", path.path])
    #expect(run.status == 1)
    #expect(run.stdout.contains("expected-outcome"))
    #expect(run.stdout.hasSuffix("0 passed, 2 failed\n"))
}

@Test func resolutionFallbackIsOverridableAndReported() throws {
    // N-Trig has no resolution. Saying its longer axis spans 50 mm (not 100) halves every
    // distance: Δy = 453.5 / 2 = 226.7 pt, less ≈ 6 pt of swallowed slop ≈ 220.7 pt →
    // 220.7 / 800 ≈ 0.276 under EasyTransitions: no longer past 0.5, and no velocity → cancel.
    let file = TouchTapeBinary.peer("N-Trig MultiTouch.1-finger-drag-NW-SE.events")
    let (run, report) = try replay([file, "--profile", "easytransitions", "--resolution-fallback", "50mm"])
    let t = try #require(report?.tracks.first)
    #expect(abs((t.releaseProgress ?? 0) - 0.276) < 0.01)
    #expect(t.outcome == "cancel")
    #expect(run.stdout.contains("longer axis = 50 mm"))
    #expect(try TouchTapeBinary.run(["replay", file, "--resolution-fallback", "lots"]).status == 2)
}

/// `--began-translation slop` (issue 22): the N-Trig drag above, with the slop no longer
/// swallowed, ends ≈ 6 pt further along; the setting is listed in the report, and a value
/// that is neither `zero` nor `slop` is refused, naming the option.
@Test func beganTranslationCountsTheSlopWhenAsked() throws {
    let file = TouchTapeBinary.peer("N-Trig MultiTouch.1-finger-drag-NW-SE.events")
    let (_, zero) = try replay([file, "--profile", "easytransitions"])
    let (slopRun, slop) = try replay([file, "--profile", "easytransitions", "--began-translation", "slop"])
    let z = try #require(zero?.tracks.first?.releaseProgress), s = try #require(slop?.tracks.first?.releaseProgress)
    // EasyTransitions divides by 800 pt: the ≈ 6 pt along the edge the slop swallowed.
    #expect(s - z > 5.0 / 800 && s - z < 8.0 / 800, "\(z) → \(s)")
    #expect(slopRun.stdout.contains("\"beganTranslation\": \"slop\""), "the JSON report lists the setting")
    let text = try TouchTapeBinary.run(["replay", file, "--began-translation", "slop"])
    #expect(text.stdout.contains("began translation slop"))
    let bad = try TouchTapeBinary.run(["replay", file, "--began-translation", "half"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--began-translation"), "\(bad.stderr)")
}
