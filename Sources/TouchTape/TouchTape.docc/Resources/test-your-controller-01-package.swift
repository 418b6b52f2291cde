// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "CardDismissal",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/touchtape/touchtape", from: "0.1.0"),
    ],
    targets: [
        // The app code: it links only the contract its controller conforms to.
        .target(name: "CardDismissal", dependencies: [
            .product(name: "TouchTapeContract", package: "touchtape"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
