import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames

/// The same recordings replayed under several profiles, their outcomes side by side: how
/// one real gesture fares under UIKit's libraries, Flutter, Android, Compose, React
/// Navigation and Apple's projection (`touchtape compare`).
///
/// Every profile runs with its own rules and unit, and with the overrides the user gave
/// (`--edge bottom` puts the card-swiping profiles on a vertical pan, `--distance` gives
/// every profile the same view size). Tracks are matched by file and number.
package struct ProfileComparison: Sendable {
    /// One track's outcomes, one per profile in ``profiles`` order.
    package struct Row: Sendable {
        package var file: String
        package var track: Int
        package var expected: ExpectedOutcome?
        package var outcomes: [Outcome]
        /// The outcome is not the same under every profile.
        package var differs: Bool { Set(outcomes).count > 1 }
    }

    /// The profiles compared, in column order.
    package var profiles: [DismissalProfile]
    /// The edge each profile dismissed towards (its own, or `--edge`'s), in column order:
    /// Flutter's and Android's card profiles swipe sideways, the sheets and UIKit's down.
    package var edges: [DismissEdge]
    /// The profiles whose rules take no flick, so that a `--flick-velocity` given is
    /// ignored under them (their columns do not vary with it), in column order.
    package var flickIgnored: [Bool]
    /// The overrides every profile ran with, in words (`edge bottom`).
    package var overrides: [String]
    package var rows: [Row]
    /// Files that could not be read (the same under every profile: said once).
    package var errors: [UnreadableFile]

    /// Replays `sources` under each of `profiles` with the overrides of `settings` (its own
    /// profile is not used) and, as `replay` does, the machine's libinput quirks and hwdb for devices
    /// that report no resolution. `problems` (what the search of the folders met) are errors
    /// of the comparison, as a replay's. `nil` when `cancelled` said so (a stop signal).
    package static func run(_ sources: [RecordingSource], profiles: [DismissalProfile], settings: SessionSettings,
                            installedHints: InstalledDeviceHints? = nil, problems: [RecordingError] = [],
                            locking: ReadLocking = .standard,
                            cancelled: (() -> Bool)? = nil) throws(SessionSettingsError) -> ProfileComparison? {
        var rows: [Row] = []
        var index: [String: Int] = [:]
        var errors: [UnreadableFile] = []
        var edges: [DismissEdge] = []
        var flickIgnored: [Bool] = []
        for (column, profile) in profiles.enumerated() {
            var s = settings
            s.profile = profile
            var configuration = try s.configuration()
            configuration.installedHints = installedHints
            edges.append(configuration.dismissal.edge)
            flickIgnored.append(SessionSetting.flickVelocity.typed(in: s) != nil && configuration.dismissal.rule == .vetoOnly)
            var runner = ReplayRunner(settings: s, configuration: configuration, cancelled: cancelled)
            runner.locking = locking
            let report = runner.run(sources, problems: problems)
            if cancelled?() == true { return nil }
            if column == 0 { errors = report.errors }
            for t in report.tracks {
                let key = "\(t.file)#\(t.track)"
                if index[key] == nil {
                    index[key] = rows.count
                    rows.append(Row(file: t.file, track: t.track, expected: t.expected,
                                    outcomes: Array(repeating: Outcome.none, count: profiles.count)))
                }
                rows[index[key]!].outcomes[column] = t.outcome
            }
        }
        return ProfileComparison(profiles: profiles, edges: edges, flickIgnored: flickIgnored, overrides: settings.overrideDescriptions, rows: rows, errors: errors)
    }

    /// Two letters for a profile's column (the legend under the table names it).
    package static func column(_ profile: DismissalProfile) -> String {
        switch profile {
        case .transition: return "TR"
        case .easytransitions: return "ET"
        case .photozoom: return "PZ"
        case .flutter: return "FL"
        case .bottomsheet: return "BS"
        case .swipedismiss: return "SD"
        case .composeswipe: return "CS"
        case .composesheet: return "CM"
        case .reactnavigation: return "RN"
        case .projection: return "AP"
        }
    }

    /// A table that fits 80 columns: a column of two letters per profile (the legend below
    /// names them), `fin`, `can` or `-` (no transition) in each, a row per track under its
    /// file, `*` where the profiles disagree.
    package var text: String {
        func cell(_ outcome: Outcome) -> String {
            switch outcome {
            case .finish: return "fin "
            case .cancel: return "can "
            case .none: return " -  "
            }
        }
        func padded(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(width - s.count, 0)) }
        func trimmed(_ s: String) -> String { String(s.reversed().drop { $0 == " " }.reversed()) }
        var lines = TextReportRenderer.wrap("TouchTape compare — outcomes under \(profiles.count) profiles"
            + (overrides.isEmpty ? "" : " (" + overrides.joined(separator: ", ") + ")"), indent: "  ")
        lines.append("")
        lines.append(trimmed("  track  expected  " + profiles.map { padded(Self.column($0), 4) }.joined()))
        let folder = TextReportRenderer.commonFolder(rows.map(\.file))
        var file: String?
        for row in rows {
            if row.file != file {
                file = row.file
                lines.append(String(row.file.dropFirst(folder.count)))
            }
            lines.append(trimmed("  " + padded(String(row.track), 7) + padded(row.expected.map(\.rawValue) ?? "-", 10)
                                 + row.outcomes.map(cell).joined() + (row.differs ? "*" : "")))
        }
        lines.append("")
        lines += TextReportRenderer.wrap("\(rows.count) tracks; \(rows.filter(\.differs).count) come out differently"
            + " under these profiles (*)", indent: "  ")
        // A pan down and a pan sideways are different gestures: say when the columns read
        // different edges, or the disagreement looks like the libraries'.
        if Set(edges).count > 1 {
            lines += TextReportRenderer.wrap("the profiles dismiss towards different edges (below); --edge EDGE compares them on one",
                                             indent: "  ")
        }
        if !errors.isEmpty { lines += ["", "Could not read:"] + errors.flatMap(\.reportLines) + [""] }
        for (column, profile) in profiles.enumerated() {
            let edge = ", edge \(edges[column])" + (flickIgnored[column] ? "; --flick-velocity ignored (no flick rule)" : "")
            lines += TextReportRenderer.wrap("  \(Self.column(profile)) \(profile.rawValue): \(profile.libraryName), in \(profile.unit.symbol)\(edge)",
                                             indent: "     ")
        }
        return TextReportRenderer.joined(lines)
    }

    /// `{"profiles": [...], "tracks": [{"file", "track", "expected", "outcomes": {profile: outcome}}]}`.
    package var json: String {
        let tracks = rows.map { row -> JSONValue in
            .object([("file", .string(row.file)), ("track", .integer(row.track)),
                     ("expected", row.expected.map { .string($0.rawValue) } ?? .null),
                     ("outcomes", .object(zip(profiles, row.outcomes).map { ($0.rawValue, .string($1.rawValue)) })),
                     ("differs", .bool(row.differs))])
        }
        let value = JSONValue.object([
            ("profiles", .array(profiles.indices.map { i in
                var members: [(String, JSONValue)] = [("name", .string(profiles[i].rawValue)), ("library", .string(profiles[i].libraryName)),
                                                      ("unit", .string(profiles[i].unit.symbol))]
                members.append(("edge", .string("\(edges[i])")))
                if flickIgnored[i] { members.append(("flickVelocityIgnored", .bool(true))) }
                return .object(members)
            })),
            ("overrides", .array(overrides.map(JSONValue.string))),
            ("tracks", .array(tracks)),
            ("errors", .array(errors.map { .object([("file", .string($0.file)), ("message", .string($0.message))]) })),
        ])
        let text = value.rendered()
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}
