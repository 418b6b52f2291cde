import ArgumentParser
import Foundation
import TouchTapeDevice
import TouchTapeDismissal
import TouchTapeFormats
import TouchTapeReplay

/// `touchtape compare`: the same recordings under several toolkits' rules, their outcomes
/// side by side.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay recordings under several profiles and show each track's outcome side by side.",
        discussion: """
        Every profile runs with its own rules, unit and slop, and with the settings options \
        given (--edge bottom puts the profiles that swipe cards sideways on a downward pan; \
        --distance gives every profile the same view size). A '*' marks a track whose \
        outcome is not the same under every profile. --profiles chooses the columns \
        (default: every profile). Exit status: 0; 2 when a recording is malformed, 3 when \
        a file or folder cannot be read (permission, I/O).
        """ + HelpExamples.block("compare"))

    @Argument(help: "Recordings or folders (recursively). Default: touchtape.yml's recordings, else Recordings/.", completion: Completions.recording)
    var paths: [String] = []
    @Option(parsing: .upToNextOption, help: "The profiles to compare, in column order (default: all).")
    var profiles: [DismissalProfile] = []
    @OptionGroup var settingsOptions: SessionSettingsOptionsShowing<ProfileOptionHidden>
    @Option(help: "Report format.") var format: SweepFormat = .text
    @Option(name: .shortAndLong, help: "Write the table to this file ('-': standard output).") var output: String = "-"

    func validate() throws {
        if settingsOptions.profile != nil { throw ValidationError("compare runs several profiles: choose them with --profiles") }
        if let twice = profiles.first(where: { p in profiles.filter { $0 == p }.count > 1 }) {
            throw ValidationError("--profiles: \(twice.rawValue) is given twice; each profile is one column")
        }
    }

    func run() async throws {
        let (settings, configuration, project) = try settingsOptions.configuration()
        let roots = ProjectConfiguration.recordingRoots(paths, project: project)
        let selection = try selectRecordings(roots, defaulted: paths.isEmpty, project: project)
        try refuseAliasing(outputs: [("-o", output)], inputs: selection.inputPaths + (project.map { [$0.file] } ?? []))
        // A stop signal ends the run after the track in progress; the output is left as it was.
        let stop = StopSignal(signals: stopSignals)
        defer { StopSignal.restoreDefaults(stopSignals) }
        let found: ProfileComparison?
        let reads = ReadLocks()
        do {
            found = try ProfileComparison.run(selection.sources, profiles: profiles.isEmpty ? DismissalProfile.allCases : profiles,
                                              settings: settings, installedHints: configuration.installedHints,
                                              problems: selection.problems, locking: reads.locking,
                                              cancelled: { stop.firedSignal != nil })
        } catch { throw fail(error.description) }
        guard let comparison = found else { throw interrupted(by: stop.firedSignal ?? SIGINT, beforeWriting: output, reads: reads) }
        try writeOutput(format == .json ? comparison.json : comparison.text, to: output, option: "-o", waiting: waiting(stop))
        // As replay: a file or folder that could not be read is 3, a malformed one 2.
        try failUnreadable(comparison.errors, say: output != "-")
    }
}
