// swift-tools-version: 6.1
// TouchTape: record real touch pan gestures on Linux and replay them into an
// interactive-dismissal controller. The targets below read as the pipeline:
//   events → frames → tracks → pan → dismissal → replay (transcript, checks, report)
// Only `CLibevdev`/`TouchTapeDevice` touch C; everything else is plain Swift.
import PackageDescription

let package = Package(
    name: "TouchTape",
    // The library builds for Apple platforms too (an iOS app's test target); the CLI and
    // its libevdev module are Linux-only and stay out of the library products.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "touchtape", targets: ["touchtape"]),
        // `import TouchTapeContract`: what an app target links to conform its shipping controller
        // (the protocol, `PanGesture`, `TransitionContext`, the declared rules). No dependency
        // beyond the standard library. Dynamic, meant so that an app and its test bundle share
        // one copy of its types; SwiftPM still links a second, static copy into a test binary
        // through `TouchTape` (docs/swift-api.md, "Known gap").
        .library(name: "TouchTapeContract", type: .dynamic, targets: ["TouchTapeContract"]),
        // `import TouchTape`: everything a test of an app's own controller needs; no libevdev.
        // Static rather than automatic, so `swift build --product TouchTape` builds exactly it.
        .library(name: "TouchTape", type: .static, targets: ["TouchTape"]),
        // Swift Testing / XCTest helpers on top of it.
        .library(name: "TouchTapeTesting", type: .static, targets: ["TouchTapeTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `record --stats`: the write-delay percentiles in constant memory.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // Property tests (Swift Testing); test targets only.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // The dismissal contract an app's controller conforms to; nothing below it.
        .target(name: "TouchTapeContract"),
        // Stage 0: the vocabulary every stage speaks (events, codes, device description).
        .target(name: "TouchTapeEvents", dependencies: ["TouchTapeContract"]),
        // Stage 1: evemu and libinput-record files ⇄ events + description.
        .target(name: "TouchTapeFormats", dependencies: [
            "TouchTapeEvents", .product(name: "Yams", package: "Yams"),
        ]),
        // Stage 2: events → frames (SYN_REPORT, MT slots / SYN_MT_REPORT / single touch) → contacts in mm.
        .target(name: "TouchTapeFrames", dependencies: ["TouchTapeEvents"]),
        // Stage 3: frames → one track per gesture.
        .target(name: "TouchTapeTracks", dependencies: ["TouchTapeEvents", "TouchTapeFrames"]),
        // Stage 4: frames → pan samples (slop, centroid, velocity).
        .target(name: "TouchTapePan", dependencies: ["TouchTapeEvents", "TouchTapeFrames"]),
        // Stage 5: pan samples → progress, decision, completion on a virtual clock.
        .target(name: "TouchTapeDismissal", dependencies: ["TouchTapeEvents", "TouchTapePan"]),
        // Stage 6: the whole pipeline per track → transcript → checks → report.
        .target(name: "TouchTapeReplay", dependencies: [
            "TouchTapeEvents", "TouchTapeFormats", "TouchTapeFrames", "TouchTapeTracks",
            "TouchTapePan", "TouchTapeDismissal",
            // `touchtape.yml` (ProjectConfiguration), read with the line of each setting.
            .product(name: "Yams", package: "Yams"),
        ]),
        // The public API: one import re-exporting the pipeline, recordings from a path or a
        // bundle, replays of an app's own controller, located failures. No libevdev.
        .target(name: "TouchTape", dependencies: [
            "TouchTapeEvents", "TouchTapeFormats", "TouchTapeFrames", "TouchTapeTracks",
            "TouchTapePan", "TouchTapeDismissal", "TouchTapeReplay",
        ]),
        // One-call test helpers for Swift Testing and XCTest.
        .target(name: "TouchTapeTesting", dependencies: ["TouchTape"]),
        // Gestures synthesised the way a kernel would report them (the bundled Recordings/,
        // tests, benchmarks); replaced by recorder output where the VM remakes them.
        .target(name: "TouchTapeSynthesis", dependencies: ["TouchTapeEvents"]),
        // tools/bench's synchronous harness (parse, replay, probes, sweep of one file in CPU
        // seconds; the live per-frame latency as a histogram). Its sources are in Benchmarks/,
        // where the speed and memory targets live; it is in this package because it measures
        // the pipeline's `package` API, which no other package can import.
        .executableTarget(name: "touchtape-bench-harness", dependencies: [
            "TouchTapeEvents", "TouchTapeFormats", "TouchTapeDismissal", "TouchTapeReplay",
            .product(name: "Histogram", package: "hdrhistogram-swift"),
        ], path: "Benchmarks/Harness"),
        .executableTarget(name: "touchtape-make-recordings", dependencies: [
            "TouchTapeSynthesis", "TouchTapeEvents", "TouchTapeFormats",
        ], path: "Sources/MakeRecordings"),
        // The only C: libevdev through pkg-config.
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .target(name: "TouchTapeDevice", dependencies: [
            "CLibevdev", "TouchTapeEvents", "TouchTapeFormats", "TouchTapeFrames", "TouchTapeTracks",
            .product(name: "Histogram", package: "hdrhistogram-swift"),
        ]),
        // `touchtape live`: the tuning session's model, keys, screen, JSON lines and paced
        // file source (pure), plus the one terminal type at its edge. No libevdev.
        .target(name: "TouchTapeLive", dependencies: [
            "TouchTapeEvents", "TouchTapeFormats", "TouchTapeFrames", "TouchTapeTracks",
            "TouchTapePan", "TouchTapeDismissal", "TouchTapeReplay", "TouchTapeDevice",
        ]),
        .executableTarget(name: "touchtape", dependencies: [
            "TouchTapeEvents", "TouchTapeFormats", "TouchTapeFrames", "TouchTapeTracks",
            "TouchTapePan", "TouchTapeDismissal", "TouchTapeReplay", "TouchTapeDevice", "TouchTapeLive",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        // Not Sources/touchtape: it differed from Sources/TouchTape only by case, so the
        // package could not be checked out on a case-insensitive file system (macOS).
        path: "Sources/TouchTapeCLI", plugins: ["BuildStampPlugin"]),
        // `touchtape --version`'s commit: written at build time from `.git` ("unknown" without it).
        .executableTarget(name: "touchtape-build-stamp", path: "Sources/BuildStamp"),
        .plugin(name: "BuildStampPlugin", capability: .buildTool(), dependencies: ["touchtape-build-stamp"]),

        // Fuzzing: the targets as a library (so the kept corpus runs as tests) and one
        // executable; `tools/fuzz` builds it with -D TOUCHTAPE_FUZZING -sanitize=fuzzer,address.
        .target(name: "TouchTapeFuzzing", dependencies: [
            "TouchTapeEvents", "TouchTapeFormats", "TouchTapeFrames", "TouchTapeTracks",
            "TouchTapePan", "TouchTapeDismissal", "TouchTapeReplay",
        ]),
        .executableTarget(name: "touchtape-fuzz", dependencies: ["TouchTapeFuzzing", "TouchTapeFormats"],
                          path: "Sources/TouchTapeFuzz"),
        .testTarget(name: "TouchTapeFuzzingTests", dependencies: ["TouchTapeFuzzing", "TouchTapeTestSupport"]),

        .testTarget(name: "TouchTapeEventsTests", dependencies: ["TouchTapeEvents", "TouchTapeSynthesis", "TouchTapeTestSupport"]),
        .testTarget(name: "TouchTapeFormatsTests", dependencies: ["TouchTapeFormats", "TouchTapeEvents", "TouchTapeTestSupport",
                    .product(name: "PropertyBased", package: "swift-property-based")]),
        // Hand-built event streams, device descriptions and package paths shared by the test targets.
        .target(name: "TouchTapeTestSupport", dependencies: ["TouchTapeEvents"], path: "Tests/TouchTapeTestSupport"),
        .testTarget(name: "TouchTapeFramesTests", dependencies: ["TouchTapeFrames", "TouchTapeEvents", "TouchTapeFormats", "TouchTapeTestSupport",
                    .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "TouchTapeTracksTests", dependencies: ["TouchTapeTracks", "TouchTapeFrames", "TouchTapeEvents", "TouchTapeFormats", "TouchTapeTestSupport",
                    .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "TouchTapePanTests", dependencies: ["TouchTapePan", "TouchTapeFrames", "TouchTapeEvents",
                    .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "TouchTapeDismissalTests", dependencies: ["TouchTapeDismissal", "TouchTapePan", "TouchTapeEvents",
                    .product(name: "PropertyBased", package: "swift-property-based")]),
        // Resources/junit.xsd is read by path (ReplayInCITests, with xmllint), not bundled.
        .testTarget(name: "TouchTapeReplayTests", dependencies: ["TouchTapeReplay", "TouchTapeDismissal", "TouchTapePan", "TouchTapeFormats", "TouchTapeEvents", "TouchTapeTracks", "TouchTapeFrames", "TouchTapeSynthesis", "TouchTapeTestSupport"],
                    exclude: ["Resources/junit.xsd", "Golden"]),
        // The API's own tests: a file that imports only `TouchTape` (or `TouchTapeTesting`) sees what
        // an app sees; one that also imports a pipeline module reaches its `package` names.
        .testTarget(name: "TouchTapeTests", dependencies: ["TouchTape", "TouchTapeTestSupport", "TouchTapeEvents", "TouchTapeFormats",
                    "TouchTapeFrames", "TouchTapeTracks", "TouchTapePan", "TouchTapeDismissal", "TouchTapeReplay"],
                    exclude: ["Golden"]),
        .testTarget(name: "TouchTapeTestingTests", dependencies: ["TouchTapeTesting", "TouchTape", "TouchTapeTestSupport",
                    "TouchTapeReplay"]),
        .testTarget(name: "TouchTapeSynthesisTests", dependencies: ["TouchTapeSynthesis", "TouchTapeEvents"]),
        .testTarget(name: "TouchTapeDeviceTests", dependencies: ["TouchTapeDevice", "TouchTapeEvents", "TouchTapeFormats", "TouchTapeFrames", "TouchTapeTracks",
                    .product(name: "Histogram", package: "hdrhistogram-swift")]),
        .testTarget(name: "TouchTapeLiveTests", dependencies: [
            "TouchTapeLive", "TouchTapeReplay", "TouchTapeDismissal", "TouchTapePan", "TouchTapeFormats", "TouchTapeEvents",
            "TouchTapeTracks", "TouchTapeFrames", "TouchTapeTestSupport",
        ]),
        // Runs the built `touchtape` binary as a user would.
        .testTarget(name: "TouchTapeEndToEndTests", dependencies: [
            "touchtape", "TouchTapeFormats", "TouchTapeEvents", "TouchTapeReplay", "TouchTapeTracks", "TouchTapeSynthesis",
            "TouchTapeTestSupport", .product(name: "Yams", package: "Yams"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// Documentation: `TOUCHTAPE_DOCS=1 swift package generate-documentation --target TouchTape`.
// The DocC plugin is only declared when asked for, so ordinary builds neither resolve nor
// fetch it (see README, "Test your own controller").
if Context.environment["TOUCHTAPE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}

// The fuzz build (`tools/fuzz`) passes -sanitize=fuzzer,address to every module, host tools
// included, and the build-stamp tool does not link with it (gold stops with an internal error
// while reporting the failure; every fuzz build printed it and went on). The fuzz binary needs
// no stamp, so that build leaves the plugin out and never builds the tool.
if Context.environment["TOUCHTAPE_FUZZ_BUILD"] != nil {
    for target in package.targets where target.name == "touchtape" { target.plugins = [] }
}
