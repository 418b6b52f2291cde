import Foundation
import Testing
import TouchTapeTestSupport

/// `--version`: the release and the commit the build was stamped with.
@Test func versionNamesTheReleaseAndACommitOfThisRepository() throws {
    let run = try TouchTapeBinary.run(["--version"])
    #expect(run.status == 0)
    let line = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(line.hasPrefix("0.1.0 (commit "), "\(line)")
    let commit = String(line.dropFirst("0.1.0 (commit ".count).dropLast())
    guard commit != "unknown" else { return }  // built from a tarball
    #expect(commit.count == 40 && commit.allSatisfy(\.isHexDigit), "\(commit)")
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/git") {
        let known = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/git"), ["cat-file", "-e", commit + "^{commit}"],
                                       in: PackagePaths.packageRoot)
        #expect(known.status == 0, "the stamped commit is in this repository's history")
    }
}

/// The stamp tool: a checkout's branch as a loose ref or in packed-refs, a detached
/// HEAD, a worktree's `.git` file; and `unknown` without `.git` (a source tarball).
@Test func theBuildStampReadsGitWithoutGitAndSaysUnknownWithout() throws {
    let tool = TouchTapeBinary.executable.deletingLastPathComponent().appendingPathComponent("touchtape-build-stamp")
    let dir = try PackagePaths.scratchDirectory("tt-stamp")
    defer { try? FileManager.default.removeItem(at: dir) }
    let fm = FileManager.default
    func stamp(_ root: URL) throws -> String {
        let out = dir.appendingPathComponent("out-\(UUID().uuidString).swift")
        let run = try ProcessRun.run(tool, [root.path, out.path])
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOf: out, encoding: .utf8)
    }
    let a = String(repeating: "a", count: 40), b = String(repeating: "b", count: 40), c = String(repeating: "c", count: 40)
    let tarball = dir.appendingPathComponent("tarball")
    try fm.createDirectory(at: tarball, withIntermediateDirectories: true)
    #expect(try stamp(tarball).contains("let buildCommit = \"unknown\""))

    let clone = dir.appendingPathComponent("clone"), git = clone.appendingPathComponent(".git")
    try fm.createDirectory(at: git.appendingPathComponent("refs/heads"), withIntermediateDirectories: true)
    try "ref: refs/heads/main\n".write(to: git.appendingPathComponent("HEAD"), atomically: true, encoding: .utf8)
    try "# pack-refs with: peeled\n\(a) refs/heads/main\n".write(to: git.appendingPathComponent("packed-refs"), atomically: true, encoding: .utf8)
    #expect(try stamp(clone).contains("\"\(a)\""), "packed")
    try "\(b)\n".write(to: git.appendingPathComponent("refs/heads/main"), atomically: true, encoding: .utf8)
    #expect(try stamp(clone).contains("\"\(b)\""), "a loose ref wins over packed-refs")

    let worktree = dir.appendingPathComponent("worktree"), own = git.appendingPathComponent("worktrees/wt")
    try fm.createDirectory(at: worktree, withIntermediateDirectories: true)
    try fm.createDirectory(at: own, withIntermediateDirectories: true)
    try "gitdir: \(own.path)\n".write(to: worktree.appendingPathComponent(".git"), atomically: true, encoding: .utf8)
    try "ref: refs/heads/main\n".write(to: own.appendingPathComponent("HEAD"), atomically: true, encoding: .utf8)
    try "../..\n".write(to: own.appendingPathComponent("commondir"), atomically: true, encoding: .utf8)
    #expect(try stamp(worktree).contains("\"\(b)\""), "a worktree's branch from the common folder")
    try "\(c)\n".write(to: own.appendingPathComponent("HEAD"), atomically: true, encoding: .utf8)
    #expect(try stamp(worktree).contains("\"\(c)\""), "detached")
}

/// Shell completions come from the argument parser itself.
@Test func theBashCompletionScriptNamesEverySubcommand() throws {
    let run = try TouchTapeBinary.run(["--generate-completion-script", "bash"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("complete ") && run.stdout.contains("touchtape"))
    for command in ["inspect", "convert", "replay", "label", "devices", "record", "play", "live"] {
        #expect(run.stdout.contains(command), "\(command) missing from the completion script")
    }
    #expect(run.stdout.contains("--config") && run.stdout.contains("--output"))
    for shell in ["zsh", "fish"] {
        #expect(try TouchTapeBinary.run(["--generate-completion-script", shell]).status == 0)
    }
}

/// Completion in bash itself (issue 24): the generated script sourced into bash, the shell's
/// completion function called as bash calls it, for `touchtape replay Recordings/<TAB>`,
/// `touchtape live --from <TAB>` and `touchtape live /dev/input/ev<TAB>`. Recordings come
/// by their extensions (a text file beside them does not), devices as their event nodes.
@Test func bashCompletesRecordingsByExtensionAndDevicesByNode() throws {
    let script = try TouchTapeBinary.run(["--generate-completion-script", "bash"])
    let scratch = try PackagePaths.scratchDirectory("completion")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let folder = scratch.appendingPathComponent("Recordings")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["pan.evemu", "pad.yml", "old.desc", "bcm.event", "phone.getevent", "notes.txt"] {
        try Data().write(to: folder.appendingPathComponent(name))
    }
    let scriptFile = scratch.appendingPathComponent("touchtape.bash")
    try script.stdout.write(to: scriptFile, atomically: true, encoding: .utf8)
    /// COMPREPLY for the command line `line` (the cursor at its end).
    func complete(_ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
        source '\(scriptFile.path)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        COMP_LINE='\(words.joined(separator: " "))'; COMP_POINT=${#COMP_LINE}
        _touchtape touchtape '\(words.last!)' '\(words[words.count - 2])'
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let bin = TouchTapeBinary.executable.deletingLastPathComponent().path
        let run = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "PATH='\(bin)':$PATH; " + program], in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init).sorted()
    }
    let expected = ["Recordings/bcm.event", "Recordings/old.desc", "Recordings/pad.yml", "Recordings/pan.evemu",
                    "Recordings/phone.getevent"]
    #expect(try complete(["touchtape", "replay", "Recordings/"]) == expected)
    #expect(try complete(["touchtape", "live", "--from", "Recordings/"]) == expected)
    #expect(try complete(["touchtape", "inspect", "Recordings/p"]) == ["Recordings/pad.yml", "Recordings/pan.evemu", "Recordings/phone.getevent"])
    let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/input"))?
        .filter { $0.hasPrefix("event") }.map { "/dev/input/" + $0 }.sorted() ?? []
    #expect(try complete(["touchtape", "live", "/dev/input/ev"]) == nodes.sorted())
}
