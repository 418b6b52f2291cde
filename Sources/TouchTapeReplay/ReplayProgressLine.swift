/// The progress line a long replay shows on a terminal's stderr:
/// `replay: 12/40 files, 83 tracks, 25.1 tracks/s, about 5 s left`, redrawn in place.
/// A value fed the run's ``ReplayProgress`` and the time (seconds on any clock); it
/// says what to write, so the command decides where (a terminal only) and the tests
/// drive it with made-up times, never sleeps.
///
/// Nothing is shown for runs shorter than ``delay``, and at most one redraw per
/// ``interval``; ``finish()`` clears the line so the report starts on a clean one.
package struct ReplayProgressLine: Sendable {
    /// Seconds after the start before the first line (short runs stay silent).
    package var delay: Double
    /// Least seconds between two redraws.
    package var interval: Double
    package let start: Double
    private var lastDrawn: Double?

    package init(start: Double, delay: Double = 1, interval: Double = 0.2) {
        self.start = start
        self.delay = delay
        self.interval = interval
    }

    /// Whether a line is on the screen.
    package var isShowing: Bool { lastDrawn != nil }

    /// What to write now: the line, after a carriage return and an erase to its end;
    /// `nil` when it is too early or too soon after the last redraw.
    package mutating func update(_ progress: ReplayProgress, now: Double) -> String? {
        let elapsed = now - start
        guard elapsed >= delay else { return nil }
        if let lastDrawn, now - lastDrawn < interval, progress.filesDone < progress.filesTotal { return nil }
        lastDrawn = now
        return "\r\u{1B}[K" + Self.text(progress, elapsed: elapsed)
    }

    /// What erases the line at the end (`nil` when none was drawn).
    package func finish() -> String? {
        isShowing ? "\r\u{1B}[K" : nil
    }

    /// The words: files done of all, tracks so far, tracks per second, and the time left
    /// estimated from the files' pace (track totals are unknown until every file is read).
    package static func text(_ progress: ReplayProgress, elapsed: Double) -> String {
        var text = "replay: \(progress.filesDone)/\(progress.filesTotal) files, \(progress.tracksDone) track\(progress.tracksDone == 1 ? "" : "s")"
        guard elapsed > 0 else { return text }
        text += ", \(TextReportRenderer.fixed(Double(progress.tracksDone) / elapsed, 1)) tracks/s"
        if progress.filesDone > 0, progress.filesDone < progress.filesTotal {
            let left = elapsed / Double(progress.filesDone) * Double(progress.filesTotal - progress.filesDone)
            text += ", about \(duration(left)) left"
        }
        return text
    }

    /// `42 s`, `3 min 5 s`, `2 h 10 min`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \(s % 3600 / 60) min"
    }
}
