import Foundation
import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay

/// `tools/bench`'s plain, synchronous harness over the library (no async `main`, so
/// valgrind's callgrind can run it; see issue 13):
///
///     touchtape-bench-harness parse FILE    # the streaming reader alone: "EVENTS SECONDS"
///     touchtape-bench-harness replay FILE   # replay's pipeline + JSON report, written to /dev/null: "EVENTS SECONDS"
///
/// Seconds are CPU time of this process (user + system), so the figure is one core's.
@main
enum Harness {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 2, let mode = arguments.first, let path = arguments.last else {
            fail("usage: touchtape-bench-harness parse|replay FILE")
        }
        let start = cpuSeconds()
        switch mode {
        case "parse": _ = parse(path)
        case "replay": replay(path)
        default: fail("unknown mode '\(mode)'")
        }
        let seconds = cpuSeconds() - start
        print(parse(path), String(format: "%.6f", seconds))
    }

    /// Every event of the file through ``RecordingStream``.
    static func parse(_ path: String) -> Int {
        do {
            var stream = try RecordingStream(path: path)
            var events = 0
            while let item = try stream.next() {
                if case .event = item { events += 1 }
            }
            return events
        } catch { fail("\(error)") }
    }

    /// What `touchtape replay FILE --format json --output /dev/null` does, synchronously.
    static func replay(_ path: String) {
        do {
            let settings = SessionSettings()
            let runner = ReplayRunner(settings: settings, configuration: try settings.configuration())
            let report = runner.run([RecordingLocator.source(forPath: path)])
            try OutputFile.write(ReportFormat.json.render(report), to: "/dev/null")
            guard report.errors.isEmpty else { fail(report.errors.map(\.message).joined(separator: "\n")) }
        } catch { fail("\(error)") }
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
