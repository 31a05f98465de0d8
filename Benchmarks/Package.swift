// swift-tools-version:6.0
import PackageDescription

// The benchmark's own package, so that the product package stays dependency-free:
// a reference Hummingbird 2 server doing exactly the lookup work ours does
// (LabelCore), differing only in the HTTP stack.
let package = Package(
    name: "label-server-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(name: "label-server", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "HummingbirdPeer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "LabelCore", package: "label-server"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
