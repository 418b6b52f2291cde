import ArgumentParser
import Foundation
import TouchTapeDevice
import TouchTapeFormats
import TouchTapeReplay

/// `touchtape convert`: evemu ⇄ libinput record ⇄ getevent, keeping events, times, description and annotations.
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a recording between evemu, libinput-record and Android getevent formats.",
        discussion: "convert IN OUT, convert DESC EVENTS OUT (an old split evemu pair), or either with -o OUT in place of the last argument. A getevent capture can be a -lt capture with its -lp listing in one file, or DESC CAPTURE (the -lp listing, then the capture). The output format comes from OUT's extension (.evemu/.events → evemu, .yml/.yaml → libinput, .getevent → getevent); --to gives it for standard output, a device or a FIFO, and must agree with a file's extension (a file must read back as what it holds)." + HelpExamples.block("convert"))

    @Argument(help: ArgumentHelp("The recording to read (or a .desc and its events file), then the file to write ('-': standard output) unless -o gives it. A device, FIFO or symlink's target is written through; a regular file is replaced atomically.",
                                 valueName: "in-and-out"), completion: Completions.recording)
    var files: [String]
    @Option(name: [.short, .customLong("output")], help: "The file to write ('-': standard output), instead of the last argument.")
    var output: String?
    @Option(help: "evemu, libinput or getevent.") var to: String?
    @Option(parsing: .unconditional, help: "Device index in a libinput recording with several devices (0-based).",
            transform: { try IntegerOption.device.parse($0) }) var device: Int?

    /// The recording to read and where to write it: `IN OUT`, `DESC EVENTS OUT`, or the
    /// same without OUT when `-o` gives it.
    func source() throws -> (RecordingSource, String) {
        var inputs = files
        let target: String
        if let output { target = output } else {
            guard inputs.count >= 2 else { throw ValidationError("give the file to write: convert IN OUT, or -o OUT") }
            target = inputs.removeLast()
        }
        let selection = try selectRecordings(inputs, deviceIndex: device)
        if let problem = selection.problems.first { throw fail(problem) }
        let sources = selection.sources
        guard sources.count == 1 else {
            throw ValidationError("convert reads one recording (or one DESC EVENTS pair), not \(inputs.count) files")
        }
        return (sources[0], target)
    }

    func validate() throws { _ = try source() }

    func run() async throws {
        let (input, output) = try source()
        try refuseAliasing(outputs: [(self.output == nil ? "OUT" : "-o", output)],
                           inputs: [input.eventsPath] + (input.descriptionPath.map { [$0] } ?? []))
        let requested: RecordingFormat?
        switch to {
        case "evemu": requested = .evemu
        case "libinput": requested = .libinputRecord
        case "getevent": requested = .getevent
        case nil:
            requested = nil
            guard output == "-" || RecordingFormat(path: output) != nil
                    || (try? OutputTarget.resolve(output)).map({ if case .regularFile = $0 { false } else { true } }) == true else {
                throw fail("cannot tell the output format from '\(RecordingError.excerpt(output))'", hint: "use --to evemu, --to libinput or --to getevent")
            }
            if output == "-" { throw fail("writing to standard output needs --to evemu, --to libinput or --to getevent") }
        case let other?:
            throw fail("--to must be evemu, libinput or getevent, not '\(RecordingError.excerpt(other))'")
        }
        let target: RecordingFormat
        do { target = try RecordingFormat.forOutput(output, requested: requested, option: "--to") } catch {
            throw fail(error.message, hint: error.hint)
        }
        // Streamed: written as it is read (a regular file is replaced only at the commit,
        // after the whole input was read and converted).
        // A stop signal ends the conversion between two writes: a file being replaced is
        // left as it was (its temporary file removed), never half-written nor littered.
        let stop = StopSignal(signals: stopSignals)
        defer { StopSignal.restoreDefaults(stopSignals) }
        do {
            var stream = try RecordingStream(input, locking: readLocking)
            let file = try OutputFile(path: output, waiting: waiting(stop))
            guard try RecordingConversion.convert(&stream, to: target, output: file, cancelled: { stop.firedSignal != nil }),
                  stop.firedSignal == nil
            else { throw interrupted(by: stop.firedSignal ?? SIGINT, output: file) }
            try file.commit()
        } catch let exit as ExitCode {
            throw exit
        } catch { throw fail(naming(error, [(self.output == nil ? "OUT" : "-o", output)])) }
    }
}
