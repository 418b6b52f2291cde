// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "CardDismissal",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // Your clone of TouchTape (no release is tagged yet: follow a branch or a commit).
        .package(url: "https://git.example.com/you/touchtape.git", branch: "main"),
    ],
    targets: [
        // The app code: it links only the contract its controller conforms to.
        .target(name: "CardDismissal", dependencies: [
            .product(name: "TouchTapeContract", package: "touchtape"),
        ]),
        // The tests: the replay and its test helpers, and the recordings they replay,
        // copied into the test bundle as they are (Tests/CardDismissalTests/Recordings).
        .testTarget(name: "CardDismissalTests", dependencies: [
            "CardDismissal",
            .product(name: "TouchTape", package: "touchtape"),
            .product(name: "TouchTapeTesting", package: "touchtape"),
        ], resources: [.copy("Recordings")]),
    ],
    swiftLanguageModes: [.v6]
)
