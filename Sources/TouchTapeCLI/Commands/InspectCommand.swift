import ArgumentParser
import Glibc
import TouchTapeDevice
import TouchTapeFormats
import TouchTapeFrames
import TouchTapeReplay

/// `touchtape inspect`: device, kind, protocol, axes and the gesture tracks of recordings.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a recording's device (kind, protocol, axes) and its gesture tracks.",
        discussion: "FILE may be an evemu, libinput-record or Android getevent (.getevent) file; a .desc followed by an events file (`inspect DESC EVENTS`) pairs an old split evemu layout explicitly, and a getevent -lp listing followed by a getevent -lt capture a getevent pair." + HelpExamples.block("inspect"))

    @Argument(help: "Recordings (or a .desc followed by its events file).", completion: Completions.recording)
    var files: [String]

    @Option(help: "text or json.")
    var format: String = "text"

    @Option(parsing: .unconditional, help: "Device index in a libinput recording with several devices (0-based).",
            transform: { try IntegerOption.device.parse($0) })
    var device: Int?

    @Option(name: [.short, .customLong("output")], help: "Write the report to this file instead of standard output.")
    var output: String?

    func run() async throws {
        guard format == "text" || format == "json" else { throw fail("--format must be text or json, not '\(RecordingError.excerpt(format))'") }
        let selection = try selectRecordings(files, deviceIndex: device)
        let sources = selection.sources
        try refuseAliasing(outputs: [("-o", output)], inputs: selection.inputPaths)
        if let problem = selection.problems.first { throw fail(problem) }
        // Text is written track by track as the files are read; JSON file by file.
        let stop = StopSignal(signals: stopSignals)
        defer { StopSignal.restoreDefaults(stopSignals) }
        let file: OutputFile
        do { file = try OutputFile(path: output ?? "-", waiting: waiting(stop)) } catch { throw fail(naming(error, [("-o", output)])) }
        var files: [JSONValue] = []
        // A file that cannot be read is said in its place and the others are inspected (the
        // first one stopped the command, and the files after it went unseen); each is said on
        // stderr at the end too, as a single file's error always was; exit 2 or 3.
        var unreadable: [UnreadableFile] = []
        let hints = InstalledDeviceHints.installed()
        do {
            for source in sources {
                var headed = false
                do {
                    var inspection = try RecordingInspection(source, locking: readLocking, installed: hints)
                    var tracks: [TrackSummary] = []
                    if format == "text" { try file.write(InspectRenderer.textHeader(inspection)); headed = true }
                    let finished = try inspection.run(cancelled: { stop.firedSignal != nil }) { track in
                        if format == "text" { try file.write(InspectRenderer.textLine(track)) } else { tracks.append(track) }
                    }
                    if !finished { throw interrupted(by: stop.firedSignal ?? SIGINT, output: file) }
                    if format == "text" { try file.write(InspectRenderer.textFooter(inspection)) }
                    else { files.append(InspectRenderer.json(inspection, tracks: tracks)) }
                } catch let error as RecordingError where error.kind != .interrupted {
                    let bad = ReplayRunner.unreadable(file: source.eventsPath, error: error)
                    unreadable.append(bad)
                    if format == "text" { try file.write(InspectRenderer.textError(bad, name: headed ? nil : source.displayName)) }
                    else { files.append(InspectRenderer.json(bad)) }
                }
            }
            if format == "json" { try file.write(JSONValue.array(files).rendered() + "\n") }
            try file.commit()
        } catch let exit as ExitCode {
            throw exit
        } catch { throw fail(naming(error, [("-o", output)])) }
        try failUnreadable(unreadable, say: true)
    }
}
