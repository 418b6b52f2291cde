import ArgumentParser
import Foundation
import TouchTapeFormats
import TouchTapeReplay

/// `touchtape replay`: every track of every recording through the pipeline, checked.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded gestures into a dismissal controller and check that it behaves.",
        discussion: """
        Exit status: 0 all checks passed, 1 a check failed, 2 bad input or usage.
        Checks: \(StandardChecks.names.joined(separator: ", ")).
        """)

    @Argument(help: "Recordings or folders (recursively). Default: Recordings/.")
    var paths: [String] = []
    @OptionGroup var settingsOptions: SessionSettingsOptions
    @Option(help: "Report format.") var format: ReportFormat = .text
    @Option(help: "Write the report to this file instead of standard output.") var output: String?

    func run() async throws {
        let (settings, configuration) = try settingsOptions.configuration()
        let roots = paths.isEmpty ? ["Recordings"] : paths
        for root in roots where !FileManager.default.fileExists(atPath: root) {
            throw fail("no such file or folder: '\(root)'")
        }
        let sources: [RecordingSource]
        do { sources = try RecordingLocator.sources(for: roots) } catch { throw fail("\(error)") }
        guard !sources.isEmpty else { throw fail("no recordings found under \(roots.joined(separator: ", "))") }

        var tracks: [TrackReport] = []
        for source in sources {
            do {
                try RecordingReplay.run(source, configuration: configuration) { tracks.append($0.report) }
            } catch { throw fail("\(error)") }
        }
        let report = ReplayReport(profile: settings.profile.rawValue, overrides: settings.overrideDescriptions, tracks: tracks)
        let text = format.render(report)
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                throw fail("cannot write '\(output)'", status: ExitStatus.deviceOrIOFailure)
            }
            writeStandardError(report.summaryLine + "\n")
        } else {
            print(text, terminator: "")
        }
        if report.failed > 0 { throw ExitCode(ExitStatus.checkFailed) }
    }
}
