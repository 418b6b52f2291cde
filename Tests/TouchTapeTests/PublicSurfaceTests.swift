import Foundation
import Testing
import TouchTapeTestSupport

/// Issue 22: the public surface an app reaches through `import TouchTape` and
/// `import TouchTapeTesting` stays small. The count comes from the compiler's own symbol
/// graphs of every module in the two products' closure (so a type made public anywhere in
/// the pipeline counts, re-exported or not), nested types and type aliases included. The README states the
/// number; raising the limit is a decision, not a drift.
@Test func thePublicSurfaceHasAtMostFortyTypes() throws {
    let limit = 40
    let modules = ["TouchTapeContract", "TouchTapeEvents", "TouchTapeFormats", "TouchTapeFrames", "TouchTapeTracks",
                   "TouchTapePan", "TouchTapeDismissal", "TouchTapeReplay", "TouchTape", "TouchTapeTesting"]
    let scratch = try PackagePaths.scratchDirectory("surface")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let graphs = scratch.appendingPathComponent("graphs")
    try FileManager.default.createDirectory(at: graphs, withIntermediateDirectories: true)
    // A scratch path of its own (the test run holds `.build`), only the library targets.
    // TMPDIR in the scratch folder: SwiftPM and the compiler leave `TemporaryDirectory.*`
    // folders and lock files in the temporary folder.
    let run = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/env"), [
        "TMPDIR=\(scratch.path)",
        "timeout", "900", "swift", "build", "--scratch-path", scratch.appendingPathComponent("build").path,
        "--target", "TouchTapeTesting",
        "-Xswiftc", "-emit-symbol-graph", "-Xswiftc", "-emit-symbol-graph-dir", "-Xswiftc", graphs.path,
        "-Xswiftc", "-symbol-graph-minimum-access-level", "-Xswiftc", "public",
    ], in: PackagePaths.packageRoot)
    #expect(run.status == 0, "\(run.stderr)")

    // Each module's graph also lists what it re-exports: a type is counted once, by its
    // compiler identity (its mangled name), under the module that declares it.
    var types: [String: String] = [:]
    for module in modules {
        let file = graphs.appendingPathComponent("\(module).symbols.json")
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
                                 "no symbol graph for \(module)")
        for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
            let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
            guard ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"].contains(kind) else { continue }
            let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
            let identity = try #require((symbol["identifier"] as? [String: Any])?["precise"] as? String)
            types[identity] = path
        }
    }
    let names = types.values.sorted()
    print("PUBLIC-TYPES \(names.count): \(names.joined(separator: ", "))")
    // The contract is in there (a graph that lost it would count nothing and pass).
    #expect(names.contains("InteractiveDismissalController"))
    #expect(names.contains("ControllerReplay"))
    #expect(names.count <= limit, "\(names.count) public types: \(names)")
}

/// The example app's test target carries four of the bundled recordings as resources (an
/// app's layout: SwiftPM copies a linked folder as a dangling link). They must stay the
/// project's own: when `tools/remake-recordings` remakes `Recordings/`, copy them again.
@Test func theExampleTestResourcesAreTheBundledRecordings() throws {
    let resources = PackagePaths.packageRoot.appendingPathComponent("Examples/Tests/CardDismissalTests/Recordings")
    let names = try FileManager.default.contentsOfDirectory(atPath: resources.path).sorted()
    #expect(names.count == 4)
    for name in names {
        let copy = try Data(contentsOf: resources.appendingPathComponent(name))
        let original = try Data(contentsOf: PackagePaths.recordings.appendingPathComponent(name))
        #expect(copy == original, "cp Recordings/\(name) Examples/Tests/CardDismissalTests/Recordings/")
    }
}

/// The DocC tutorial "Test your controller" ends on the port and its tests as Examples/
/// compiles and runs them (CI runs `swift test` there): its last steps' files must be the
/// same bytes, so the tutorial cannot show code that no longer builds.
@Test(arguments: [
    ("test-your-controller-PanInteractionController.swift", "Examples/Sources/CardDismissal/PanInteractionController.swift"),
    ("test-your-controller-PanInteractionControllerTests.swift", "Examples/Tests/CardDismissalTests/PanInteractionControllerTests.swift"),
])
func theTutorialsLastStepIsTheCompiledExample(resource: String, example: String) throws {
    let root = PackagePaths.packageRoot
    let shown = try Data(contentsOf: root.appendingPathComponent("Sources/TouchTape/TouchTape.docc/Resources/\(resource)"))
    let compiled = try Data(contentsOf: root.appendingPathComponent(example))
    #expect(shown == compiled, "cp \(example) Sources/TouchTape/TouchTape.docc/Resources/\(resource)")
    // And the tutorial does show it: its last step of the kind names the file.
    let tutorial = try String(contentsOf: root.appendingPathComponent("Sources/TouchTape/TouchTape.docc/Tutorials/TestYourController.tutorial"),
                              encoding: .utf8)
    #expect(tutorial.contains("file: \"\(resource)\""))
}
