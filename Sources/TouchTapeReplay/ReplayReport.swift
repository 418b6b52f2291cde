/// The result of a replay run: one ``TrackReport`` per track, in the order the files and
/// tracks were found (files sorted by path), the files that could not be read, and the totals.
public struct ReplayReport: Sendable {
    /// The profile name and any settings overridden on top of it, for the report header.
    package var profile: String
    /// The settings overridden on top of the profile, as the report header lists them.
    package var overrides: [String]
    /// Every setting in force as a value (the profile's with the overrides applied); empty
    /// when the report was made without a configuration.
    package var settings = EffectiveSettings(entries: [])
    /// One row per replayed track, in file and track order.
    package var tracks: [TrackReport]
    /// Files that could not be read; every other file is still replayed.
    public var errors: [UnreadableFile]
    /// The shard this run replayed, if the run was split (`--shard I/N`).
    package var shard: ReplayShard?
    /// Files that were read but yield no track (``ReplayTally/warnings``).
    package var warnings: [FileWarning] = []
    /// Notes on files that no track carries (a truncated file with no complete track).
    package var notes: [String] = []
    /// Wall-clock seconds spent on each file (JUnit's `time`); empty when not measured.
    /// Kept out of the JSON report, which stays byte-identical across runs.
    package var fileSeconds: [String: Double] = [:]
    /// Wall-clock seconds spent on each track (JUnit's `time` of its test cases): from
    /// its first frame to the next track's first frame, or to the end of its file.
    /// Kept out of the JSON and text reports, like ``fileSeconds``.
    package var trackSeconds: [TrackKey: Double] = [:]

    /// A track's identity in a run: its file and its number there.
    package struct TrackKey: Hashable, Sendable {
        package var file: String
        package var track: Int
        package init(file: String, track: Int) {
            self.file = file
            self.track = track
        }
    }

    /// A value from its parts.
    package init(profile: String, overrides: [String] = [], tracks: [TrackReport], errors: [UnreadableFile] = [],
                shard: ReplayShard? = nil) {
        self.profile = profile
        self.overrides = overrides
        self.tracks = tracks
        self.errors = errors
        self.shard = shard
    }

    /// Tracks whose every check passed.
    public var passed: Int { tracks.filter(\.passed).count }
    /// Tracks with a failed check.
    public var failed: Int { tracks.count - passed }

    /// Checks that did not apply, over all tracks.
    package var skippedChecks: Int { tracks.reduce(0) { $0 + $1.checks.filter(\.skipped).count } }

    /// What a report says before its tracks; the folder is the one the tracks' and the
    /// errors' files share.
    package var heading: ReportHeading {
        ReportHeading(profile: profile, overrides: overrides, settings: settings, shard: shard,
                      folder: TextReportRenderer.commonFolder(tracks.map(\.file) + errors.map(\.file) + warnings.map(\.file)))
    }

    /// The counts, errors and notes, as a streamed report keeps them.
    /// Probes the run's tracks could not have (``ReplayTally/probesNotMade``).
    package var probesNotMade = 0

    package var tally: ReplayTally {
        var tally = ReplayTally()
        for t in tracks { tally.add(t) }
        tally.errors = errors
        tally.warnings = warnings
        tally.notes = notes
        tally.probesNotMade = probesNotMade
        return tally
    }

    /// `N passed, N failed`: the closing line CI readers look for, with `, N errors` when
    /// files could not be read (``ReplayTally/summaryLine``).
    public var summaryLine: String { tally.summaryLine }
}
