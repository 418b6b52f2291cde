import Testing
import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeTestSupport
@testable import TouchTapeReplay

// Issue 24: sweep answers "which value?": the two settings together, and a recommendation.

private func sweepOfRecordings(_ settings: SessionSettings = SessionSettings()) throws -> SweepReport {
    SweepReport.run(try RecordingLocator.sources(for: [PackagePaths.recordings.path]), configuration: try settings.configuration())
}

private func replay(_ settings: SessionSettings) throws -> ReplayReport {
    ReplayRunner(settings: settings, configuration: try settings.configuration())
        .run(try RecordingLocator.sources(for: [PackagePaths.recordings.path]))
}

/// The labelled tracks that came out otherwise.
private func wrong(_ report: ReplayReport) -> [String] {
    report.tracks.filter { t in t.expected.map { $0 != .none && t.outcome.expected != $0 } ?? false }.map { "\($0.file) \($0.track)" }
}

/// The recommended pair, replayed in full (pan recognition, controller, completion): every
/// labelled track comes out as labelled, and so at every grid point the region holds;
/// outside it, some track does not.
@Test func theRecommendedSettingsReplayEveryLabelAsLabelled() throws {
    let region = try sweepOfRecordings().region
    #expect(region.labelled >= 8)
    let r = try #require(region.recommendation)
    #expect(wrong(try replay(SessionSettings(threshold: r.threshold, flickVelocity: r.flickVelocity))).isEmpty)
    var inside = 0, outside = 0
    for row in stride(from: 0, through: region.steps, by: 10) {
        for column in stride(from: 0, through: region.steps, by: 10) {
            let replayed = wrong(try replay(SessionSettings(threshold: region.threshold(column), flickVelocity: region.flickVelocity(row))))
            #expect(replayed.isEmpty == region.feasible(column: column, row: row),
                    "threshold \(region.threshold(column)), flick \(region.flickVelocity(row)): \(replayed)")
            if region.feasible(column: column, row: row) { inside += 1 } else { outside += 1 }
        }
    }
    #expect(inside > 0 && outside > 0)
}

/// The region at the current flick velocity is the threshold's 1-D agreement range.
@Test func theRegionAtTheCurrentFlickIsTheThresholdsRange() throws {
    let report = try sweepOfRecordings()
    let region = report.region
    let range = try #require(report.agreements.first { $0.axis == "threshold" }?.ranges.first)
    let row = try #require((0...region.steps).first { region.flickVelocity($0) == 1200 })
    for column in 0...region.steps {
        #expect(region.feasible(column: column, row: row) == range.contains(region.threshold(column)), "column \(column)")
    }
}

/// 1-D: the middle of the widest range, margin half its width (the range end counts).
@Test func oneSettingAloneRecommendsTheMiddleOfItsRange() throws {
    let report = try sweepOfRecordings()
    let threshold = try #require(report.agreements.first { $0.axis == "threshold" })
    let r = try #require(threshold.recommended(sweptTo: 1))
    let range = try #require(threshold.ranges.first)
    #expect(r.value == (range.lowerBound + range.upperBound) / 2)
    #expect(r.margin == (range.upperBound - range.lowerBound) / 2)
    let text = SweepRenderer.text(report)
    #expect(text.contains("recommended \(TextReportRenderer.fixed(r.value, 3)) (margin ±\(TextReportRenderer.fixed(r.margin, 3)))"), "\(text)")
    #expect(text.contains("Threshold and flick velocity together (101 × 101 points):"))
    let json = try JSONSerialization.jsonObject(with: Data(SweepRenderer.json(report).utf8)) as! [String: Any]
    let region = json["region"] as! [String: Any]
    let recommended = region["recommended"] as! [String: Any]
    #expect(recommended["threshold"] as? Double == report.region.recommendation?.threshold)
    #expect((region["pointsAgreeing"] as! Int) > 0)
}

/// Two releases alike but labelled apart: no pair agrees, and the text says how many can.
@Test func conflictingLabelsHaveNoRecommendation() {
    var region = SettingsRegion(settings: DismissalProfile.transition.settings, steps: 20)
    let release = PanSample(time: 1, phase: .ended, translation: Vector2(x: 0, y: 300), velocity: Vector2(x: 0, y: 100), fingerCount: 1)
    region.add(release: release, progress: 300.0 / 900, expected: .finish)
    region.add(release: release, progress: 300.0 / 900, expected: .cancel)
    region.add(release: release, progress: 300.0 / 900, expected: ExpectedOutcome.none)
    #expect(region.labelled == 2)
    #expect(region.recommendation == nil)
    #expect(region.best.right == 1)
    #expect(SweepRenderer.regionText(region).joined(separator: " ").contains("nowhere: at most 1 of 2 labelled tracks"))
}

/// PhotoZoomAnimator has no flick rule: the region is the threshold's alone, every flick
/// row the same, and the recommendation a threshold with no flick velocity, which replayed
/// in full has every labelled track as labelled (and a threshold outside it does not).
@Test func settingsWithoutAFlickRuleRecommendAThresholdAlone() throws {
    let report = try sweepOfRecordings(SessionSettings(profile: .photozoom))
    let region = report.region
    #expect(!region.sweepsFlick && region.labelled >= 8)
    for row in [0, 37, region.steps] {
        for column in 0...region.steps { #expect(region.feasible(column: column, row: row) == region.feasible(column: column, row: 0)) }
    }
    let r = try #require(region.recommendation)
    #expect(r.flickVelocity == nil && r.flickMargin == nil)
    #expect(wrong(try replay(SessionSettings(profile: .photozoom, threshold: r.threshold))).isEmpty)
    let outside = try #require((0...region.steps).first { !region.feasible(column: $0, row: 0) })
    #expect(!wrong(try replay(SessionSettings(profile: .photozoom, threshold: region.threshold(outside)))).isEmpty)
    #expect(region.agreeingPoints == (0...region.steps).filter { region.feasible(column: $0, row: 0) }.count)
    let text = SweepRenderer.regionText(region).joined(separator: " ")
    #expect(text.contains("no flick rule") && !text.contains("flick velocity 2500"), "\(text)")
    // PhotoZoomAnimator's rules take no flick at all: the flick velocity axis says so and
    // recommends nothing, and a flick velocity typed is named as ignored.
    let whole = SweepRenderer.text(report)
    #expect(whole.contains("flick velocity: the rules take no flick") && !whole.contains("recommended 2500.0"), "\(whole)")
    let json = try JSONSerialization.jsonObject(with: Data(SweepRenderer.json(report).utf8)) as! [String: Any]
    let flick = (json["labelledAgree"] as! [String: Any])["flickVelocity"] as! [String: Any]
    #expect(flick["recommended"] is NSNull && flick["ignoredByTheRules"] as? Bool == true)
    #expect(SessionSettings(profile: .photozoom, flickVelocity: 100).overrideDescriptions
            == ["flick velocity 100 ignored: photozoom's rules take no flick"])
    #expect(SessionSettings(profile: .transition, flickVelocity: 100).overrideDescriptions == ["flick velocity 100"])
}

/// The map's numbers overlap no other number and no point; points have a shape per class;
/// on the HTML page each point links to its track's card.
@Test(arguments: [SessionSettings(profile: .transition, threshold: 0.45),
                  SessionSettings(profile: .easytransitions, threshold: 0.7, flickVelocity: 3000)])
func theDecisionMapIsReadableWithoutColour(settings: SessionSettings) throws {
    let report = ReplayRunner(settings: settings, configuration: try settings.configuration())
        .run(try RecordingLocator.sources(for: [PackagePaths.recordings.path, PackagePaths.peerRecordings.path]))
    let svg = DecisionMap.svg(report, settings: try settings.configuration().dismissal, linkToCards: true)
    struct Box { var x0, y0, x1, y1: Double
        func overlaps(_ o: Box) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 } }
    var markers: [Box] = []
    for m in svg.matches(of: #/<circle id="track-\d+" class="[a-z-]+" cx="([\d.]+)" cy="([\d.]+)"/#) {
        let x = Double(m.output.1)!, y = Double(m.output.2)!
        markers.append(Box(x0: x - 6, y0: y - 6, x1: x + 6, y1: y + 6))
    }
    let triangles = svg.matches(of: #/<polygon id="track-\d+" class="not-as-labelled"/#).count
    let squares = svg.matches(of: #/<polygon id="track-\d+" class="unlabelled"/#).count
    #expect(triangles > 0, "these settings get some label wrong, drawn as a triangle")
    // Drawn after every other point, so none at the same place hides one.
    let lastOther = svg.ranges(of: #/id="track-\d+" class="(as-labelled|unlabelled)"/#).last!.lowerBound
    let firstFailed = svg.ranges(of: #/id="track-\d+" class="not-as-labelled"/#).first!.lowerBound
    #expect(lastOther < firstFailed)
    #expect(squares > 0)
    #expect(markers.count + triangles + squares == report.tracks.filter { $0.outcome != .none }.count)
    var numbers: [Box] = []
    for m in svg.matches(of: #/<text class="small" x="([\d.]+)" y="([\d.]+)" text-anchor="start">(\d+)</text>/#) {
        let x = Double(m.output.1)!, y = Double(m.output.2)!
        numbers.append(Box(x0: x, y0: y - 9, x1: x + 6.5 * Double(m.output.3.count), y1: y + 1))
    }
    #expect(numbers.count >= 10)
    for (i, a) in numbers.enumerated() {
        for b in numbers[(i + 1)...] { #expect(!a.overlaps(b), "two numbers overlap") }
        for m in markers { #expect(!a.overlaps(m), "a number covers a point") }
    }
    let links = svg.matches(of: #/<a href="#track-(\d+)">/#).map { Int($0.output.1)! }
    #expect(links.count == report.tracks.filter { $0.outcome != .none }.count)
    let html = HTMLReportRenderer.render(report, transcripts: [], settings: try settings.configuration().dismissal)
    for n in links { #expect(html.contains("<div class=\"track\" id=\"track-\(n)\">") || html.contains("<div class=\"track failed\" id=\"track-\(n)\">")) }
    #expect(html.contains("id=\"recommendation\""))
    // The region is hatched over the finish and cancel colours, not a fill that hides them.
    #expect(svg.contains("<rect class=\"settings-region\" fill=\"url(#region-hatch)\""))
    #expect(svg.contains("class=\"finish-region\"") && svg.contains("class=\"cancel-region\""))
}
