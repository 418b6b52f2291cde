/// What a replay report says after its last track: the counts, the files that could not
/// be read and the notes no track carries. Kept while a run goes instead of the tracks
/// themselves, so a streamed report needs memory for one track at a time.
package struct ReplayTally: Hashable, Sendable {
    /// Tracks whose every check passed.
    package var passed = 0
    /// Tracks with a failed check.
    package var failed = 0
    /// Checks run, over all tracks.
    package var checks = 0
    /// Checks that failed, over all tracks.
    package var failedChecks = 0
    /// Checks that did not apply, over all tracks.
    package var skippedChecks = 0
    /// Files that could not be read, in the order they were met.
    package var errors: [UnreadableFile] = []
    /// Files that were read but yield no track, in the order they were met: warnings, or
    /// errors under `--strict` (``FileWarning/isError``).
    package var warnings: [FileWarning] = []
    /// Notes on files that no track carries (a truncated file with no complete track).
    package var notes: [String] = []
    /// Tracks every check of which was skipped (a refused gesture under rules that say
    /// nothing of it, with no label): they passed nothing, and the summary says so.
    package var checkedNothing = 0
    /// Probe rows among the tracks (``ReplayEngine/probes``), and probes a track could not have.
    package var probes = 0
    package var probesNotMade = 0
    /// Tracks whose stability was analysed, and those some perturbation flips.
    package var stabilityAnalysed = 0
    package var fragile = 0
    /// The numbers of ``ReplayEngine/trackNumbers`` some file had, and the most tracks one
    /// file yielded (both counted only under ``ReplayEngine/trackNumbers``): a `--track` no
    /// file has is the user's mistake, not 0 passed.
    package var tracksFound: Set<Int> = []
    package var mostTracksInAFile = 0
    /// Files ``ReplayEngine/failFast`` left unreplayed after the first failure (0: the run
    /// went through): a report that stopped early says so.
    package var filesNotReplayed = 0
    /// `--shard I/N` that took none of the tracks the files yield: the shard and how many
    /// tracks there were (a matrix with more shards than tracks has such a job; it passes,
    /// and says why it checked nothing).
    package var emptyShard: EmptyShard?

    /// See ``emptyShard``.
    package struct EmptyShard: Hashable, Sendable {
        package var shard: String
        package var tracks: Int
    }

    /// Nothing counted yet.
    package init() {}

    /// Counts one track's checks.
    package mutating func add(_ track: TrackReport) {
        if track.passed { passed += 1 } else { failed += 1 }
        if track.checks.allSatisfy(\.skipped) { checkedNothing += 1 }
        if track.probe != nil { probes += 1 }
        if let stability = track.stability {
            stabilityAnalysed += 1
            if stability.isFragile { fragile += 1 }
        }
        for check in track.checks {
            checks += 1
            switch check.status {
            case .passed: break
            case .failed: failedChecks += 1
            case .skipped: skippedChecks += 1
            }
        }
    }

    /// Files that could not be read, and files with no track under `--strict`.
    package var errorCount: Int { errors.count + warnings.count { $0.isError } }
    /// Files with no track, without `--strict`.
    package var warningCount: Int { warnings.count { !$0.isError } }

    /// `N passed, N failed`: the closing line CI readers look for, with `, N errors` when
    /// files could not be read (or yield no track under `--strict`) and `, N warnings` when
    /// files yield no track.
    package var summaryLine: String {
        "\(passed) passed, \(failed) failed" + (errorCount == 0 ? "" : ", \(errorCount) error\(errorCount == 1 ? "" : "s")")
            + (warningCount == 0 ? "" : ", \(warningCount) warning\(warningCount == 1 ? "" : "s")")
            + (checkedNothing == 0 ? "" : " (\(passed + failed - checkedNothing) of \(passed + failed) tracks checked anything)")
            + (probes == 0 && probesNotMade == 0 ? "" : "; \(probes) of them probes, \(probesNotMade) probes not made")
            + (stabilityAnalysed == 0 ? "" : "; \(fragile) of \(stabilityAnalysed) tracks fragile")
            + (filesNotReplayed == 0 ? "" : "; stopped at the first failure (--fail-fast), \(filesNotReplayed) file\(filesNotReplayed == 1 ? "" : "s") not replayed")
            + (emptyShard.map { "; shard \($0.shard) holds none of the \($0.tracks) track\($0.tracks == 1 ? "" : "s")" } ?? "")
    }
}
