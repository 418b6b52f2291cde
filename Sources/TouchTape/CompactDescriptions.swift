@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapePan
import TouchTapeDismissal
import TouchTapeReplay

import TouchTapeReplay

// Compact descriptions (issue 22): `#expect(run.passed)` prints the value of `run` when it
// fails, and the synthesised description of a whole replay (every transcript, every
// sample) was a 518 KB line. Each of these says what a test failure needs in a line or a
// few: the counts, and the first failures located.

extension ControllerReplayResult: CustomStringConvertible {
    /// `ControllerReplayResult(281 tracks, 266 of them probes: 279 passed, 2 failed; first: FILE track 1 …)`.
    public var description: String {
        let probes = report.tracks.filter { $0.probe != nil }.count
        var text = "ControllerReplayResult(\(report.tracks.count) tracks"
            + (probes > 0 ? ", \(probes) of them probes" : "") + ": \(report.summaryLine)"
        if reusedControllerCount > 0 { text += "; \(reusedControllerCount) tracks got a controller another track had" }
        let failures = self.failures
        if !failures.isEmpty {
            text += "; first failures: " + failures.prefix(3).map { String($0.description.prefix(300)) }.joined(separator: " | ")
            if failures.count > 3 { text += " | … \(failures.count - 3) more" }
        }
        if let error = errors.first { text += "; could not read: \(error.message.prefix(300))" }
        return text + ")"
    }
}

extension ReplayedTrack: CustomStringConvertible {
    /// `ReplayedTrack(FILE track 1 probe threshold+0: finish, labelled finish, passed; 48 samples)`.
    public var description: String {
        let r = report
        return "ReplayedTrack(\(r.file) track \(r.track)" + (r.probe.map { " probe \($0)" } ?? "")
            + ": \(r.outcome.rawValue)" + (r.expected.map { ", labelled \($0.rawValue)" } ?? "")
            + (r.passed ? ", passed" : ", failed " + r.failedChecks.map(\.name).joined(separator: ", "))
            + "; \(transcript.samples.count) samples)"
    }
}
