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
    /// The names of the probes that are rows (a `--probe` no track had is a mistake).
    package var probeKindsMade: Set<String> = []
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

    /// A `--track` no file has, or `--probe`s no track could have: the user's mistake, an
    /// error in every format (a report of nothing read as a clean run in CI).
    package var unmatched: UnmatchedSelection?

    /// See ``unmatched``.
    package struct UnmatchedSelection: Hashable, Sendable {
        /// The option as the user typed it: `--track`, `--probe`.
        package var option: String
        /// `--track 8, 9: no file has tracks 8, 9`.
        package var message: String
        package var hint: String

        /// The mistake in `tally` of asking for `tracks` (`nil`: not asked; every file is read
        /// in every shard, so a number no file has is found in a sharded run too) and `probes`
        /// (`nil`: not asked; in a sharded run a shard may hold no track that has one), if
        /// there is one. A missing track is not said when a file could not be read (it may be
        /// there), nor anything when `--fail-fast` left files unread.
        package static func find(in tally: ReplayTally, tracks: Set<Int>?, probes: Set<Probe.Kind>?) -> Self? {
            // Files `--fail-fast` left unread may hold them.
            guard tally.filesNotReplayed == 0 else { return nil }
            let missing = (tracks ?? []).subtracting(tally.tracksFound).sorted()
            if !missing.isEmpty, tally.errorCount == 0 {
                let list = missing.map(String.init).joined(separator: ", ")
                let most = tally.mostTracksInAFile
                return Self(option: "--track", message: "--track \(list): no file has track\(missing.count == 1 ? "" : "s") \(list)",
                            hint: "the files yield at most \(most) track\(most == 1 ? "" : "s"); 'touchtape inspect FILE' lists each file's tracks")
            }
            // Each kind asked for that no track had (one of several: the others ran).
            let absent = Probe.Kind.allCases.filter { (probes ?? []).contains($0) && !tally.probeKindsMade.contains($0.rawValue) }
            if !absent.isEmpty {
                let names = absent.map(\.rawValue).joined(separator: ", ")
                return Self(option: "--probe", message: "no track here can have probe \(names)",
                            hint: "a refused gesture has no release, and rules without a threshold, a flick or a cancel velocity have no such boundary; 'touchtape replay FILE --probes' lists the probes each track has")
            }
            return nil
        }
    }

    /// Nothing counted yet.
    package init() {}

    /// Counts one track's checks.
    package mutating func add(_ track: TrackReport) {
        if track.passed { passed += 1 } else { failed += 1 }
        if track.checks.allSatisfy(\.skipped) { checkedNothing += 1 }
        if let probe = track.probe {
            probes += 1
            probeKindsMade.insert(probe)
        }
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

    /// Files that could not be read, files with no track under `--strict`, and an
    /// ``unmatched`` selection.
    package var errorCount: Int { errors.count + warnings.count { $0.isError } + (unmatched == nil ? 0 : 1) }
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
