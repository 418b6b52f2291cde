import Testing
import Foundation
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

// Issue 24: "margin" had two meanings (+470 in the text, −2870 in the JSON for one track)
// and the "why" could contradict itself ("no flick: velocity 257 pt/s vs minimum 100"
// under easytransitions, where 257 > 100 is a flick). Here every track of Recordings/ and
// of the peer recordings, under every profile, is held to one meaning and to its numbers.

/// Each profile as it comes, and photozoom with a threshold as well (its own rules have
/// neither a threshold nor a flick, so it would have no margin to check).
private let cases: [(DismissalProfile, Double?)] = DismissalProfile.allCases.map { ($0, nil) } + [(.photozoom, 0.3)]

/// Every bundled and peer recording, swept (which replays each track as well).
private func swept(_ profile: DismissalProfile, threshold: Double?) throws -> SweepReport {
    let sources = try RecordingLocator.sources(for: [PackagePaths.recordings.path, PackagePaths.peerRecordings.path])
    return SweepReport.run(sources, configuration: try SessionSettings(profile: profile, threshold: threshold).configuration())
}

/// Every `A <op> [threshold|minimum] B` the sentence prints, as printed.
private func comparisons(in summary: String) -> [(a: Double, op: String, b: Double, text: String)] {
    // Numbers in any profile's unit (pt, dp, lpx, px; per second for velocities).
    let pattern = #/(-?\d+(?:\.\d+)?)(?: [a-z]+(?:/s)?)?(?: towards [a-z]+)? (<=|>=|<|>) (?:threshold |minimum |distance )?(-?\d+(?:\.\d+)?)/#
    return summary.matches(of: pattern).compactMap { m in
        guard let a = Double(m.output.1), let b = Double(m.output.3) else { return nil }
        return (a, String(m.output.2), b, String(m.output.0))
    }
}

private func holds(_ a: Double, _ op: String, _ b: Double) -> Bool {
    switch op {
    case "<": return a < b
    case "<=": return a <= b
    case ">": return a > b
    default: return a >= b
    }
}

@Test(arguments: cases)
func everyExplanationAgreesWithTheNumbersItCites(profile: DismissalProfile, threshold: Double?) throws {
    let report = try swept(profile, threshold: threshold)
    #expect(report.tracks.count >= 30, "the peer recordings and Recordings/ were found")
    var compared = 0
    for t in report.tracks {
        let at = "\(profile) \(t.file) track \(t.track): \(t.explanation)"
        for c in comparisons(in: t.explanation) {
            compared += 1
            #expect(holds(c.a, c.op, c.b), "'\(c.text)' does not hold — \(at)")
        }
        // The reason's words and the outcome agree.
        let edge = profile.settings.edge
        if t.explanation.hasPrefix("flick:") {
            let towardsEdge = t.explanation.hasPrefix("flick: |v|") || t.explanation.hasPrefix("flick: velocity")
            #expect(towardsEdge)
            let forward = t.explanation.prefix(while: { $0 != ";" }).contains("towards \(edge) ")
            #expect(t.outcome == (forward ? .finish : .cancel), "\(at)")
        }
        if t.explanation.hasPrefix("threshold:"), let c = comparisons(in: t.explanation).first {
            #expect(t.outcome == (c.op.hasPrefix(">") ? .finish : .cancel), "\(at)")
        }
        #expect(!t.explanation.contains("no flick:") || !(t.explanation.components(separatedBy: "no flick:")[1]
            .prefix(while: { $0 != ";" }).contains(">")), "a 'no flick' that passes its minimum — \(at)")
    }
    // At least one comparison for every other decided track (refused pans cite none).
    #expect(compared > (threshold == nil && profile == .photozoom ? 0 : report.tracks.filter { $0.outcome != .none }.count / 2))
}

/// One meaning of margin: the flip `sweep` finds by replaying the whole pan, minus the
/// current setting, is the margin every report prints; "no flip" where sweep finds none.
@Test(arguments: cases)
func marginsAreWhereSweepFindsTheFlips(profile: DismissalProfile, threshold: Double?) throws {
    let report = try swept(profile, threshold: threshold)
    var flips = 0
    for t in report.tracks where t.outcome != .none {
        let at = "\(profile) \(t.file) track \(t.track): \(t.explanation)"
        #expect(t.margins.threshold == t.threshold.margin, "threshold — \(at)")
        if let m = t.margins.flickVelocity, let current = t.flickVelocity.current, current + m > report.flickRange.upperBound {
            #expect(t.flickVelocity.margin == nil, "beyond the swept range — \(at)")
        } else {
            #expect(t.margins.flickVelocity == t.flickVelocity.margin, "flick velocity — \(at)")
        }
        flips += [t.margins.threshold, t.margins.flickVelocity].compactMap { $0 }.count
        // The text says the same numbers.
        if t.threshold.current != nil {
            let word = t.margins.threshold.map { OutcomeExplanation.signed($0, 3) } ?? "no flip"
            #expect(t.explanation.contains("margins: threshold \(word)"), "\(at)")
        }
    }
    #expect(flips > 0 || (profile == .photozoom && threshold == nil), "some track is near a flip")
}

/// The JSON report's `margins` are the same values (as the JSON prints them: 6 decimals).
@Test func jsonMarginsAreTheExplanations() throws {
    let settings = SessionSettings(profile: .transition)
    let runner = ReplayRunner(settings: settings, configuration: try settings.configuration())
    let report = runner.run(try RecordingLocator.sources(for: [PackagePaths.recordings.path]))
    let json = try JSONSerialization.jsonObject(with: Data(JSONReportRenderer.render(report).utf8)) as! [String: Any]
    let tracks = json["tracks"] as! [[String: Any]]
    #expect(tracks.count == report.tracks.count)
    for (row, t) in zip(tracks, report.tracks) {
        let margins = row["margins"] as! [String: Any]
        for (key, value) in [("threshold", t.explanation.margins.threshold), ("flickVelocity", t.explanation.margins.flickVelocity)] {
            let printed = margins[key] as? Double
            #expect((printed == nil) == (value == nil), "\(key) \(t.file) \(t.track)")
            if let printed, let value { #expect(abs(printed - value) <= 5e-7 * max(1, abs(value)), "\(key) \(t.file) \(t.track)") }
        }
    }
}
