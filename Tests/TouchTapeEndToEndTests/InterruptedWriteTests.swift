import Foundation
import Glibc
import Testing
import TouchTapeTestSupport

// A stop signal (Ctrl-C, SIGTERM, SIGHUP) in the middle of `replay -o` or `convert`: both
// stream into a temporary file beside the output that only the end puts in place. The
// signal must leave the old file as it was, remove the temporary file and say so, with
// exit 128 + the signal. Synchronised on the command holding its unnamed temporary file
// open (it is then writing), never on a sleep.

/// A long recording: the bundled pan repeated (times shifted) to about 730 k events, so a
/// debug build is still replaying when the signal comes.
private func longRecording(in folder: URL) throws -> String {
    let text = try String(contentsOfFile: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let header = lines.prefix { !$0.hasPrefix("E:") }
    let events = lines.filter { $0.hasPrefix("E:") }.map { line -> (Int, String) in
        let fields = line.split(separator: " ", maxSplits: 2)
        let time = fields[1].split(separator: ".")
        return (Int(time[0])! * 1_000_000 + Int(time[1])!, String(fields[2].prefix { $0 != "\t" }))
    }
    let span = events.last!.0 + 300_000
    var out = header.joined(separator: "\n") + "\n"
    for k in 0..<1000 {
        for (time, rest) in events {
            let t = time + k * span
            out += "E: \(t / 1_000_000).\(String(format: "%06d", t % 1_000_000)) \(rest)\n"
        }
    }
    let path = folder.appendingPathComponent("long.evemu").path
    try out.write(toFile: path, atomically: false, encoding: .utf8)
    return path
}

/// Starts `touchtape arguments`, waits until its temporary file beside `output` exists,
/// sends `signal` and returns the exit status and stderr.
private func interrupt(_ arguments: [String], output: URL, signal: Int32) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = TouchTapeBinary.executable
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let processExit = ProcessExit(process)
    try process.run()
    let folder = output.deletingLastPathComponent()
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning, Date() < deadline {
        // The temporary file is unnamed (O_TMPFILE): the process holds it open in the folder.
        if isWritingUnnamedFile(process.processIdentifier, in: folder) { break }
        sched_yield()
    }
    #expect(process.isRunning, "the command ended before it could be interrupted")
    kill(process.processIdentifier, signal)
    let stderr = String(decoding: errors.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
    processExit.wait()
    return (process.terminationStatus, stderr)
}

private func leftovers(beside output: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
        .filter { $0.hasPrefix("." + output.lastPathComponent + ".touchtape-") }
}

@Test(arguments: [SIGINT, SIGTERM, SIGHUP])
func anInterruptedReplayLeavesTheOldReportAndNoTemporaryFile(signal: Int32) throws {
    let folder = try PackagePaths.scratchDirectory("tt-interrupt-replay")
    let recording = try longRecording(in: folder)
    let report = folder.appendingPathComponent("report.json")
    try "the old report\n".write(to: report, atomically: true, encoding: .utf8)
    let run = try interrupt(["replay", recording, "--format", "json", "-o", report.path], output: report, signal: signal)
    #expect(run.status == 128 + signal, "stderr: \(run.stderr)")
    #expect(run.stderr.contains("touchtape: interrupted by SIG"))
    #expect(run.stderr.contains("\(report.path) is unchanged"))
    #expect(try String(contentsOf: report, encoding: .utf8) == "the old report\n")
    #expect(try leftovers(beside: report).isEmpty)
}

@Test func anInterruptedConvertLeavesTheOldFileAndNoTemporaryFile() throws {
    let folder = try PackagePaths.scratchDirectory("tt-interrupt-convert")
    let recording = try longRecording(in: folder)
    let converted = folder.appendingPathComponent("long.yml")
    try "the old conversion\n".write(to: converted, atomically: true, encoding: .utf8)
    let run = try interrupt(["convert", recording, converted.path], output: converted, signal: SIGINT)
    #expect(run.status == 128 + SIGINT, "stderr: \(run.stderr)")
    #expect(run.stderr.contains("touchtape: interrupted by SIGINT; \(converted.path) is unchanged"))
    #expect(try String(contentsOf: converted, encoding: .utf8) == "the old conversion\n")
    #expect(try leftovers(beside: converted).isEmpty)
}
