import ArgumentParser
import Foundation
import TouchTapeDevice
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeLive
import TouchTapeReplay

/// `touchtape replay`: every track of every recording through the pipeline, checked.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded gestures into a dismissal controller and check that it behaves.",
        discussion: """
        A recording that cannot be read is reported as an error and every other file is \
        still replayed and reported; one that is read but yields no track is a warning in \
        every format (an error with --strict). Exit status, the most serious first: 3 a \
        file could not be read because of the file system (permission, I/O) or the report \
        could not be written; 2 a file is malformed (or, with --strict, yields no track), or \
        bad usage; 1 a check failed; 0 all passed.
        Checks: \(StandardChecks.names.joined(separator: ", ")).
        """ + HelpExamples.block("replay"))

    @Argument(help: "Recordings or folders (recursively; a .desc followed by its events file is a split evemu pair). Default: touchtape.yml's recordings, else Recordings/.", completion: Completions.recording)
    var paths: [String] = []
    @OptionGroup var settingsOptions: SessionSettingsOptions
    @Option(help: "Report format.") var format: ReportFormat = .text
    @Option(help: "Colour the text report: auto (a terminal, unless NO_COLOR or TERM=dumb), always or never.")
    var color: ColorChoice = .auto
    @Flag(name: [.short, .long], help: "Text report: only the failing tracks, unreadable files and the summaries.")
    var quiet = false
    @Option(name: [.short, .customLong("output")], help: "Write the report to this file instead of standard output.")
    var output: String?
    @Option(parsing: .unconditional, help: "Replay only shard I of N (e.g. 2/4): tracks are split by a fixed hash of file and track number.",
            transform: { try ReplayShard.parse($0) })
    var shard: ReplayShard?
    @Flag(name: .customLong("compare-velocity"),
          help: "Also show each track's release velocity and outcome under every velocity estimator (lsq2, ios, impulse), flagging tracks whose outcome depends on it.")
    var compareVelocity = false
    @Option(help: "Also write a self-contained HTML page (summary, decision map, a plot per track) to this file.")
    var html: String?
    @Flag(name: .customLong("fail-fast"), help: "Stop after the first file with a failed check or a read error.")
    var failFast = false
    @Flag(help: "A recording that yields no track (no gesture found) is an error, exit 2, not a warning.")
    var strict = false
    @Flag(help: "Also replay each track's probes: its pan driven to either side of the threshold, of the flick and of the flick back (along the axis and off it), past the end and before the start, at half and double speed, at other report rates, taken by the system; each must come out as the declared rules say and pass every check.")
    var probes = false
    @Flag(help: "Also say how easily each track's outcome flips: 40 realistic perturbations of its frames (time warps x0.8 to x1.25, report rates 60 to 240 Hz, ±0.2 mm noise, the last frame before lift-off dropped), the pan recognised again and the controller run on each.")
    var stability = false
    @Option(parsing: .unconditionalSingleValue,
            help: "Replay only this track of each file (the numbers inspect shows; repeat for several).",
            transform: { try IntegerOption.track.parse($0) })
    var track: [Int] = []
    @Option(help: ArgumentHelp("Replay only this probe of each track, not the track itself (implies --probes): reproduces one row of a report, e.g. --track 3 --probe threshold+0.",
                               valueName: "name"),
            transform: { name in
                guard let kind = Probe.Kind(rawValue: name) else {
                    throw OptionValueError(option: "--probe", value: TextExcerpt.make(name), problem: "no such probe",
                                           expected: "give one of " + Probe.Kind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return kind
            })
    var probe: [Probe.Kind] = []
    /// Seconds before the progress line appears (a terminal's stderr only); hidden, for tests.
    @Option(name: .customLong("progress-after"), parsing: .unconditional, help: .hidden, transform: { try NumberOption.progressAfter.parse($0) })
    var progressAfter: Double = 1

    func run() async throws {
        let (settings, configuration, project) = try settingsOptions.configuration()
        let roots = ProjectConfiguration.recordingRoots(paths, project: project)
        let selection = try selectRecordings(roots, defaulted: paths.isEmpty, project: project)
        let sources = selection.sources
        if compareVelocity, format == .junit || format == .github { throw fail("--compare-velocity goes with --format text or json") }
        try refuseAliasing(outputs: [(output == nil ? "the report (no -o)" : "-o", output ?? "-"), ("--html", html)],
                           inputs: selection.inputPaths + (project.map { [$0.file] } ?? []))
        // A stop signal ends the run after the track in progress: a report file being
        // replaced is left as it was (its temporary file removed), never half-written.
        let stop = StopSignal(signals: stopSignals)
        defer { StopSignal.restoreDefaults(stopSignals) }
        let reads = ReadLocks()
        // The estimator comparison replays the files again under each estimator; it comes
        // first so that JSON can carry it after the summary of the streamed report. Its
        // reads wait as the report's do (they waited without a word, and Ctrl-C did not end
        // them); a stop there ends the report's run before its first track, and is said there.
        let comparison = compareVelocity ? EstimatorComparison.run(sources, settings: settings, configuration: configuration, locking: reads.locking, cancelled: { stop.firedSignal != nil }) : nil

        let seconds = { [clock = MonotonicClock()] in Double(clock.nowMicroseconds()) / 1_000_000 }
        var runner = ReplayRunner(settings: settings, configuration: configuration, shard: shard, failFast: failFast,
                                  clock: seconds, cancelled: { stop.firedSignal != nil })
        runner.locking = reads.locking
        runner.strict = strict
        runner.probes = probes || !probe.isEmpty
        runner.stability = stability
        // JUnit's timestamp and hostname (the Ant schema requires both): the run's edge facts.
        runner.timestamp = ReplayRunner.junitTimestamp(Date())
        runner.hostname = ProcessInfo.processInfo.hostName
        runner.trackNumbers = track.isEmpty ? nil : Set(track)
        runner.probeKinds = probe.isEmpty ? nil : Set(probe)
        // The report is written as the run goes (a regular file replaced only at the commit,
        // after the last track); the HTML page needs every track at once, so it collects them.
        // Both outputs are opened before the run, so a page that cannot be made (a missing
        // folder) fails before anything is written; the page is committed before the
        // report, so a page that cannot be written leaves a report file as it was.
        let file: OutputFile
        let page: OutputFile?
        let outputs = [("-o", output), ("--html", html)]
        do {
            file = try output.map { path throws(OutputError) in try OutputFile(path: path, waiting: waiting(stop)) }
                ?? OutputFile(descriptor: 1, name: "standard output", waiting: waiting(stop))
            page = try html.map { path throws(OutputError) in try OutputFile(path: path, waiting: waiting(stop)) }
        } catch { throw fail(naming(error, outputs)) }
        // A report to a terminal shows each track as it comes, and is its own progress; a
        // progress line only where a person watches something else: stderr a terminal.
        let reportToTerminal = (output == nil || output == "-") && isatty(1) == 1
        let presentation = TextReportWriter.Presentation(toTerminal: reportToTerminal, columns: Terminal.size(of: 1)?.columns,
                                                         color: color, environment: ProcessInfo.processInfo.environment, quiet: quiet)
        let stream = ReportStream(format: format, to: file, trailingJSON: comparison.map { [("estimators", $0.json)] } ?? [],
                                  text: presentation, chunkBytes: reportToTerminal ? 0 : ReportStream.defaultChunkBytes)
        // The page's plots need every track's transcript: kept from this same run.
        let collector = html != nil ? ReplayedTrackCollector() : nil
        var line = isatty(2) == 1 && !reportToTerminal ? ReplayProgressLine(start: seconds(), delay: progressAfter) : nil
        let tally: ReplayTally
        do {
            tally = try runner.run(sources, problems: selection.problems, into: [stream] + (collector.map { [$0] } ?? [])) { progress in
                if let text = line?.update(progress, now: seconds()) { writeStandardErrorControls(text) }
            }
            if let signal = stop.firedSignal {
                if let text = line?.finish() { writeStandardErrorControls(text) }
                throw interrupted(by: signal, output: file, also: page.map { [$0] } ?? [], reads: reads)
            }
            // A --track or --probe that matched nothing writes no report file (one there stays as it was).
            try ExitStatus.refuseUnmatched(tally, reportOnStandardOutput: output == nil || output == "-")
            if format == .text, let comparison { try stream.append(comparison.text) }
            if let page, let collector { try collector.writePage(settings: configuration.dismissal, to: page) }
            try file.commit()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            if let text = line?.finish() { writeStandardErrorControls(text) }
            throw fail(naming(error, outputs))
        }
        if let text = line?.finish() { writeStandardErrorControls(text) }
        if output != nil { writeStandardError(tally.summaryLine + "\n") }
        try ExitStatus.check(tally)
    }
}
