/// The result of a replay run: one ``TrackReport`` per track, in the order the files and
/// tracks were found (files sorted by path), and the totals.
public struct ReplayReport: Sendable {
    /// The profile name and any settings overridden on top of it, for the report header.
    public var profile: String
    public var overrides: [String]
    public var tracks: [TrackReport]

    public init(profile: String, overrides: [String] = [], tracks: [TrackReport]) {
        self.profile = profile
        self.overrides = overrides
        self.tracks = tracks
    }

    /// Tracks whose every check passed.
    public var passed: Int { tracks.filter(\.passed).count }
    public var failed: Int { tracks.count - passed }

    /// `N passed, N failed`: the closing line CI readers look for.
    public var summaryLine: String { "\(passed) passed, \(failed) failed" }
}
