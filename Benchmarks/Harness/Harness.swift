import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay

/// `tools/bench`'s plain, synchronous harness over the library (no async `main`, so
/// valgrind's callgrind can run it; see issue 13):
///
///     touchtape-bench-harness parse FILE    # the streaming reader alone: "EVENTS SECONDS"
///     touchtape-bench-harness replay FILE   # replay's pipeline + JSON report, streamed to /dev/null: "EVENTS SECONDS"
///     touchtape-bench-harness convert FILE  # `touchtape convert` to the other format, into /dev/null: "EVENTS SECONDS"
///     touchtape-bench-harness sweep FILE    # "EVENTS REPLAY_SECONDS SECONDS_PER_GRID_POINT" (see ``sweep(_:)``)
///     touchtape-bench-harness probes FILE   # "EVENTS REPLAY_SECONDS PROBED_SECONDS RATIO" (see ``probes(_:)``;
///                                           # TOUCHTAPE_BENCH_RUNS=300 runs each 300 times, for a profiler)
///     touchtape-bench-harness stability FILE   # the same with the stability analysis instead of probes
///     touchtape-bench-harness live-frame [FRAMES]   # live per-frame latency (see ``LiveFrame``)
///     touchtape-bench-harness adb-lines FILE   # `record --adb`'s line reader over a getevent capture in memory, 64 KiB
///                                             # reads as adb's pipe gives them: "EVENTS SECONDS"
///
/// `TOUCHTAPE_BENCH_PROBED=1` makes `replay` a probed replay, so that callgrind can count a
/// probed replay's instructions beside a plain one's (the `probes` mode runs both).
///
/// Seconds are CPU time of this process (user + system), so the figure is one core's.
@main
enum Harness {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "live-frame", arguments.count <= 2 {
            guard let frames = arguments.count == 2 ? Int(arguments[1]) : 200_000, frames > 0 else {
                fail("live-frame: FRAMES must be a positive whole number, not '\(arguments[1])'")
            }
            return LiveFrame.run(frames: frames)
        }
        guard arguments.count == 2, let mode = arguments.first, let path = arguments.last else {
            fail("usage: touchtape-bench-harness parse|replay|convert|sweep|probes|stability|adb-lines FILE, or live-frame [FRAMES]")
        }
        if mode == "adb-lines" { return adbLines(path) }
        if mode == "sweep" { return sweep(path) }
        if mode == "probes" { return probes(path) }
        if mode == "stability" { return probes(path, stability: true) }
        let start = cpuSeconds()
        switch mode {
        case "parse": _ = parse(path)
        case "replay": replay(path, probes: ProcessInfo.processInfo.environment["TOUCHTAPE_BENCH_PROBED"] == "1")
        case "convert": convert(path)
        default: fail("unknown mode '\(mode)'")
        }
        let seconds = cpuSeconds() - start
        print(parse(path), String(format: "%.6f", seconds))
    }

    /// Every event of the file through ``RecordingStream``, as replay reads them (the quick
    /// way first, ``RecordingStream/nextEvent()``).
    static func parse(_ path: String) -> Int {
        do {
            let stream = try RecordingStream(path: path)
            var events = 0
            while true {
                if stream.nextEvent() != nil { events += 1; continue }
                guard let item = try stream.next() else { break }
                if case .event = item { events += 1 }
            }
            return events
        } catch { fail("\(error)") }
    }

    /// What `touchtape replay FILE --format json --output /dev/null` does, synchronously:
    /// the report streamed as the tracks come.
    static func replay(_ path: String, probes: Bool = false, stability: Bool = false) {
        do {
            let settings = SessionSettings()
            var runner = ReplayRunner(settings: settings, configuration: try settings.configuration())
            runner.probes = probes
            runner.stability = stability
            let output = try OutputFile(path: "/dev/null")
            let tally = try runner.run([RecordingLocator.source(forPath: path)], into: [ReportStream(format: .json, to: output)])
            try output.commit()
            guard tally.errors.isEmpty else { fail(tally.errors.map(\.message).joined(separator: "\n")) }
        } catch { fail("\(error)") }
    }

    /// `record --adb`'s reader of a live `getevent` (``GeteventLiveReader``) over the capture's
    /// bytes, already in memory, in the 64 KiB reads the recorder makes: its lines' CPU time
    /// alone (the listing's lines are passed over as the phone's would be).
    static func adbLines(_ path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        let bytes = [UInt8](data)
        let start = cpuSeconds()
        var reader = GeteventLiveReader()
        var events = 0
        bytes.withUnsafeBytes { all in
            var at = 0
            while at < all.count {
                let end = min(at + 65536, all.count)
                events += reader.events(in: UnsafeRawBufferPointer(rebasing: all[at..<end])).count
                at = end
            }
        }
        print(events, String(format: "%.6f", cpuSeconds() - start))
    }

    /// What `touchtape convert FILE OTHER` does (evemu ⇄ libinput record), into /dev/null.
    static func convert(_ path: String) {
        do {
            var stream = try RecordingStream(path: path)
            let output = try OutputFile(path: "/dev/null")
            let format: RecordingFormat = stream.source.format == .evemu ? .libinputRecord : .evemu
            try RecordingConversion.convert(&stream, to: format, output: output)
            try output.commit()
        } catch { fail("\(error)") }
    }

    /// Probes' cost (issue 23, target ≤ 3×): the same replay without and with every track's
    /// probes, each the best of three runs, and their ratio. The runs alternate (plain,
    /// probed, plain, …), so that both sets see the same spells of a shared host's speed.
    static func probes(_ path: String, stability: Bool = false) {
        let runs = max(1, Int(ProcessInfo.processInfo.environment["TOUCHTAPE_BENCH_RUNS"] ?? "") ?? 3)
        func seconds(_ on: Bool) -> Double {
            let start = cpuSeconds()
            replay(path, probes: on && !stability, stability: on && stability)
            return cpuSeconds() - start
        }
        var plain = Double.infinity, probed = Double.infinity
        for _ in 0..<runs {
            plain = min(plain, seconds(false))
            probed = min(probed, seconds(true))
        }
        print(parse(path), String(format: "%.6f", plain), String(format: "%.6f", probed), String(format: "%.2f", probed / plain))
    }

    /// `sweep`'s cost of one more grid point against one replay of the same file: the
    /// sweep (three axes, each on a grid, flips bisected) at 50 and at 250 grid points;
    /// the difference over 200 is one grid point's CPU time, printed beside the replay's.
    static func sweep(_ path: String) {
        let settings = SessionSettings()
        let configuration: ReplayConfiguration
        do { configuration = try settings.configuration() } catch { fail("\(error)") }
        let sources = [RecordingLocator.source(forPath: path)]
        var start = cpuSeconds()
        replay(path)
        let replaySeconds = cpuSeconds() - start
        var seconds: [Double] = []
        for grid in [50, 250] {
            start = cpuSeconds()
            let report = SweepReport.run(sources, configuration: configuration, gridPoints: grid)
            seconds.append(cpuSeconds() - start)
            guard report.errors.isEmpty else { fail(report.errors.map(\.message).joined(separator: "\n")) }
        }
        print(parse(path), String(format: "%.6f", replaySeconds), String(format: "%.9f", (seconds[1] - seconds[0]) / 200))
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("touchtape-bench-harness: \(message)\n".utf8))
        exit(2)
    }
}
