// swift-tools-version: 6.1
// An app's own interactive dismissal under TouchTape, laid out as an app and its test
// target would be: the app code (a card that follows the finger, rubber-bands when pulled
// beyond its resting edge, and decides by its own threshold and flick) links only the
// contract, `TouchTapeContract`; the tests link `TouchTape` and `TouchTapeTesting` and carry
// the recordings they replay as resources (`Tests/CardDismissalTests/Recordings`: four of the
// project's own, kept equal to `Recordings/` by a test there; in an app, your recordings).
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
        .target(name: "CardDismissal", dependencies: [.product(name: "TouchTapeContract", package: "TouchTape")]),
        .testTarget(name: "CardDismissalTests", dependencies: [
            "CardDismissal",
            .product(name: "TouchTape", package: "TouchTape"),
            .product(name: "TouchTapeTesting", package: "TouchTape"),
        ], resources: [.copy("Recordings")]),
    ],
    swiftLanguageModes: [.v6]
)
