import TouchTapeFormats

/// The JSON report written as a run goes (``ReportWriter``): the heading's members, then
/// each track's object as it comes, then `errors`, `warnings` (when a file has no track) and `summary`. The bytes are those of
/// the whole document rendered at once (``JSONReportRenderer/document(_:)``), so a
/// streamed report and a collected one are identical.
package struct JSONReportWriter: ReportWriter {
    /// Members written after `summary` (`replay --compare-velocity`'s `estimators`).
    package var trailingMembers: [(String, JSONValue)] = []
    private var tracksWritten = 0

    /// A writer for one report.
    package init(trailingMembers: [(String, JSONValue)] = []) {
        self.trailingMembers = trailingMembers
    }

    package mutating func begin(_ heading: ReportHeading, into out: inout String) {
        out += "{\n"
        for (key, value) in [
            ("profile", JSONValue.string(heading.profile)),
            ("overrides", .array(heading.overrides.map(JSONValue.string))),
            ("settings", heading.settings.json),
            ("shard", heading.shard.map { .string($0.description) } ?? .null),
        ] {
            member(key, value, into: &out)
            out += ",\n"
        }
        out += "  \"tracks\": "
    }

    package mutating func track(_ track: TrackReport, seconds: Double?, into out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        self.track(track, seconds: seconds, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// The track's object as bytes, written as it is described (``JSONTextWriter``): a
    /// streamed report makes neither a tree nor a string of it (checking the bytes of every
    /// row again as UTF-8 was a tenth of a probed replay, issue 26).
    package mutating func track(_ track: TrackReport, seconds: Double?, into out: inout [UInt8]) {
        out += (tracksWritten == 0 ? "[\n    " : ",\n    ").utf8
        JSONTextWriter.write(into: &out, indent: 2) { JSONReportRenderer.track(track, into: &$0) }
        tracksWritten += 1
    }

    package mutating func endFile(_ file: String, seconds: Double?, error: UnreadableFile?, warning: FileWarning?,
                                  into out: inout String) {}

    package mutating func finish(_ tally: ReplayTally, emit: (String) throws(OutputError) -> Void) throws(OutputError) {
        var out = ""
        out += tracksWritten == 0 ? "[]" : "\n  ]"
        for (key, value) in JSONReportRenderer.closing(tally) + trailingMembers {
            out += ",\n"
            member(key, value, into: &out)
        }
        out += "\n}\n"
        try emit(out)
    }

    /// `  "key": value`, at the document's first level.
    private func member(_ key: String, _ value: JSONValue, into out: inout String) {
        out += "  "
        JSONValue.string(key).render(into: &out)
        out += ": "
        value.render(into: &out, indent: 1)
    }
}
