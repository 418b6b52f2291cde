import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeReplay
@testable import TouchTapeLive

private let sizes = [TerminalSize(columns: 40, rows: 12), TerminalSize(columns: 80, rows: 24),
                     TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 20, rows: 5)]

/// A state in the middle of a gesture (driving, with a would-be decision) after two
/// finished ones, one failing its label.
private func midGestureState(settings: SessionSettings = SessionSettings()) throws -> LiveState {
    let (source, description, items) = try bundledItems("touchscreen-pan-down-finish.evemu")
    var live = try LiveSession(description: description, file: source.eventsPath,
                               source: .init(deviceName: description.name, kind: .touchscreen, protocolName: "B", origin: "rec.evemu"),
                               settings: settings)
    var pass = 0
    while pass < 3 {
        for item in items {
            switch item {
            case .event(let e):
                live.feed(e, clock: 0)
                if pass == 2, live.state.current?.wouldDecide != nil, (live.state.current?.progress ?? 0) > 0.2 { return live.state }
            case .annotation(let a): live.mark(a)
            }
        }
        if pass == 0 { _ = live.press(.labelCancel) }   // the second gesture now fails expected-outcome
        live.restart(clock: 0)
        pass += 1
    }
    Issue.record("never in the middle of a pan")
    return live.state
}

@Test(arguments: sizes)
func linesFitTheTerminal(size: TerminalSize) throws {
    let state = try midGestureState()
    let plain = LiveView.render(state, size: size, color: false)
    let coloured = LiveView.render(state, size: size, color: true)
    #expect(plain.count <= size.rows && plain.count == coloured.count)
    #expect(plain.count == min(size.rows, plain.count))
    for (text, styled) in zip(plain, coloured) {
        #expect(text.count <= size.columns, "\(text)")
        #expect(!text.contains("\u{1B}"))
        // Colour adds escapes only: the visible text is the same.
        #expect(withoutEscapes(styled) == text)
    }
}

/// `text` without SGR sequences (`ESC [ … m`).
private func withoutEscapes(_ text: String) -> String {
    var out = ""
    var inEscape = false
    for character in text {
        if character == "\u{1B}" { inEscape = true; continue }
        if inEscape { if character == "m" { inEscape = false }; continue }
        out.append(character)
    }
    return out
}

@Test func aLargeTerminalShowsEverything() throws {
    let state = try midGestureState()
    let text = LiveView.render(state, size: TerminalSize(columns: 120, rows: 40), color: false).joined(separator: "\n")
    #expect(text.contains("progress  ["))
    #expect(text.contains("|"))                     // the threshold on the bar
    #expect(text.contains("thr 0.33"))
    #expect(text.contains("velocity  ["))
    #expect(text.contains("!"))                     // the flick velocity on the velocity bar
    #expect(text.contains("fingers 1"))
    #expect(text.contains("phase changed"))
    #expect(text.contains("if released now: FINISH by "))
    #expect(text.contains("outcome now     check reason"))          // history header
    #expect(text.contains("prog  v pt/s  label"))
    #expect(text.contains("cancel(k)"))
    #expect(text.contains("FAIL  "))
    #expect(text.contains("gesture 2 expected-outcome: "))     // the failure's detail
    #expect(text.contains("frame time"))
    #expect(text.contains("keys: q quit  s save  f c n x label  up/down select  space pause  . step  [ ] threshold"))
}

@Test func aSmallTerminalKeepsTheEssentials() throws {
    let state = try midGestureState()
    let lines = LiveView.render(state, size: TerminalSize(columns: 40, rows: 12), color: false)
    #expect(lines.count == 12)
    let text = lines.joined(separator: "\n")
    #expect(text.contains("progress  ["))
    #expect(text.contains("if released now"))
    #expect(text.contains("outcome now"))
    #expect(lines.allSatisfy { $0.count <= 40 })
}

@Test func colourMarksFailuresRedAndNoColourHasNone() throws {
    let state = try midGestureState()
    let coloured = LiveView.render(state, size: TerminalSize(columns: 120, rows: 40), color: true)
    let failing = try #require(coloured.first { $0.contains("FAIL ") })
    #expect(failing.contains("\u{1B}[31mFAIL "))
    #expect(coloured.contains { $0.contains("\u{1B}[31mgesture 2 expected-outcome: ") })
    #expect(coloured.contains { $0.contains("\u{1B}[32mok") })
    let plain = LiveView.render(state, size: TerminalSize(columns: 120, rows: 40), color: false)
    #expect(plain.allSatisfy { !$0.contains("\u{1B}") })
}

@Test func theThresholdMarkMovesWithTheSettings() throws {
    var state = try midGestureState()
    func bar(_ s: LiveState) -> String {
        LiveView.render(s, size: TerminalSize(columns: 80, rows: 24), color: false).first { $0.hasPrefix("progress") }!
    }
    let before = bar(state)
    // The gesture in progress keeps its settings; with none on screen, the new threshold shows.
    state.change { $0.threshold = 0.8 }
    #expect(bar(state) == before)
    let settingsLine = LiveView.render(state, size: TerminalSize(columns: 120, rows: 24), color: false)[1]
    #expect(settingsLine.contains("threshold 0.80*"))
    #expect(settingsLine.contains("(applies from the next gesture)"))
}

@Test func controlCharactersInADeviceNameAreNotSentToTheTerminal() {
    let line = ScreenLine("evil\u{1B}[2Jname")
    #expect(line.plainText == "evil\\x1b[2Jname")
    #expect(ScreenLine("csi\u{9B}31m").plainText == "csi\\x9b31m", "C1 too (8-bit CSI)")
}

@Test func aWaitingScreenSaysSo() throws {
    let state = try LiveState(source: .init(deviceName: "pad", kind: .touchpad, protocolName: "B", origin: "/dev/input/event3"),
                              settings: SessionSettings())
    let text = LiveView.render(state, size: TerminalSize(columns: 80, rows: 24), color: false).joined(separator: "\n")
    #expect(text.contains("waiting for a touch"))
    #expect(text.contains("no finished gesture yet"))
    #expect(text.contains("\"pad\" touchpad B  /dev/input/event3"))
}

/// Under a toolkit whose unit is not the point, every number on the screen says its unit,
/// the history's velocity column too.
@Test func theHistorySaysTheProfilesUnit() throws {
    var settings = SessionSettings()
    settings.profile = .bottomsheet
    let text = LiveView.render(try midGestureState(settings: settings), size: TerminalSize(columns: 120, rows: 40), color: false)
        .joined(separator: "\n")
    #expect(text.contains("prog  v px/s  label"), "\(text)")
    #expect(!text.contains("pt"))
}

/// The legend is wrapped at its groups of keys, not cut at the edge: every key is on screen
/// at 80 columns (it ended at `[ ] th`, and at 120 columns at `p pr`), and no line is wider
/// than the terminal.
@Test(arguments: [80, 120])
func theLegendIsWrappedNotCut(columns: Int) throws {
    let state = try midGestureState()
    let lines = LiveView.render(state, size: TerminalSize(columns: columns, rows: 40), color: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("keys: ") })
    let legend = lines[start...].prefix { $0.hasPrefix("keys: ") || $0.hasPrefix("  ") }.joined(separator: " ")
    for key in ["q quit", "s save", "[ ] threshold", "- + flick", "p profile", "e edge", "0 reset"] {
        #expect(legend.contains(key), "\(columns) columns: \(legend)")
    }
    #expect(lines.allSatisfy { $0.count <= columns })
}
