import ArgumentParser
import Foundation
import TouchTapeDevice
import TouchTapeFormats
import TouchTapeReplay

/// `touchtape sweep`: where each track's outcome flips as the threshold and the flick
/// velocity vary, and the settings in which every labelled track comes out as labelled.
struct SweepCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Find the threshold and flick velocity at which each track's outcome flips.",
        discussion: """
        Pan samples are computed once per track; only the controller is re-run for each \
        value. --threshold A...B and --flick-velocity A...B set the ranges swept (default \
        0...1 and 0...5000 in the profile's unit: pt/s, lpx/s, dp/s or px/s); a single \
        value sets the current setting, as in replay.
        """ + HelpExamples.block("sweep"))

    @Argument(help: "Recordings or folders (recursively). Default: touchtape.yml's recordings, else Recordings/.", completion: Completions.recording)
    var paths: [String] = []
    @OptionGroup var settingsOptions: SessionSettingsOptions
    @Option(help: "Report format.") var format: SweepFormat = .text
    @Option(name: .shortAndLong, help: "Write the report to this file ('-': standard output).") var output: String = "-"

    func run() async throws {
        let (_, configuration, project) = try settingsOptions.configuration(ranges: true)
        let roots = ProjectConfiguration.recordingRoots(paths, project: project)
        let selection = try selectRecordings(roots, defaulted: paths.isEmpty, project: project)
        let sources = selection.sources
        try refuseAliasing(outputs: [("-o", output)], inputs: selection.inputPaths + (project.map { [$0.file] } ?? []))
        let stop = StopSignal(signals: stopSignals)
        defer { StopSignal.restoreDefaults(stopSignals) }
        let reads = ReadLocks()
        do {
            let out = try OutputFile(path: output, waiting: waiting(stop))
            guard let summary = try SweepWriter.write(
                sources, configuration: configuration, thresholdRange: settingsOptions.threshold?.range ?? 0...1,
                flickRange: settingsOptions.flickVelocity?.range ?? 0...5000, format: format == .json ? .json : .text, to: out,
                cancelled: { stop.firedSignal != nil }, locking: reads.locking, problems: selection.problems), stop.firedSignal == nil
            else { throw interrupted(by: stop.firedSignal ?? SIGINT, output: out, reads: reads) }
            try out.commit()
            // As replay: a file or folder that could not be read is 3, a malformed one 2.
            try failUnreadable(summary.errors, say: output != "-")
        } catch let exit as ExitCode {
            throw exit
        } catch { throw fail(naming(error, [("-o", output)])) }
    }
}

/// sweep's report formats: a sweep has no pass or fail to report as JUnit, so it is not offered.
enum SweepFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
