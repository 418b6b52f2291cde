import ArgumentParser
import Foundation
import TouchTapeFormats

/// `touchtape convert`: evemu ⇄ libinput record, keeping events, times, description and annotations.
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a recording between evemu and libinput-record formats.",
        discussion: "The output format comes from OUT's extension (.evemu/.events → evemu, .yml/.yaml → libinput) unless --to is given.")

    @Argument(help: "The recording to read.") var input: String
    @Argument(help: "The file to write ('-': standard output). A device, FIFO or symlink's target is written through; a regular file is replaced atomically.") var output: String
    @Option(help: "evemu or libinput.") var to: String?
    @Option(help: "Device index in a libinput recording with several devices (0-based).") var device: Int?

    func run() async throws {
        let target: RecordingFormat
        switch to {
        case "evemu": target = .evemu
        case "libinput": target = .libinputRecord
        case nil:
            guard let f = RecordingFormat(pathExtension: (output as NSString).pathExtension.lowercased()) else {
                throw fail("cannot tell the output format from '\(RecordingError.excerpt(output))'", hint: "use --to evemu or --to libinput")
            }
            target = f
        case let other?:
            throw fail("--to must be evemu or libinput, not '\(RecordingError.excerpt(other))'")
        }
        // Streamed: written as it is read (a regular file is replaced only at the commit,
        // after the whole input was read and converted).
        do {
            var stream = try RecordingStream(path: input, deviceIndex: device, locking: readLocking)
            let file = try OutputFile(path: output)
            try RecordingConversion.convert(&stream, to: target, output: file)
            try file.commit()
        } catch { throw fail(error) }
    }
}
