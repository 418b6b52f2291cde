import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeReplay

/// `touchtape live` for scripts: one JSON object per line on stdout when it is not a
/// terminal (schema in the README, section "JSON lines"). Every object starts with
/// `"type"`; keys keep a fixed order and numbers the report's rounding. A `track` object
/// holds the settings it ran under (`ranUnder`), then exactly the fields of a `touchtape
/// replay --format json` track, so the two can be compared field by field. A `settings`
/// object (a tuning key) carries the whole history decided again under the new settings:
/// each gesture's `outcome`, its outcome `now` and whether it `flips`.
package enum LiveJSONLines {
    /// The line for a session event (without the newline).
    package static func line(_ event: LiveEvent) -> String {
        object(event).compactRendered()
    }

    /// The first line: what is read and the settings in force.
    package static func ready(_ state: LiveState) -> String {
        JSONValue.object([
            ("type", .string("ready")),
            ("source", .string(state.source.origin)),
            ("device", device(state.source)),
            ("speed", state.source.speed.map(JSONValue.number) ?? .null),
            ("settings", settings(state.settings)),
        ]).compactRendered()
    }

    /// The last line: the totals (under each gesture's latest label) and the settings.
    package static func summary(_ state: LiveState) -> String {
        JSONValue.object([
            ("type", .string("summary")),
            ("gestures", .integer(state.history.count)),
            ("passed", .integer(state.passed)),
            ("failed", .integer(state.failed)),
            ("settings", settings(state.settings)),
        ]).compactRendered()
    }

    static func object(_ event: LiveEvent) -> JSONValue {
        switch event {
        case .panSample(let gesture, let track, let sample, let progress, let wouldDecide, let edge):
            return .object([
                ("type", .string("pan")),
                ("gesture", .integer(gesture)),
                ("track", .integer(track)),
                ("time", .number(sample.time)),
                ("phase", .string(sample.phase.rawValue)),
                ("fingers", .integer(sample.fingerCount)),
                ("translation", vector(sample.translation)),
                ("velocity", vector(sample.velocity)),
                ("alongEdge", .object([
                    ("edge", .string(edge.rawValue)),
                    ("translation", .number(edge.component(of: sample.translation))),
                    ("velocity", .number(edge.component(of: sample.velocity))),
                ])),
                ("progress", progress.map(JSONValue.number) ?? .null),
                ("wouldDecide", wouldDecide.map { d in
                    .object([("outcome", .string(d.outcome.rawValue)), ("reason", .string(d.reason.rawValue)),
                             ("detail", .string(d.detail))])
                } ?? .null),
            ])
        case .decision(let gesture, let track, let d):
            return .object([
                ("type", .string("decision")),
                ("gesture", .integer(gesture)),
                ("track", .integer(track)),
                ("time", .number(d.time)),
                ("phase", .string(d.phase.rawValue)),
                ("outcome", .string(d.outcome.rawValue)),
                ("reason", .string(d.reason.rawValue)),
                ("detail", .string(d.detail)),
                ("progress", .number(d.progress)),
                ("rawProgress", .number(d.rawProgress)),
                ("velocity", vector(d.velocity)),
            ])
        case .completion(let gesture, let track, let c):
            return .object([
                ("type", .string("completion")),
                ("gesture", .integer(gesture)),
                ("track", .integer(track)),
                ("outcome", .string(c.outcome.rawValue)),
                ("from", .number(c.frames.first?.value ?? c.target)),
                ("to", .number(c.target)),
                ("duration", .number(c.duration)),
                ("frames", .integer(c.frames.count)),
            ])
        case .track(let entry):
            return .object([
                ("type", .string("track")),
                ("gesture", .integer(entry.gesture)),
                ("label", .string(entry.labelSource.rawValue)),
                ("ranUnder", settings(entry.settings)),
            ] + members(JSONReportRenderer.track(entry.report)))
        case .saved(let entry, let path):
            return .object([
                ("type", .string("save")),
                ("gesture", .integer(entry.gesture)),
                ("track", .integer(entry.report.track)),
                ("file", .string(path)),
                ("expected", entry.report.expected.map { .string($0.rawValue) } ?? .null),
            ])
        case .saveFailed(let gesture, let message):
            return .object([
                ("type", .string("saveFailed")),
                ("gesture", gesture.map(JSONValue.integer) ?? .null),
                ("message", .string(message)),
            ])
        case .settings(let s, let history):
            // Each finished gesture decided again under the new settings: the history's `now` column.
            return .object([("type", .string("settings"))] + members(settings(s)) + [
                ("history", .array(history.map { entry in
                    .object([("gesture", .integer(entry.gesture)), ("ranUnder", settings(entry.settings)),
                             ("outcome", .string(entry.report.outcome.rawValue)),
                             ("now", .string((entry.now ?? entry.report.outcome).rawValue)), ("flips", .bool(entry.flips))])
                })),
            ])
        }
    }

    static func settings(_ s: SessionSettings) -> JSONValue {
        .object([
            (SessionSetting.profile.jsonKey, .string(s.profile.rawValue)),
            (SessionSetting.threshold.jsonKey, s.effectiveThreshold.map(JSONValue.number) ?? .null),
            (SessionSetting.flickVelocity.jsonKey, s.effectiveFlickVelocity.map(JSONValue.number) ?? .null),
            (SessionSetting.edge.jsonKey, .string(s.effectiveEdge.rawValue)),
            ("overrides", .array(s.overrideDescriptions.map(JSONValue.string))),
            ("replayArguments", .array(s.replayArguments.map(JSONValue.string))),
        ])
    }

    static func device(_ source: LiveState.Source) -> JSONValue {
        .object([
            ("name", .string(source.deviceName)),
            ("kind", .string(source.kind.rawValue)),
            ("protocol", .string(source.protocolName)),
        ])
    }

    static func vector(_ v: Vector2) -> JSONValue { .object([("x", .number(v.x)), ("y", .number(v.y))]) }

    private static func members(_ value: JSONValue) -> [(String, JSONValue)] {
        if case .object(let members) = value { return members }
        return []
    }
}
