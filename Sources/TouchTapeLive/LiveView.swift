import TouchTapeDismissal
import TouchTapeReplay

/// The live screen as lines: a pure function of the state, the terminal size and the
/// colour flag, so every layout is unit-tested without a terminal.
///
/// Top to bottom: title; settings; the gesture (fingers, pan phase); the progress bar
/// with the threshold `|`; the velocity bar with the flick velocity `!` on both sides;
/// translation; the decision if the fingers lifted now (or the one taken) and why; the
/// completion running to 1 or 0; the history of finished gestures with their checks
/// (failures red, with detail for the last one); timing and totals; a message; the keys.
/// A small terminal loses the least important lines first (the history shrinks to fit).
package enum LiveView {
    /// The screen's lines, at most `size.rows`, each at most `size.columns` visible characters.
    package static func render(_ state: LiveState, size: TerminalSize, color: Bool) -> [String] {
        lines(state, size: size).map { $0.rendered(width: size.columns, color: color) }
    }

    /// The same, unstyled pieces kept (for tests and the renderer).
    package static func lines(_ state: LiveState, size: TerminalSize) -> [ScreenLine] {
        let width = max(size.columns, 1)
        let rows = max(size.rows, 1)
        var blocks: [Block] = [
            Block(priority: 10, [title(state)]),
            Block(priority: 9, [settings(state)]),
            Block(priority: 7, [gestureLine(state)]),
            Block(priority: 10, [progressBar(state, width: width)]),
            Block(priority: 6, [velocityBar(state, width: width)]),
            Block(priority: 3, [translationLine(state)]),
            Block(priority: 10, [decisionLine(state)]),
            Block(priority: 7, [completionLine(state, width: width)]),
            Block(priority: 1, [ScreenLine()]),
            Block(priority: 8, history: true, historyHeader(unit: state.configuration.dismissal.unit.symbol)),
            Block(priority: 7, failureLines(state)),
            Block(priority: 5, [statsLine(state)]),
            // Wrapped rather than cut at the edge: a long message's end, and the legend's
            // settings keys, were lost at 80 and even 120 columns. Short of rows, the later
            // lines of a block go first.
            Block(priority: 8, state.message.map { message in
                TextReportRenderer.wrap(message.text, indent: "  ", width: width).map { ScreenLine($0, message.isError ? .red : .cyan) }
            } ?? []),
            Block(priority: 5, TextReportRenderer.wrap("keys: " + LiveKey.legend, indent: "  ", width: width, separator: "  ")
                .map { ScreenLine($0, .dim) }),
        ]
        blocks.removeAll { $0.lines.isEmpty && !$0.isHistory }
        // The history needs its header and one entry; drop the least important blocks
        // (the later one among equals) until the rest fits.
        func needed() -> Int { blocks.reduce(0) { $0 + ($1.isHistory ? 2 : $1.lines.count) } }
        while needed() > rows, let drop = blocks.indices.min(by: {
            (blocks[$0].priority, -$0) < (blocks[$1].priority, -$1)
        }) {
            if blocks[drop].lines.count > 1, !blocks[drop].isHistory {
                blocks[drop].lines.removeLast()   // failures: keep the first ones
            } else {
                blocks.remove(at: drop)
            }
        }
        var out: [ScreenLine] = []
        let historyRows = rows - needed() + 2
        for block in blocks {
            if block.isHistory {
                out += block.lines
                out += historyEntries(state, count: historyRows - block.lines.count)
            } else {
                out += block.lines
            }
        }
        return Array(out.prefix(rows))
    }

    /// A group of lines that stays or goes together.
    private struct Block {
        var priority: Int
        var isHistory: Bool
        var lines: [ScreenLine]

        init(priority: Int, history: Bool = false, _ lines: [ScreenLine]) {
            self.priority = priority
            self.isHistory = history
            self.lines = lines
        }
    }

    // MARK: Lines

    static func title(_ state: LiveState) -> ScreenLine {
        let s = state.source
        var line = ScreenLine("touchtape live", .bold)
        // The status first: on a narrow terminal the path is what gets cut, not "q quits".
        if let status = state.status { line.append("  [\(status)]", .yellow) }
        line.append("  \"\(s.deviceName)\" \(s.kind.rawValue) \(s.protocolName)  \(s.origin)")
        if let speed = s.speed { line.append("  x" + compact(speed)) }
        return line
    }

    static func settings(_ state: LiveState) -> ScreenLine {
        let s = state.settings
        var line = ScreenLine("profile \(s.profile.rawValue)")
        line.append("  threshold " + (s.effectiveThreshold.map { LiveFormat.fixed($0, 2) } ?? "none") + (s.threshold != nil ? "*" : ""))
        line.append("  flick " + (s.effectiveFlickVelocity.map { ">=" + LiveFormat.fixed($0, 0) + " \(state.configuration.dismissal.unit.symbol)/s" } ?? "off")
                    + (s.flickVelocity != nil || !s.flickEnabled ? "*" : ""))
        line.append("  edge \(s.effectiveEdge.rawValue)" + (s.edge != nil ? "*" : ""))
        line.append("  distance " + LiveFormat.fixed(state.configuration.dismissal.progressDistance, 0) + " \(state.configuration.dismissal.unit.symbol)")
        if let current = state.current, !current.ended, current.settings != s {
            line.append("  (applies from the next gesture)", .yellow)
        }
        return line
    }

    static func gestureLine(_ state: LiveState) -> ScreenLine {
        guard let g = state.current else { return ScreenLine("waiting for a touch", .dim) }
        var text = "gesture \(g.gesture)"
        if g.track != g.gesture { text += " (track \(g.track))" }
        text += g.ended ? "  lifted" : "  fingers \(g.fingers)"
        text += "  phase " + (g.phase?.rawValue ?? "possible")
        return ScreenLine(text)
    }

    static func progressBar(_ state: LiveState, width: Int) -> ScreenLine {
        let g = state.current
        // The running gesture's own (none under photozoom), not the pending settings'.
        let threshold = g.map { $0.threshold } ?? state.settings.effectiveThreshold
        let progress = g?.completion.map { $0.value(atClock: state.clock) } ?? g?.progress
        let suffix = " " + (progress.map { LiveFormat.fixed($0, 3) } ?? "  -  ")
            + "  thr " + (threshold.map { LiveFormat.fixed($0, 2) } ?? "none")
        let cells = max(4, width - 12 - suffix.count)
        var bar = Array(repeating: Character("."), count: cells)
        if let progress {
            let filled = Int((min(max(progress, 0), 1) * Double(cells)).rounded())
            for i in 0..<filled { bar[i] = "#" }
        }
        if let threshold, threshold >= 0, threshold <= 1 {
            bar[min(cells - 1, Int((threshold * Double(cells)).rounded()))] = "|"
        }
        var line = ScreenLine("progress  [")
        line.append(String(bar), g?.stage == .decided ? outcomeStyle(g?.decided?.outcome) : .plain)
        line.append("]" + suffix)
        return line
    }

    static func velocityBar(_ state: LiveState, width: Int) -> ScreenLine {
        let g = state.current
        let flick = g.map { $0.flickVelocity } ?? state.settings.effectiveFlickVelocity
        let velocity = g?.velocity ?? 0
        // The gesture's own unit (a `p` since it began changes the next one's).
        let unit = (g?.configuration ?? state.configuration).dismissal.unit.symbol
        let suffix = " " + LiveFormat.padLeft(LiveFormat.signed(velocity, 0), 6) + " \(unit)/s  flick "
            + (flick.map { LiveFormat.fixed($0, 0) } ?? "off")
        var cells = max(5, width - 12 - suffix.count)
        if cells % 2 == 0 { cells -= 1 }
        let half = cells / 2
        let scale = max((flick ?? 1000) * 2, 100)
        var bar = Array(repeating: Character(" "), count: cells)
        let reach = Int((min(max(velocity / scale, -1), 1) * Double(half)).rounded())
        if reach > 0 { for i in 1...reach { bar[half + i] = i == reach ? ">" : "=" } }
        if reach < 0 { for i in 1...(-reach) { bar[half - i] = i == -reach ? "<" : "=" } }
        bar[half] = ":"
        if let flick {
            let mark = min(half, Int((flick / scale * Double(half)).rounded()))
            bar[half + mark] = "!"
            bar[half - mark] = "!"
        }
        return ScreenLine("velocity  [" + String(bar) + "]" + suffix)
    }

    static func translationLine(_ state: LiveState) -> ScreenLine {
        guard let g = state.current else { return ScreenLine() }
        return ScreenLine("translation " + LiveFormat.signed(g.translation, 1) + " \(g.configuration.dismissal.unit.symbol) towards \(g.edge.rawValue)"
                          + (g.rawProgress.map { "  raw fraction " + LiveFormat.fixed($0, 3) } ?? ""))
    }

    static func decisionLine(_ state: LiveState) -> ScreenLine {
        guard let g = state.current else { return ScreenLine("if released now: -", .dim) }
        switch g.stage {
        case .touching:
            return ScreenLine(g.ended ? "no pan: the gesture never moved past the slop" : "if released now: - (no pan yet)", .dim)
        case .refused:
            return ScreenLine([("if released now: ", .plain), ("NONE", .yellow),
                               (" (refused: the controller started no transition)", .plain)])
        case .driving:
            guard let d = g.wouldDecide else { return ScreenLine("if released now: -", .dim) }
            return ScreenLine([("if released now: ", .plain), (d.outcome.rawValue.uppercased(), outcomeStyle(d.outcome)),
                               (" by \(d.reason)  \(d.detail)", .plain)])
        case .decided:
            guard let d = g.decided else { return ScreenLine() }
            return ScreenLine([("released: ", .bold), (d.outcome.rawValue.uppercased(), outcomeStyle(d.outcome)),
                               (" by \(d.reason)  \(d.detail)", .plain)])
        }
    }

    static func completionLine(_ state: LiveState, width: Int) -> ScreenLine {
        guard let c = state.current?.completion else { return ScreenLine("completion -", .dim) }
        let value = c.value(atClock: state.clock)
        let done = c.isFinished(atClock: state.clock)
        return ScreenLine("completion " + c.outcome.rawValue + " " + LiveFormat.fixed(value, 3) + " -> "
                          + LiveFormat.fixed(c.target, 0) + "  (" + LiveFormat.fixed(c.duration, 2) + " s)"
                          + (done ? "  done" : ""))
    }

    /// The history's columns and widths (the last takes what is left). At 80 columns
    /// everything but the settings column's tail fits: the gesture number with the
    /// selection mark, its outcome, its outcome under the settings now in force (`now`,
    /// `!` where it flips), the checks, and what it ran under (`t0.33 f1200`).
    /// `unit`: the profile's (`pt`, `dp`, `px`), as the velocity column's header says.
    static func historyColumns(unit: String) -> [(String, Int)] {
        [("  #", 6), ("outcome", 8), ("now", 8), ("check", 6), ("reason", 15), ("prog", 6), ("v \(unit)/s", 8), ("label", 11),
         ("ran under", 0)]
    }

    static func historyHeader(unit: String) -> [ScreenLine] {
        [ScreenLine(historyColumns(unit: unit).map { $0.1 == 0 ? $0.0 : LiveFormat.pad($0.0, $0.1) }.joined(), .bold)]
    }

    /// The newest `count` rows, newest first, always including the selected one.
    static func historyEntries(_ state: LiveState, count: Int) -> [ScreenLine] {
        guard count > 0 else { return [] }
        if state.history.isEmpty { return [ScreenLine("no finished gesture yet", .dim)] }
        var newest = state.history.count - 1
        if let selection = state.selection { newest = min(newest, selection + count - 1) }
        let oldest = max(0, newest - count + 1)
        return (oldest...newest).reversed().map { historyRow(state, index: $0) }
    }

    static func historyRow(_ state: LiveState, index: Int) -> ScreenLine {
        let entry = state.history[index]
        let r = entry.report
        let selected = state.selection == index
        var label = r.expected?.rawValue ?? "-"
        if entry.labelSource != .none { label += entry.labelSource == .file ? "(f)" : "(k)" }
        if entry.savedTo != nil { label += " s" }
        let cell = { (text: String, width: Int) in LiveFormat.pad(text, width - 1) + " " }
        // A gesture that ran under a profile of another unit (after `p`) says its own.
        let rowUnit = entry.settings.profile.unit == state.configuration.dismissal.unit ? "" : entry.settings.profile.unit.symbol
        var line = ScreenLine(cell((selected ? "> " : "  ") + String(entry.gesture), 6), selected ? .bold : .plain)
        line.append(cell(r.outcome.rawValue, 8), outcomeStyle(r.outcome))
        if let now = entry.now {
            line.append(cell(now.rawValue + (entry.flips ? "!" : ""), 8), entry.flips ? .yellow : .plain)
        } else {
            line.append(cell("-", 8), .dim)
        }
        if entry.labelPending && entry.labelSource == .none {
            line.append(cell("...", 6), .dim)   // the recording's label is still to come
        } else {
            line.append(cell(entry.passed ? "ok" : "FAIL", 6), entry.passed ? .green : .red)
        }
        line.append(cell(r.reason.description, 15) + cell(r.releaseProgress.map { LiveFormat.fixed($0, 3) } ?? "-", 6)
                    + cell(entry.releaseVelocity.map { LiveFormat.signed($0, 0) + rowUnit } ?? "-", 8) + cell(label, 11))
        line.append(ranUnder(entry.settings, now: state.settings), entry.settings == state.settings ? .dim : .plain)
        return line
    }

    /// The threshold and flick velocity a gesture ran under, short (`t0.33 f1200`, `t- f-`),
    /// and its profile and edge where they are not the ones now in force (`t0.33 f1200
    /// easytransitions left`): a `p` or `e` changes them, and a row must say what it ran under.
    static func ranUnder(_ settings: SessionSettings, now: SessionSettings? = nil) -> String {
        var text = "t" + (settings.effectiveThreshold.map { LiveFormat.fixed($0, 2) } ?? "-")
            + " f" + (settings.effectiveFlickVelocity.map { LiveFormat.fixed($0, 0) } ?? "-")
        guard let now else { return text }
        if settings.profile != now.profile { text += " \(settings.profile.rawValue)" }
        if settings.effectiveEdge != now.effectiveEdge { text += " \(settings.effectiveEdge)" }
        return text
    }

    /// The failed checks of the selected gesture if it failed, else of the latest gesture
    /// that failed one, with their detail.
    static func failureLines(_ state: LiveState) -> [ScreenLine] {
        let selected = state.selection.map { state.history[$0] }.flatMap { $0.passed ? nil : $0 }
        guard let shown = selected ?? state.history.last(where: { !$0.passed }) else { return [] }
        return shown.report.failedChecks.map { ScreenLine("gesture \(shown.gesture) \($0.name): \($0.detail)", .red) }
    }

    static func statsLine(_ state: LiveState) -> ScreenLine {
        // The counts first: at 80 columns the frame times are what the edge cuts.
        let t = state.timing
        var line = ScreenLine("gestures \(state.history.count): ")
        line.append("\(state.passed) passed", .green)
        line.append(", ")
        line.append("\(state.failed) failed", state.failed > 0 ? .red : .plain)
        line.append("   frame time (read -> decision) " + micro(t.lastMicroseconds) + ", mean " + micro(Int64(t.meanMicroseconds.rounded()))
                    + ", max " + micro(t.maximumMicroseconds))
        return line
    }

    private static func micro(_ value: Int64) -> String { "\(value) us" }

    private static func outcomeStyle(_ outcome: Outcome?) -> ScreenLine.Style {
        switch outcome {
        case .finish?: return .green
        case .cancel?: return .yellow
        case .none?, nil: return .plain
        }
    }

    private static func compact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int64(value)) : LiveFormat.fixed(value, 2)
    }
}
