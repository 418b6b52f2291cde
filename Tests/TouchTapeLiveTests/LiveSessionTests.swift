import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
import TouchTapeReplay
import TouchTapeTracks
@testable import TouchTapeLive

/// Live runs the replay's pipeline and checks: with the file's labels, its history is
/// the replay report, row for row.
@Test(arguments: bundledNames)
func historyEqualsTheReplayReport(name: String) throws {
    let (live, _) = try liveRun(name)
    let (source, _, _) = try bundledItems(name)
    var replayed: [TrackReport] = []
    try RecordingReplay.run(source, configuration: try SessionSettings().configuration()) { replayed.append($0.report) }
    #expect(live.state.history.count == replayed.count)
    for (entry, report) in zip(live.state.history, replayed) {
        #expect(JSONReportRenderer.track(entry.report) == JSONReportRenderer.track(report), "\(name) track \(report.track)")
        #expect(entry.labelSource != .key)
        if report.expected != nil { #expect(entry.labelSource == .file) }
    }
}

@Test func aGestureIsCheckedWhenItEndsBeforeAnyLabel() throws {
    let (_, events) = try liveRun("touchscreen-pan-down-finish.evemu")
    let tracks = events.compactMap { event -> LiveHistoryEntry? in
        if case .track(let entry) = event { return entry }
        return nil
    }
    // Each of the two tracks: once at its end (no label, so no expected-outcome check),
    // once when the file's mark arrives.
    #expect(tracks.map(\.labelSource) == [.none, .file, .none, .file])
    #expect(tracks[0].report.checks.contains { $0.name == "expected-outcome" } == false
            || tracks[0].report.expected == nil)
    #expect(tracks[1].report.expected == .finish)
}

@Test func decisionsAndCompletionsAreReportedInOrderWithTheWouldBeDecisionBefore() throws {
    let (_, events) = try liveRun("touchscreen-flick-down-finish.evemu")
    var kinds: [String] = []
    var lastWouldDecide: Decision?
    for event in events {
        switch event {
        case .panSample(_, _, _, _, let would, _): if let would { lastWouldDecide = would }; kinds.append("pan")
        case .decision(_, _, let d):
            kinds.append("decision")
            #expect(d.outcome == .finish && d.reason == .flick)
        case .completion(_, _, let c):
            kinds.append("completion")
            #expect(c.target == 1 && c.duration > 0)
        case .track: kinds.append("track")
        default: break
        }
    }
    #expect(lastWouldDecide != nil)
    let decision = try #require(kinds.firstIndex(of: "decision"))
    #expect(kinds[decision + 1] == "completion")
    #expect(kinds.lastIndex(of: "pan")! < decision)
}

@Test func aSettingsKeyAppliesFromTheNextGesture() throws {
    let (source, description, items) = try bundledItems("touchscreen-pan-down-finish.evemu")
    var live = try LiveSession(description: description, file: source.eventsPath,
                               source: .init(deviceName: "d", kind: .touchscreen, protocolName: "B", origin: "f"),
                               settings: SessionSettings())
    var pressed = false
    for item in items {
        switch item {
        case .event(let e):
            live.feed(e, clock: 0)
            // During the first gesture, raise the threshold to 0.9: the first keeps 1/3.
            if !pressed, live.state.current?.stage == .driving {
                for _ in 0..<12 { _ = live.press(.thresholdUp) }
                pressed = true
                #expect(live.state.current?.threshold == 1.0 / 3.0)
                #expect(live.state.settings.threshold == 0.9)
            }
        case .annotation(let a): live.mark(a)
        }
    }
    live.finish(clock: 0)
    let outcomes = live.state.history.map(\.report.outcome)
    #expect(outcomes == [.finish, .cancel])
    #expect(live.state.history[1].report.reason == .threshold)
    // The file says finish: the second gesture fails its label under 0.9.
    #expect(live.state.passed == 1 && live.state.failed == 1)
}

@Test func labellingTheLastGestureRunsItsChecksAgain() throws {
    var (live, _) = try liveRun("touchscreen-short-hold.evemu")
    let outcome = try #require(live.state.history.last?.report.outcome)
    var emitted: [LiveEvent] = []
    _ = live.press(outcome == .finish ? .labelCancel : .labelFinish) { emitted.append($0) }
    let relabelled = try #require(live.state.history.last)
    #expect(relabelled.labelSource == .key)
    #expect(!relabelled.passed)
    #expect(relabelled.report.failedChecks.map(\.name) == ["expected-outcome"])
    #expect(live.state.message?.isError == true)
    #expect(emitted.count == 1)
    // n: "must not dismiss", which a gesture that started the transition fails, saying when.
    _ = live.press(.labelNone)
    #expect(live.state.history.last?.report.expected == ExpectedOutcome.none)
    #expect(live.state.history.last?.passed == false)
    #expect(live.state.history.last?.report.failedChecks.first?.detail.contains("the transition began at t=") == true)
    // x: clears the label: nothing expected, passes again.
    _ = live.press(.labelClear)
    #expect(live.state.history.last?.passed == true)
    #expect(live.state.history.last?.report.expected == nil)
}

@Test func saveHandsOverTheLastGesturesEventsAndLabel() throws {
    var (live, _) = try liveRun("touchscreen-pan-down-finish.evemu", keysAfter: [.labelCancel])
    guard case .save(let saved) = live.press(.save) else { Issue.record("no save"); return }
    #expect(saved.track == 2 && saved.annotation.expected == .cancel)
    // The events are exactly the second track's, as the track splitter cuts them.
    let (source, _, _) = try bundledItems("touchscreen-pan-down-finish.evemu")
    let recording = try RecordingReader.read(source)
    let track = try #require(recording.tracks(units: MillimetreConversion(description: recording.description)).last)
    #expect(saved.events.filter { !($0.eventType == .abs && $0.code == EventCodes.ABS_MT_SLOT) }
            == track.events.filter { !($0.eventType == .abs && $0.code == EventCodes.ABS_MT_SLOT) })
    live.saved(to: "x.evemu")
    #expect(live.state.history.last?.savedTo == "x.evemu")
    #expect(live.state.message?.text.contains("saved gesture 2") == true)
}

@Test func nothingToLabelOrSaveBeforeTheFirstGesture() throws {
    let (_, description, _) = try bundledItems("touchscreen-pan-down-finish.evemu")
    var live = try LiveSession(description: description, file: "f",
                               source: .init(deviceName: "d", kind: .touchscreen, protocolName: "B", origin: "f"),
                               settings: SessionSettings())
    guard case .handled = live.press(.save) else { Issue.record("save without a gesture"); return }
    #expect(live.state.message?.isError == true)
    _ = live.press(.labelFinish)
    #expect(live.state.message?.text.contains("no finished gesture") == true)
    guard case .quit = live.press(.quit) else { Issue.record("q must quit"); return }
}

@Test func aLoopPassStartsAFreshPipelineAndNumbersGoOn() throws {
    let (source, description, items) = try bundledItems("touchscreen-flick-up-cancel.evemu")
    var live = try LiveSession(description: description, file: source.eventsPath,
                               source: .init(deviceName: "d", kind: .touchscreen, protocolName: "B", origin: "f"),
                               settings: SessionSettings())
    for pass in 0..<2 {
        if pass > 0 { live.restart(clock: 0) }
        for item in items {
            switch item {
            case .event(let e): live.feed(e, clock: 0)
            case .annotation(let a): live.mark(a)
            }
        }
    }
    live.finish(clock: 0)
    let history = live.state.history
    #expect(history.count % 2 == 0 && !history.isEmpty)
    let half = history.count / 2
    #expect(history.map(\.gesture) == Array(1...history.count))
    #expect(history[..<half].map(\.report.track) == history[half...].map(\.report.track))
    #expect(history[..<half].map(\.report.outcome) == history[half...].map(\.report.outcome))
}

// Issue 24: the arrows select a history row; f c n x and s act on it; every row keeps
// the settings it ran under and, once they change, its outcome under the new ones.

@Test func theArrowsSelectARowThatLabelAndSaveActOn() throws {
    var (live, _) = try liveRun("touchscreen-pan-down-finish.evemu")
    #expect(live.state.history.count == 2 && live.state.selection == nil && live.state.selectedIndex == 1)
    live.press(.up)
    #expect(live.state.selection == 0)
    live.press(.up)
    #expect(live.state.selection == 0, "the oldest stays selected")
    _ = live.press(.labelCancel)
    #expect(live.state.history[0].report.expected == .cancel && live.state.history[0].labelSource == .key)
    #expect(live.state.history[1].labelSource != .key, "the newest is untouched")
    guard case .save(let saved) = live.press(.save) else { Issue.record("no save"); return }
    #expect(saved.gesture == 1 && saved.track == 1 && saved.annotation.expected == .cancel)
    live.saved(to: "x.evemu")
    #expect(live.state.history[0].savedTo == "x.evemu" && live.state.history[1].savedTo == nil)
    live.press(.down)
    #expect(live.state.selection == 1)
    live.press(.down)
    #expect(live.state.selection == nil && live.state.selectedIndex == 1, "down from the newest follows the newest")
}

/// Deciding a gesture again from its kept events under the settings it ran under gives
/// the outcome it had: the re-decision is the same pipeline, not an approximation.
@Test(arguments: bundledNames)
func aGestureDecidedAgainUnderItsOwnSettingsKeepsItsOutcome(name: String) throws {
    let (live, _) = try liveRun(name)
    let (_, description, _) = try bundledItems(name)
    let configuration = try SessionSettings().configuration()
    #expect(!live.state.history.isEmpty)
    for entry in live.state.history {
        #expect(!entry.events.isEmpty)
        let again = LiveSession.outcome(of: entry.events, description: description, file: "f", configuration: configuration)
        #expect(again == entry.report.outcome, "\(name) gesture \(entry.gesture)")
    }
}

@Test func changingASettingDecidesThePastGesturesAgain() throws {
    var (live, _) = try liveRun("touchscreen-pan-down-finish.evemu")
    let before = live.state.history.map(\.report.outcome)
    #expect(before == [.finish, .finish])
    #expect(live.state.history.allSatisfy { $0.now == nil && !$0.flips })
    // ] six times: threshold 0.33 → 0.63; both were released near 0.5 without a flick.
    for _ in 0..<6 { _ = live.press(.thresholdUp) }
    #expect(live.state.history.map(\.now) == [.cancel, .cancel])
    #expect(live.state.history.allSatisfy { $0.flips })
    #expect(live.state.history.map(\.report.outcome) == before, "what happened stays as it happened")
    // 0: back to the starting settings, the ones they ran under: nothing to re-decide.
    _ = live.press(.resetSettings)
    #expect(live.state.history.allSatisfy { $0.now == nil })
}

/// `0` returns to the settings the session started with (here a threshold given on the
/// command line or in `touchtape.yml`), not to the profile's own: the gestures ran under
/// them, so the `now` column clears, and the closing `touchtape replay` line keeps the
/// user's threshold.
@Test func resetReturnsToTheStartingSettingsNotTheProfiles() throws {
    let starting = SessionSettings(profile: .transition, threshold: 0.6)
    var (live, _) = try liveRun("touchscreen-pan-down-finish.evemu", settings: starting)
    let ranUnder = live.state.history.map(\.report.outcome)
    for key: LiveKey in [.thresholdDown, .thresholdDown, .thresholdDown, .toggleFlick, .nextEdge, .nextProfile] { _ = live.press(key) }
    #expect(live.state.settings != starting)
    #expect(live.state.history.contains { $0.now != nil })
    var events: [LiveEvent] = []
    _ = live.press(.resetSettings) { events.append($0) }
    #expect(live.state.settings == starting)
    #expect(live.state.settings.replayArguments.contains("0.6"), "\(live.state.settings.replayArguments)")
    #expect(live.state.history.allSatisfy { $0.now == nil })
    #expect(live.state.history.map(\.report.outcome) == ranUnder)
    guard case .settings(let announced, _)? = events.last else { Issue.record("no settings event: \(events)"); return }
    #expect(announced == starting)
}

/// A key pressed while a gesture runs changes the settings from the next gesture; the running
/// one keeps its own, and when it ends its `now` column says what the new settings decide
/// (it showed `-`, as if it had run under them).
@Test func aGestureThatEndsAfterASettingsChangeGetsItsNowColumn() throws {
    let (source, description, items) = try bundledItems("touchscreen-pan-down-finish.evemu")
    var live = try LiveSession(description: description, file: source.eventsPath,
                               source: .init(deviceName: description.name, kind: description.classification.kind,
                                             protocolName: description.classification.touchProtocol.name, origin: "f"),
                               settings: SessionSettings())
    var pressed = false
    for item in items {
        switch item {
        case .event(let e): live.feed(e, clock: Int64(e.time.totalMicroseconds))
        case .annotation(let a): live.mark(a)
        }
        if !pressed, let current = live.state.current, !current.ended {
            for _ in 0..<6 { _ = live.press(.thresholdUp) }   // 0.33 → 0.63, from the next gesture
            pressed = true
        }
    }
    live.finish(clock: Int64.max / 4)
    #expect(pressed)
    let first = try #require(live.state.history.first)
    #expect(first.settings != live.state.settings, "it ran under the settings it began with")
    #expect(first.now == .cancel, "released at 0.566, under 0.63 it cancels: \(String(describing: first.now))")
}

/// `x` clears the label: the message says unlabelled, not "labelled none" (`n`'s words).
@Test func clearingALabelSaysUnlabelled() throws {
    var (live, _) = try liveRun("touchscreen-pan-down-finish.evemu", keysAfter: [.labelClear])
    #expect(live.state.message?.text.hasPrefix("gesture 2 unlabelled: passes") == true, "\(String(describing: live.state.message))")
    _ = live.press(.labelNone)
    #expect(live.state.message?.text.hasPrefix("gesture 2 labelled none") == true, "\(String(describing: live.state.message))")
}

/// A recording's gesture is shown `...` (its checks not final) until its mark is read, when
/// the next gesture begins or the recording ends: it read `ok`, then turned `FAIL`. And the
/// progress bar's threshold is the running gesture's own (none under photozoom), not the
/// pending settings' (it drew photozoom's gesture against the threshold a key had just set).
@Test func aRecordedGesturesChecksArePendingUntilItsLabelAndTheBarShowsItsOwnRules() throws {
    var (live, items) = try bundledLiveSession("touchscreen-pan-down-finish.evemu", settings: SessionSettings(profile: .photozoom))
    let size = TerminalSize(columns: 120, rows: 40)
    var sawPending = false, sawBar = false
    for item in items {
        switch item {
        case .event(let e): live.feed(e, clock: Int64(e.time.totalMicroseconds))
        case .annotation(let a): live.mark(a)
        }
        if live.state.history.count == 1, live.state.history[0].labelPending {
            sawPending = true
            #expect(LiveView.historyRow(live.state, index: 0).plainText.contains(" ...  "), "\(LiveView.historyRow(live.state, index: 0).plainText)")
        }
        if !sawBar, let current = live.state.current, !current.ended, current.progress != nil {
            _ = live.press(.thresholdUp)   // a threshold from the next gesture; this one keeps photozoom's none
            #expect(live.state.settings.threshold != nil)
            #expect(LiveView.progressBar(live.state, width: size.columns).plainText.hasSuffix("thr none"),
                    "\(LiveView.progressBar(live.state, width: size.columns).plainText)")
            sawBar = true
            _ = live.press(.resetSettings)
        }
    }
    live.finish(clock: Int64.max / 4)
    #expect(sawPending && sawBar)
    #expect(live.state.history.allSatisfy { !$0.labelPending })
    #expect(LiveView.historyRow(live.state, index: 0).plainText.contains(" ok "), "\(LiveView.historyRow(live.state, index: 0).plainText)")
}

/// A row says what it ran under: after `p` and `e` change the profile and edge, the rows
/// that ran under the old ones name them (a row read `t0.33 f1200` under either).
@Test func aRowRanUnderAnotherProfileOrEdgeNamesThem() throws {
    var (live, items) = try bundledLiveSession("touchscreen-pan-down-finish.evemu", settings: SessionSettings(profile: .transition))
    for item in items {
        switch item {
        case .event(let e): live.feed(e, clock: Int64(e.time.totalMicroseconds))
        case .annotation(let a): live.mark(a)
        }
    }
    live.finish(clock: Int64.max / 4)
    let before = LiveView.historyRow(live.state, index: 0).plainText
    #expect(before.hasSuffix("t0.33 f1200"), "\(before)")
    _ = live.press(.nextProfile)
    _ = live.press(.nextEdge)
    let after = LiveView.historyRow(live.state, index: 0).plainText
    #expect(after.hasSuffix("t0.33 f1200 transition bottom"), "\(after)")
    // A profile of another unit: the rows that ran in points say so, and the header's unit
    // keeps a space before the next column (it read "v lpx/slabel").
    while live.state.settings.profile != .flutter { _ = live.press(.nextProfile) }
    live.finish(clock: Int64.max / 4)
    let header = LiveView.historyHeader(unit: "lpx")[0].plainText
    #expect(header.contains("v lpx/s label"), "\(header)")
}
