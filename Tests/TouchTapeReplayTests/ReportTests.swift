import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal
@testable import TouchTapeReplay

private func report() -> ReplayReport {
    let settings = DismissalProfile.transition.settings
    let samples = downwardPan([100, 200, 300, 450], releaseVelocity: Vector2(x: 12.5, y: -40))
    let t = ReplayPipeline.transcript(samples: samples, controller: DismissalController(settings: settings),
                                      settings: settings, profileName: "transition", context: context(expect: .cancel))
    return ReplayReport(profile: "transition", tracks: [TrackReport(transcript: t, deviceName: "Pad <1>", checks: ReplayPipeline.check(t))])
}

@Test func jsonNumbersAreFixedAndDeterministic() {
    #expect(JSONValue.format(0.5) == "0.5")
    #expect(JSONValue.format(1.0 / 3.0) == "0.333333")
    #expect(JSONValue.format(-0.0000001) == "0")
    #expect(JSONValue.format(-12.5) == "-12.5")
    #expect(JSONValue.format(1200) == "1200")
    #expect(JSONValue.format(.nan) == "null")
    #expect(JSONReportRenderer.render(report()) == JSONReportRenderer.render(report()))
}

@Test func jsonReportHasTheDocumentedShape() {
    let json = JSONReportRenderer.render(report())
    // f = 450/900 = 0.5 > 1/3 and the release velocity is no flick → finish, though labelled cancel.
    for fragment in ["\"file\": \"test.evemu\"", "\"kind\": \"touchscreen\"", "\"releaseProgress\": 0.5",
                     "\"x\": 12.5", "\"y\": -40", "\"outcome\": \"finish\"", "\"expected\": \"cancel\"",
                     "\"name\": \"expected-outcome\"", "\"passed\": 0", "\"failed\": 1"] {
        #expect(json.contains(fragment), "missing \(fragment)")
    }
}

@Test func textReportEndsWithTheSummaryLine() {
    let text = TextReportRenderer.render(report())
    #expect(text.hasSuffix("0 passed, 1 failed\n"))
    #expect(text.contains("expected-outcome"))
    #expect(TextReportRenderer.fixed(-0.04, 1) == "0.0")
    #expect(TextReportRenderer.fixed(2.345, 2) == "2.35" || TextReportRenderer.fixed(2.345, 2) == "2.34")
    #expect(TextReportRenderer.fixed(-1.5, 0) == "-2")
}

@Test func junitHasOneTestcasePerTrackAndCheckAndEscapes() {
    let xml = JUnitReportRenderer.render(report())
    #expect(xml.components(separatedBy: "<testcase ").count - 1 == StandardChecks.all.count)
    #expect(xml.contains("failures=\"1\""))
    #expect(xml.contains("<failure type=\"expected-outcome\" message=\"labelled cancel, got finish (threshold)\">"))
    #expect(xml.contains("outcome: finish (threshold); expected: cancel"), "the body holds the detail")
    #expect(xml.contains("name=\"track 1: expected-outcome [transition]\""))
    #expect(JUnitReportRenderer.escape("bad\u{1}\u{1b}[31mname\u{FFFE}") == "bad[31mname", "XML-invalid characters are dropped")
    #expect(JUnitReportRenderer.escape("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;")
}
