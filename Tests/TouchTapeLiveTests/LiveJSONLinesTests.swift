import Foundation
import Testing
import TouchTapeReplay
@testable import TouchTapeLive

@Test func everyLineIsOneJSONObjectThatStartsWithItsType() throws {
    var (live, events) = try liveRun("touchscreen-flick-up-cancel.evemu")
    _ = live.press(.thresholdUp) { events.append($0) }
    live.saved(to: "s.evemu") { events.append($0) }
    live.saveFailed("disk full") { events.append($0) }
    var lines = events.map(LiveJSONLines.line)
    lines.append(LiveJSONLines.ready(live.state))
    lines.append(LiveJSONLines.summary(live.state))
    var types = Set<String>()
    for line in lines {
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("{\"type\":\""), "\(line)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        types.insert(object["type"] as! String)
    }
    #expect(types == ["pan", "decision", "completion", "track", "settings", "save", "saveFailed", "ready", "summary"])
}

@Test func aTrackLineHoldsTheReplayReportsTrackFields() throws {
    let (live, _) = try liveRun("touchscreen-pan-back-cancel.evemu")
    let entry = try #require(live.state.history.last)
    let line = LiveJSONLines.line(.track(entry))
    let replay = JSONReportRenderer.track(entry.report).compactRendered()
    // `{"type":…,"gesture":…,"label":…,` then exactly the report's members.
    #expect(line.hasSuffix(String(replay.dropFirst())))
    #expect(line.hasPrefix("{\"type\":\"track\",\"gesture\":\(entry.gesture),\"label\":\"file\","))
}
