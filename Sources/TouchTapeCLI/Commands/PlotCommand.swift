import ArgumentParser
import Foundation
import TouchTapeDevice
import TouchTapeFormats
import TouchTapeReplay

/// `touchtape plot`: one track as an SVG picture, or (`--map`) the decision map of a run.
struct PlotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a track (progress, velocity, threshold, release, completion) or a run's decision map as SVG.",
        discussion: "rsvg-convert or a browser turns the SVG into a picture." + HelpExamples.block("plot"))

    @Argument(help: "A recording (or, with --map, recordings and folders).", completion: Completions.recording)
    var paths: [String]
    @Option(parsing: .unconditional, help: "The track to draw (the numbers inspect shows). Default: 1.", transform: { try IntegerOption.track.parse($0) })
    var track: Int?
    @Flag(help: "Draw the decision map of every track under the paths instead.") var map = false
    @OptionGroup var settingsOptions: SessionSettingsOptions
    @Option(name: .shortAndLong, help: "The SVG file to write ('-': standard output).") var output: String

    func run() async throws {
        let (settings, configuration, project) = try settingsOptions.configuration()
        let selection = try selectRecordings(paths)
        let sources = selection.sources
        try refuseAliasing(outputs: [("-o", output)], inputs: selection.inputPaths + (project.map { [$0.file] } ?? []))
        if map, track != nil { throw fail("--track does not apply to --map, which draws every track", hint: "drop --track, or drop --map to draw one track") }
        if map {
            // Streamed: each track's point is put aside as it is replayed; the map is drawn at the end.
            let stop = StopSignal(signals: stopSignals)
            defer { StopSignal.restoreDefaults(stopSignals) }
            do {
                let sink = try DecisionMapSink(settings: configuration.dismissal)
                var runner = ReplayRunner(settings: settings, configuration: configuration, cancelled: { stop.firedSignal != nil })
                let reads = ReadLocks()
                runner.locking = reads.locking
                let tally = try runner.run(sources, problems: selection.problems, into: [sink])
                let out = try OutputFile(path: output, waiting: waiting(stop))
                if let signal = stop.firedSignal { throw interrupted(by: signal, output: out, reads: reads) }
                try sink.write(to: out)
                try out.commit()
                // The map is drawn from the tracks that were read; what was not is said, and fails.
                try failUnreadable(tally.errors, say: true)
            } catch let exit as ExitCode {
                throw exit
            } catch { throw fail(naming(error, [("-o", output)])) }
            return
        }
        if let problem = selection.problems.first { throw fail(problem) }
        guard sources.count == 1 else { throw fail("plot draws one recording; give one file (or --map)") }
        let track = self.track ?? 1
        let plot: (svg: String?, tracks: Int)
        // A wait for another touchtape's lock on the recording is said, and a stop signal
        // ends it (it waited in silence, and Ctrl-C ended it without a word).
        let stop = StopSignal(signals: stopSignals)
        defer { StopSignal.restoreDefaults(stopSignals) }
        do {
            plot = try RecordingReplay.plot(sources[0], track: track, configuration: configuration, locking: readLocking)
        } catch { throw fail(error) }
        if let signal = stop.firedSignal { throw interrupted(by: signal, beforeWriting: output) }
        guard let svg = plot.svg else {
            throw fail("\(sources[0].eventsPath) has no track \(track)", hint: "it has \(plot.tracks) track(s); see touchtape inspect")
        }
        try writeOutput(svg, to: output, option: "-o")
    }
}
