// swift-tools-version: 6.1
// TouchTape's benchmarks (issue 13), a package of their own so that the main build, its
// tests and CI never compile ordo-one/benchmark and its dependencies. It depends on the
// root package by path. Run: `cd Benchmarks && swift package benchmark`.
// The benchmark sources live in `Benchmarks/<target>/`, as the benchmark plugin expects.
import PackageDescription

let package = Package(
    name: "TouchTapeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TouchTape", path: ".."),
        // Only the malloc interposer trait: the default `RuntimeInterposer` trait needs a
        // package the local mirror does not hold.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // tools/bench's synchronous harness (parse / replay one file, CPU seconds); no
        // dependency on the benchmark package, so it builds quickly and runs under callgrind.
        .executableTarget(
            name: "touchtape-bench-harness",
            dependencies: [.product(name: "TouchTape", package: "TouchTape")],
            path: "Tools/Harness"
        ),
        // Live: event read → would-be decision per frame, through the pipeline `touchtape live` runs.
        .executableTarget(
            name: "LiveFrame",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TouchTape", package: "TouchTape"),
            ],
            path: "Benchmarks/LiveFrame",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
