import Foundation
import Testing
import TouchTapeTestSupport

// Issue 24: every command's --help ends with examples, and the examples work. Each one that
// needs no input device is run here, in order, from a scratch folder whose Recordings is the
// project's (a link) and whose gestures.evemu (what the record example writes) is a copy of
// a bundled recording, so the files they write land in the scratch folder.

private let commands = ["replay", "record", "live", "sweep", "plot", "inspect", "convert", "label", "play", "devices"]

/// The examples of `command`'s help: (command line, needs a device), as the help prints them.
private func examples(_ command: String) throws -> [String] {
    let help = try TouchTapeBinary.run([command, "--help"])
    #expect(help.status == 0)
    guard let block = help.stdout.components(separatedBy: "EXAMPLES:\n").last, help.stdout.contains("EXAMPLES:\n") else {
        Issue.record("touchtape \(command) --help has no EXAMPLES:\n\(help.stdout)")
        return []
    }
    let lines = block.split(separator: "\n").prefix { !$0.hasPrefix("USAGE:") }.map(String.init)
    // Printed whole: an example line the help wrapped could not be pasted.
    for line in lines where !line.isEmpty {
        #expect(line.hasPrefix("  touchtape ") || line.hasPrefix("      "), "\(command): a wrapped example line: \(line)")
        #expect(line.count <= 80, "\(command): \(line)")
    }
    return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("touchtape ") }
}

@Test(arguments: commands)
func everyCommandsHelpEndsWithExamplesOfItself(command: String) throws {
    let lines = try examples(command)
    #expect(lines.count >= 2, "\(command): \(lines)")
    #expect(lines.contains { $0.hasPrefix("touchtape \(command)") }, "\(command): \(lines)")
}

@Test(arguments: commands)
func theExamplesThatNeedNoDeviceRun(command: String) throws {
    let scratch = try PackagePaths.scratchDirectory("help-examples")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("Recordings"), withDestinationURL: PackagePaths.recordings)
    try FileManager.default.copyItem(at: PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu"),
                                     to: scratch.appendingPathComponent("gestures.evemu"))
    var ran = 0
    for line in try examples(command) {
        var words = line.split(separator: " ").map(String.init)
        words.removeFirst()   // touchtape
        // Devices: a path under /dev/input, a name, record and play (uinput) need one.
        let needsDevice = words.contains { $0.hasPrefix("/dev/") } || ["record"].contains(words[0])
            || (words[0] == "play" && !words.contains("--dry-run")) || words[0] == "devices"
        if needsDevice { continue }
        let run = try TouchTapeBinary.run(words, in: scratch)
        #expect(run.status == 0 || run.status == 1, "\(line): exit \(run.status)\n\(run.stderr)")
        #expect(!run.stderr.contains("Error:"), "\(line): \(run.stderr)")
        ran += 1
    }
    if !["record", "devices"].contains(command) { #expect(ran >= 1, "\(command): no example ran") }
}
