@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapePan
import TouchTapeDismissal

/// Each track's release velocity and outcome under every velocity estimator the pan
/// recognizer has (lsq2, ios, impulse), with the tracks whose outcome depends on the
/// estimator flagged: a decision that flips with the estimator is a decision a real
/// device may take either way (`touchtape replay --compare-velocity`).
package struct EstimatorComparison: Sendable {
    package struct Row: Sendable {
        package var file: String
        package var track: Int
        /// One entry per ``VelocityStrategy``, in `allCases` order.
        package var results: [(strategy: VelocityStrategy, velocity: Vector2?, outcome: Outcome)]
        /// The outcome is not the same under every estimator.
        package var dependsOnEstimator: Bool { Set(results.map(\.outcome)).count > 1 }
    }

    package var rows: [Row]
    /// The unit of the velocities (the profile's).
    package var unit: PlatformUnit = .points

    /// Replays `sources` once per estimator: the report's `configuration` (what `settings`
    /// made of it, installed device hints included), its estimator changed. `cancelled`
    /// ends it after the track in progress (what it found so far is returned).
    package static func run(_ sources: [RecordingSource], settings: SessionSettings, configuration: ReplayConfiguration,
                            locking: ReadLocking = .standard, cancelled: @escaping () -> Bool = { false }) -> EstimatorComparison {
        var rows: [Row] = []
        var index: [String: Int] = [:]
        for strategy in VelocityStrategy.allCases {
            var estimated = configuration
            estimated.pan.velocityStrategy = strategy
            var runner = ReplayRunner(settings: settings, configuration: estimated, cancelled: cancelled)
            runner.locking = locking
            let report = runner.run(sources)
            if cancelled() { break }
            for t in report.tracks {
                let key = "\(t.file)#\(t.track)"
                if index[key] == nil { index[key] = rows.count; rows.append(Row(file: t.file, track: t.track, results: [])) }
                rows[index[key]!].results.append((strategy, t.releaseVelocity, t.outcome))
            }
        }
        return EstimatorComparison(rows: rows, unit: settings.profile.unit)
    }

    /// A text section for the end of a replay report (100 columns).
    package var text: String {
        var lines = ["", "Release velocity (\(unit.symbol)/s) by estimator (* the outcome depends on the estimator):"]
        let folder = TextReportRenderer.commonFolder(rows.map(\.file))
        for row in rows {
            let cells = row.results.map { r in
                "\(r.strategy.rawValue) " + (r.velocity.map { "(\(TextReportRenderer.fixed($0.x, 0)), \(TextReportRenderer.fixed($0.y, 0)))" } ?? "-")
                    + " \(r.outcome.rawValue)"
            }
            lines += TextReportRenderer.wrap("\(row.dependsOnEstimator ? "*" : " ") \(row.file.dropFirst(folder.count)) #\(row.track): "
                                             + cells.joined(separator: "; "), indent: "      ")
        }
        let flagged = rows.filter(\.dependsOnEstimator).count
        lines.append("\(flagged) track\(flagged == 1 ? "" : "s") whose outcome depends on the estimator")
        return TextReportRenderer.joined(lines)
    }

    package var json: JSONValue {
        .array(rows.map { row in
            .object([
                ("file", .string(row.file)), ("track", .integer(row.track)),
                ("dependsOnEstimator", .bool(row.dependsOnEstimator)),
                ("estimators", .object(row.results.map { r in
                    (r.strategy.rawValue, .object([
                        ("releaseVelocity", r.velocity.map { .object([("x", .number($0.x)), ("y", .number($0.y))]) } ?? .null),
                        ("outcome", .string(r.outcome.rawValue)),
                    ]))
                })),
            ])
        })
    }
}
