import Foundation
import PackagePlugin

/// Gives the `touchtape` executable the git commit it was built from, for `--version`:
/// runs `touchtape-build-stamp` to write `BuildStamp.swift` into the build folder.
///
/// Why a build plugin: the commit must be there in a clean clone with no step of the
/// user's own (`swift build` alone), and a source tarball without `.git` must build too
/// (the stamp then says `unknown`). The tool reads `.git` itself instead of running git,
/// so no git binary is needed. The command is re-run when the worktree's `HEAD` or its
/// reflog (`logs/HEAD`, touched by every commit and checkout) changes.
@main
struct BuildStampPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildStamp.swift")
        let root = context.package.directoryURL
        return [.buildCommand(displayName: "Stamping \(target.name) with its git commit",
                              executable: try context.tool(named: "touchtape-build-stamp").url,
                              arguments: [root.path, output.path],
                              inputFiles: Self.watched(root: root),
                              outputFiles: [output])]
    }

    /// `HEAD` and `logs/HEAD` of the package's git folder (a worktree's `.git` file
    /// points at its own), when they exist.
    static func watched(root: URL) -> [URL] {
        let dotGit = root.appendingPathComponent(".git")
        var gitFolder = dotGit
        if let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitFolder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        }
        return [gitFolder.appendingPathComponent("HEAD"), gitFolder.appendingPathComponent("logs/HEAD")]
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
