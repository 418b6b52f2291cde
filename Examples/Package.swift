// swift-tools-version: 6.1
// An app's own interactive dismissal under TouchTape: a card that follows the finger,
// rubber-bands when pulled beyond its resting edge, and decides by its own threshold and
// flick; its tests replay the project's real recordings (`../Recordings`).
// `tools/test` builds and tests it: `cd Examples && swift test`.
import PackageDescription

let package = Package(
    name: "TouchTapeExamples",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "TouchTape", path: ".."),
    ],
    targets: [
        // The app code: depends on nothing of TouchTape but the contract it implements.
        .target(name: "CardDismissal", dependencies: [.product(name: "TouchTape", package: "TouchTape")]),
        .testTarget(name: "CardDismissalTests", dependencies: [
            "CardDismissal",
            .product(name: "TouchTape", package: "TouchTape"),
            .product(name: "TouchTapeTesting", package: "TouchTape"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
