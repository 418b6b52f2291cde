import Foundation
import Testing
import TouchTapeFormats
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames
import TouchTapeTestSupport
@testable import TouchTapeReplay

// Issue 23: the stability report. Per track, the share of 40 realistic perturbations of its
// frames that flip the outcome, the smallest named; deterministic (fixed seeds).

private func stabilityReport(_ profile: DismissalProfile, _ file: String) throws -> ReplayReport {
    let settings = SessionSettings(profile: profile)
    var runner = ReplayRunner(settings: settings, configuration: try settings.configuration())
    runner.stability = true
    return runner.run([RecordingLocator.source(forPath: PackagePaths.recordings.appendingPathComponent(file).path)])
}

@Test func everyTrackGetsFortyPerturbationsAndTheSameAnswerTwice() throws {
    let first = try stabilityReport(.transition, "touchscreen-pan-down-finish.evemu")
    let second = try stabilityReport(.transition, "touchscreen-pan-down-finish.evemu")
    #expect(!first.tracks.isEmpty)
    for (a, b) in zip(first.tracks, second.tracks) {
        let s = try #require(a.stability)
        #expect(s.total == 40)
        #expect(s == b.stability, "deterministic")
    }
}

@Test func aReleaseWithNoVelocityIsFragileUnderAVelocityVeto() throws {
    // The short hold ends still: under PhotoZoomAnimator (cancel when vy < 0) the noise of a
    // real finger decides whether it finishes.
    let report = try stabilityReport(.photozoom, "touchscreen-short-hold.evemu")
    let stability = try #require(report.tracks.first?.stability)
    #expect(stability.isFragile)
    #expect(stability.summary.hasPrefix("fragile: \(stability.flips.count) of 40 perturbations flip it (the smallest: "))
    #expect(report.summaryLine.contains("1 of 1 tracks fragile"), "\(report.summaryLine)")
    let json = ReportFormat.json.render(report)
    #expect(json.contains("\"stability\": {\n") && json.contains("\"perturbations\": 40"))
}

@Test func aLongDeliberatePanIsStable() throws {
    let report = try stabilityReport(.transition, "touchscreen-pan-down-finish.evemu")
    #expect(report.tracks.allSatisfy { $0.stability?.isFragile == false })
    #expect(ReportFormat.text.render(report).contains("stability: stable: none of 40 perturbations flips it"))
}

@Test func thePerturbationsAreTheDocumentedForty() throws {
    var frames: [TouchTapeFrames.Frame] = []
    for i in 0..<50 {
        let contact = Contact(id: 1, slot: 0, rawX: 0, rawY: 0, position: .init(x: 10, y: 10 + Double(i)))
        frames.append(Frame(index: i, time: EventTime(totalMicroseconds: 1_000_000 + UInt64(i) * 10_000), eventRange: i..<(i + 1),
                            contacts: [contact], fingerCount: 1))
    }
    frames.append(Frame(index: 50, time: EventTime(totalMicroseconds: 1_500_000), eventRange: 50..<51, contacts: [], fingerCount: 0))
    let variants = Stability.perturbations(of: frames)
    #expect(variants.count == 40)
    #expect(variants.filter { $0.0.name.hasPrefix("time x") }.count == 8)
    #expect(variants.filter { $0.0.name.hasPrefix("rate ") }.count == 6)
    #expect(variants.filter { $0.0.name.hasPrefix("noise ") }.count == 25)
    let dropped = try #require(variants.first { $0.0.name == "last frame dropped" })
    #expect(dropped.1.count == frames.count - 1 && dropped.1.last?.contacts.isEmpty == true)
    let rate60 = try #require(variants.first { $0.0.name == "rate 60 Hz" })
    #expect(rate60.1.last?.contacts.isEmpty == true, "the lift frame stays last")
}
