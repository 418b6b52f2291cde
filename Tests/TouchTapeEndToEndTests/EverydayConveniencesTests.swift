import Foundation
import Testing
import TouchTapeTestSupport

/// An events-only file alone in a scratch folder, with its `.desc` somewhere else: only
/// an explicit `DESC EVENTS` pair can read it.
private func separatedPair() throws -> (dir: URL, desc: String, events: String) {
    let dir = try PackagePaths.scratchDirectory("tt-pair")
    let events = dir.appendingPathComponent("drag.events").path
    try FileManager.default.copyItem(atPath: TouchTapeBinary.peer("N-Trig MultiTouch.1-finger-drag-NW-SE.events"), toPath: events)
    return (dir, TouchTapeBinary.peer("N-Trig MultiTouch.desc"), events)
}

@Test func replayReadsAnExplicitDescEventsPair() throws {
    let (dir, desc, events) = try separatedPair()
    defer { try? FileManager.default.removeItem(at: dir) }
    let alone = try TouchTapeBinary.run(["replay", events])
    #expect(alone.status == 2, "without its .desc the events file cannot be read")
    let paired = try TouchTapeBinary.run(["replay", desc, events, TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"),
                                          "--format", "json"])
    #expect(paired.status == 0, "\(paired.stderr)")
    #expect(paired.stdout.contains("\"name\": \"N-Trig MultiTouch\""))
    #expect(paired.stdout.contains("drag.events") && paired.stdout.contains("touchscreen-pan-down-finish.evemu"))
}

@Test func convertReadsAnExplicitPairAndTakesOutputEitherWay() throws {
    let (dir, desc, events) = try separatedPair()
    defer { try? FileManager.default.removeItem(at: dir) }
    let positional = dir.appendingPathComponent("a.yml").path, option = dir.appendingPathComponent("b.yml").path
    let first = try TouchTapeBinary.run(["convert", desc, events, positional])
    #expect(first.status == 0, "\(first.stderr)")
    let second = try TouchTapeBinary.run(["convert", desc, events, "-o", option])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(try String(contentsOfFile: positional, encoding: .utf8) == String(contentsOfFile: option, encoding: .utf8))
    #expect(try String(contentsOfFile: option, encoding: .utf8).contains("N-Trig MultiTouch"))
    let toStdout = try TouchTapeBinary.run(["convert", TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), "--output", "-", "--to", "libinput"])
    #expect(toStdout.status == 0 && toStdout.stdout.contains("devices:"))
    #expect(try TouchTapeBinary.run(["convert", desc]).status == 2, "no output named")
    #expect(try TouchTapeBinary.run(["convert", "a.evemu", "b.evemu", "-o", "c.evemu"]).status == 2, "two recordings")
}

@Test func everyCommandThatWritesTakesDashOOutput() throws {
    let dir = try PackagePaths.scratchDirectory("tt-o")
    defer { try? FileManager.default.removeItem(at: dir) }
    let pan = TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu")
    for (index, arguments) in [["replay", pan], ["inspect", pan], ["devices", "--directory", dir.path],
                               ["label", pan, "--expect", "finish"]].enumerated() {
        for spelling in ["-o", "--output"] {
            let out = dir.appendingPathComponent("\(index)\(spelling).out")
            let run = try TouchTapeBinary.run(arguments + [spelling, out.path])
            #expect(run.status == 0, "\(arguments[0]) \(spelling): \(run.stderr)")
            if arguments[0] != "label" {  // label reports what it changed on stdout
                #expect(run.stdout.isEmpty, "\(arguments[0]) \(spelling) wrote to stdout")
            }
            #expect(try !String(contentsOf: out, encoding: .utf8).isEmpty, "\(arguments[0]) \(spelling)")
        }
    }
    // `live --save` keeps its name; -o/--output are the same option.
    let help = try TouchTapeBinary.run(["live", "--help"])
    #expect(help.stdout.contains("--save") && help.stdout.contains("-o") && help.stdout.contains("--output"))
}

@Test func foldersReachedBySymlinksAreSearchedOnceEvenInALoop() throws {
    let dir = try PackagePaths.scratchDirectory("tt-links")
    defer { try? FileManager.default.removeItem(at: dir) }
    let fm = FileManager.default
    let corpus = dir.appendingPathComponent("corpus"), elsewhere = dir.appendingPathComponent("elsewhere")
    try fm.createDirectory(at: corpus, withIntermediateDirectories: true)
    try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try fm.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-pan-down-finish.evemu"), toPath: corpus.appendingPathComponent("a.evemu").path)
    try fm.copyItem(atPath: TouchTapeBinary.bundled("touchscreen-flick-up-cancel.evemu"), toPath: elsewhere.appendingPathComponent("b.evemu").path)
    // corpus/more → elsewhere (searched); elsewhere/back → corpus and corpus/self → corpus (loops);
    // corpus/again.evemu → a.evemu (the same file by a second path).
    try fm.createSymbolicLink(atPath: corpus.appendingPathComponent("more").path, withDestinationPath: elsewhere.path)
    try fm.createSymbolicLink(atPath: elsewhere.appendingPathComponent("back").path, withDestinationPath: corpus.path)
    try fm.createSymbolicLink(atPath: corpus.appendingPathComponent("self").path, withDestinationPath: ".")
    try fm.createSymbolicLink(atPath: corpus.appendingPathComponent("again.evemu").path, withDestinationPath: "a.evemu")
    let run = try TouchTapeBinary.run(["replay", corpus.path, "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let files = run.stdout.split(separator: "\n").filter { $0.contains("\"file\":") }.map { String($0) }
    let a = files.filter { $0.contains("a.evemu") || $0.contains("again.evemu") }
    let b = files.filter { $0.contains("b.evemu") }
    #expect(!a.isEmpty && Set(a).count == 1, "a.evemu's tracks under one path: \(Set(a))")
    #expect(!b.isEmpty && Set(b).count == 1 && b[0].contains("more/b.evemu"), "b.evemu through the link: \(Set(b))")
}

/// The progress line on a real terminal (`script` gives replay a pty), and none on a pipe.
/// `--progress-after 0` stands in for a run longer than a second; `timeout` bounds the run.
@Test func replayShowsAProgressLineOnATerminalOnly() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
        Issue.record("script (bsdutils) missing"); return
    }
    let command = "'\(TouchTapeBinary.executable.path)' replay '\(PackagePaths.recordings.path)' --progress-after 0 -o /dev/null"
    let terminal = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/timeout"),
                                      ["-k", "2", "20", "/usr/bin/script", "-qec", command, "/dev/null"], input: FileHandle.nullDevice)
    #expect(terminal.status == 0, "\(terminal.stdout)\(terminal.stderr)")
    let recordings = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.recordings.path)
        .filter { $0.hasSuffix(".evemu") || $0.hasSuffix(".yml") }.count
    #expect(terminal.stdout.contains("\r\u{1B}[Kreplay: \(recordings)/\(recordings) files, "), "\(terminal.stdout.debugDescription)")
    #expect(terminal.stdout.contains("tracks/s"))
    let piped = try TouchTapeBinary.run(["replay", PackagePaths.recordings.path, "--progress-after", "0"])
    #expect(piped.status == 0)
    #expect(!piped.stderr.contains("replay: ") && !piped.stderr.contains("\u{1B}"), "stderr not a terminal: silent")
}
