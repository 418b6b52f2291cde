/// What a replay report says before its first track: the profile, the settings in
/// force, the shard and the folder the files share. Known when a run starts, so a
/// report can be written as the run goes (``ReportWriter``).
package struct ReportHeading: Hashable, Sendable {
    /// The profile's name.
    package var profile: String
    /// The settings overridden on top of the profile, as the header lists them.
    package var overrides: [String]
    /// Every setting in force (empty when the report was made without a configuration).
    package var settings: EffectiveSettings
    /// The shard the run replayed, if it was split.
    package var shard: ReplayShard?
    /// The folder (ending in `/`) the files share, `""` when they share none: the text
    /// report names files relative to it.
    package var folder: String
    /// When and where the run was made, for JUnit's `timestamp` (UTC, `2026-11-24T23:30:00`,
    /// no zone: the Ant schema's form) and `hostname`; `nil` in reports made for comparison
    /// (golden files, tests), which then say `1970-01-01T00:00:00` and `localhost`.
    package var timestamp: String?
    /// See ``timestamp``.
    package var hostname: String?

    /// A value from its parts.
    package init(profile: String, overrides: [String] = [], settings: EffectiveSettings = EffectiveSettings(entries: []),
                shard: ReplayShard? = nil, folder: String = "") {
        self.profile = profile
        self.overrides = overrides
        self.settings = settings
        self.shard = shard
        self.folder = folder
    }
}
