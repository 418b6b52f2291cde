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
    // `{"type":…,"gesture":…,"label":…,"ranUnder":{…},` then exactly the report's members.
    #expect(line.hasSuffix(String(replay.dropFirst())))
    #expect(line.hasPrefix("{\"type\":\"track\",\"gesture\":\(entry.gesture),\"label\":\"file\",\"ranUnder\":{\"profile\":\"transition\","))
}

/// A settings key: the line carries every gesture decided again, with the flips marked,
/// as the history's `now` column shows them.
@Test func aSettingsLineCarriesTheHistoryDecidedAgain() throws {
    var (live, events) = try liveRun("touchscreen-pan-down-finish.evemu")
    let before = try #require(live.state.history.last)
    #expect(before.report.outcome == .finish)
    // Raise the threshold past the release progress (0.566): the finish flips to cancel.
    for _ in 0..<6 { _ = live.press(.thresholdUp) { events.append($0) } }
    let line = try #require(events.map(LiveJSONLines.line).last { $0.hasPrefix("{\"type\":\"settings\"") })
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let history = try #require(object["history"] as? [[String: Any]])
    #expect(history.count == live.state.history.count)
    let last = try #require(history.last)
    #expect(last["outcome"] as? String == "finish")
    #expect(last["now"] as? String == (live.state.history.last?.now ?? .finish).rawValue)
    #expect((last["flips"] as? Bool) == live.state.history.last?.flips)
    #expect((object["threshold"] as? Double).map { $0 > 0.566 } == true, "\(line)")
    #expect(last["now"] as? String == "cancel" && last["flips"] as? Bool == true, "\(line)")
}
