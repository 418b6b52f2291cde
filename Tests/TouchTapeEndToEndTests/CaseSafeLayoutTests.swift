import Foundation
import Testing
import TouchTapeTestSupport

// Issue 22: the package could not be checked out on macOS or Windows: Sources/TouchTape (the
// library) and Sources/touchtape (the CLI) differed only by case, so a case-insensitive file
// system put both in one folder. No two paths of the repository (files, or the folders on
// their way) may be equal up to case.

/// The repository's files: `git ls-files` where this is a checkout, else every file under
/// the package root but build folders.
private func repositoryPaths() throws -> [String] {
    let root = TouchTapeBinary.packageRoot
    if FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path),
       let git = try? ProcessRun.run(URL(fileURLWithPath: "/usr/bin/git"), ["ls-files", "-z"], in: root), git.status == 0 {
        return git.stdout.split(separator: "\0").map(String.init)
    }
    var paths: [String] = []
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let path = walker?.nextObject() as? String {
        if path.hasPrefix(".build") || path.hasPrefix(".git/") || path.hasPrefix(".swiftpm") { walker?.skipDescendants(); continue }
        paths.append(path)
    }
    return paths
}

@Test func noTwoPathsDifferOnlyByCase() throws {
    let paths = try repositoryPaths()
    #expect(paths.count > 100, "the repository's files were listed")
    // Every file and every folder on the way to one.
    var all = Set<String>()
    for path in paths {
        let parts = path.split(separator: "/")
        for end in 1...parts.count { all.insert(parts[..<end].joined(separator: "/")) }
    }
    var byFolded: [String: String] = [:]
    var clashes: [String] = []
    for path in all.sorted() {
        let folded = path.lowercased()
        if let other = byFolded[folded] { clashes.append("\(other) ~ \(path)") } else { byFolded[folded] = path }
    }
    #expect(clashes.isEmpty, "paths equal up to case: \(clashes)")
}
