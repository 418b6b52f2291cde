import Foundation
import Testing
import TouchTapeTestSupport

// tools/bench's harness (Benchmarks/Harness) is a target of this package so that it builds
// with every build and cannot drift from the `package` API it measures, as the separate
// Benchmarks package once did unseen. These run it in the debug build on small inputs: the
// figures are not judged here (speed targets live in Benchmarks/ and tools/bench), only that
// every mode runs and prints what tools/bench-lib/measure.py reads.

private let harness = TouchTapeBinary.executable.deletingLastPathComponent().appendingPathComponent("touchtape-bench-harness")

private func runHarness(_ arguments: [String]) throws -> ProcessRun {
    #expect(FileManager.default.isExecutableFile(atPath: harness.path), "\(harness.path) was not built")
    return try ProcessRun.run(harness, arguments, in: PackagePaths.packageRoot)
}

@Test(arguments: ["parse", "replay", "probes"])
func theBenchHarnessMeasuresAFile(mode: String) throws {
    let run = try runHarness([mode, TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")])
    #expect(run.status == 0, "\(run.stderr)")
    let fields = run.stdout.split(whereSeparator: \.isWhitespace)
    #expect(fields.count == (mode == "probes" ? 4 : 2), "\(run.stdout)")
    #expect(Int(fields.first ?? "") ?? 0 > 100, "the event count comes first: \(run.stdout)")
    #expect(fields.dropFirst().allSatisfy { Double($0) != nil }, "\(run.stdout)")
}

@Test func theBenchHarnessTimesLiveFrames() throws {
    let run = try runHarness(["live-frame", "3000"])
    #expect(run.status == 0, "\(run.stderr)")
    let fields = run.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    #expect(fields.count == 5, "FRAMES P50 P99 MAX DECIDABLE: \(run.stdout)")
    guard fields.count == 5 else { return }
    #expect(fields[0] == 3000)
    #expect(0 < fields[1] && fields[1] <= fields[2] && fields[2] <= fields[3], "percentiles in order: \(run.stdout)")
    #expect(fields[4] > 0, "some frames had a would-be decision")
}

@Test func theBenchHarnessRefusesBadArgumentsWithUsage() throws {
    for arguments in [["live-frame", "x"], ["walk", "file"], []] {
        let run = try runHarness(arguments)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("touchtape-bench-harness: "), "\(arguments): \(run.stderr)")
    }
}
